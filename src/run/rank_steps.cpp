#include "run/rank_steps.h"

#include <charconv>
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

std::uint32_t rank_zero_seed(RankGroup& group, std::uint32_t mine) {
  const std::string text = group.broadcast_text(std::to_string(mine));
  std::uint32_t seed = 0;
  group.agree(guarded([&] {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (error != std::errc() || end != text.data() + text.size()) {
      throw std::runtime_error(fmt::format("rank 0 sent '{}' for the seed", text));
    }
  }));
  return seed;
}

}  // namespace bench
