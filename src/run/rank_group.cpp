#include "run/rank_group.h"

#include <fmt/format.h>

#include "platform/system_info.h"
#include "result/errors.h"

namespace bench {

std::optional<std::string> mpi_launcher_variable(const std::function<const char*(const char*)>& environment) {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK"}) {
    if (const char* value = environment(name); value != nullptr) return fmt::format("{}={}", name, value);
  }
  return std::nullopt;
}

SingleProcessGroup::SingleProcessGroup() : host_names_{host_name()} {}

void SingleProcessGroup::agree(std::exception_ptr local_failure) {
  if (local_failure) std::rethrow_exception(local_failure);
}

std::vector<std::uint64_t> SingleProcessGroup::gather_words(std::span<const std::uint64_t> words) {
  return {words.begin(), words.end()};
}

std::vector<std::uint64_t> SingleProcessGroup::reduce_words(std::span<const std::uint64_t> words,
                                                            ReduceOp /*op*/) {
  return {words.begin(), words.end()};
}

RankFailure describe_failure(const std::exception_ptr& failure) {
  RankFailure described;
  try {
    std::rethrow_exception(failure);
  } catch (const InterruptedError& error) {
    described.kind = RankFailure::Kind::kInterrupted;
    described.signal_number = error.signal_number();
    described.message = error.what();
  } catch (const UsageError& error) {
    described.kind = RankFailure::Kind::kUsage;
    described.message = error.what();
  } catch (const std::exception& error) {
    described.message = error.what();
  } catch (...) {
    described.message = "unknown error";
  }
  return described;
}

std::exception_ptr rank_failure_error(const RankFailure& failure, std::uint32_t rank, const std::string& host) {
  const std::string message = fmt::format("rank {} ({}): {}", rank, host, failure.message);
  switch (failure.kind) {
    case RankFailure::Kind::kInterrupted:
      return std::make_exception_ptr(InterruptedError(failure.signal_number));
    case RankFailure::Kind::kUsage:
      return std::make_exception_ptr(UsageError(message));
    case RankFailure::Kind::kRuntime:
      break;
  }
  return std::make_exception_ptr(std::runtime_error(message));
}

}  // namespace bench
