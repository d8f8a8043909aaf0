#include "run/other_cpu_watch.h"

#include <exception>

#include "measure/stopwatch.h"

namespace bench {

// What cannot be read gives no figure; it never fails the run.
OtherCpuWatch::OtherCpuWatch(std::uint32_t ranks) {
  if (ranks != 1) return;
  try {
    own_before_ = process_cpu_time();
    before_ = read_proc_stat();
  } catch (const std::exception&) {
    before_.reset();
  }
}

std::optional<std::uint64_t> OtherCpuWatch::finish() const noexcept {
  if (!before_) return std::nullopt;
  try {
    const std::optional<CpuTicks> after = read_proc_stat();
    if (!after) return std::nullopt;
    return other_cpu_percent(*before_, *after, process_cpu_time() - own_before_, clock_ticks_per_second());
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace bench
