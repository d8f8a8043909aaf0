#include "run/rank_steps.h"

#include <cstring>
#include <span>
#include <vector>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "result/errors.h"

namespace bench {

std::exception_ptr interruption(const std::atomic<int>& interrupt) {
  const int signal_number = interrupt.load();
  return signal_number != 0 ? std::make_exception_ptr(InterruptedError(signal_number)) : nullptr;
}

void agree_after_step(RankGroup& group, std::exception_ptr failure, const std::atomic<int>& interrupt,
                      const std::function<void()>& remove_own_files) {
  if (std::exception_ptr stop = interruption(interrupt)) {
    if (!failure) failure = std::move(stop);
    remove_own_files();
  }
  group.agree(std::move(failure));
}

std::uint64_t rank_zero_word(RankGroup& group, std::uint64_t mine) {
  std::string bytes(sizeof mine, '\0');
  std::memcpy(bytes.data(), &mine, sizeof mine);
  const std::string received = group.broadcast_text(bytes);
  group.agree(guarded([&] {
    if (received.size() != sizeof mine) {
      throw std::runtime_error(fmt::format("rank 0 sent {} bytes for a number", received.size()));
    }
  }));
  std::uint64_t word = 0;
  std::memcpy(&word, received.data(), sizeof word);
  return word;
}

std::uint32_t rank_zero_seed(RankGroup& group, std::uint32_t mine) {
  return static_cast<std::uint32_t>(rank_zero_word(group, mine));
}

std::optional<std::string> agree_io_uring_refusal(RankGroup& group, const std::optional<std::string>& mine) {
  if (group.size() == 1) return mine;
  const std::uint64_t refuses = mine ? 1 : 0;
  const std::vector<std::uint64_t> refusals = group.gather_words(std::span(&refuses, 1));
  std::string reason;  // on rank 0; empty: every rank can run io_uring
  for (std::uint32_t r = 0; r < refusals.size() && reason.empty(); ++r) {
    if (refusals[r] == 0) continue;
    reason = r == 0 && !mine->empty() ? *mine : fmt::format("not allowed on rank {} ({})", r, group.host_names().at(r));
  }
  std::string agreed = group.broadcast_text(reason);
  if (agreed.empty()) return std::nullopt;
  return agreed;
}

void check_same_shape(RankGroup& group, const std::string& shape) {
  const std::string rank_0s = group.broadcast_text(shape);
  if (shape != rank_0s) {
    throw UsageError(fmt::format("the tests differ from rank 0's (its command line or job files): '{}' here, "
                                 "'{}' on rank 0",
                                 shape, rank_0s));
  }
}

}  // namespace bench
