#pragma once
// The busy-machine figure of a run (RunInfo::other_cpu_percent): /proc/stat and bench++'s own CPU time (its ended
// job processes' included: measure/stopwatch.h) when the run starts and when it ends; the share is
// platform/cpu_load.h's. Under MPI there is no figure: the other ranks on a host would count as others.
#include <chrono>
#include <cstdint>
#include <optional>

#include "platform/cpu_load.h"

namespace bench {

class OtherCpuWatch {
 public:
  // Starts watching now; `ranks`: the run's processes (no figure above 1).
  explicit OtherCpuWatch(std::uint32_t ranks);
  // The percent of all CPUs' time others used since the start; nullopt when it cannot be told (platform/cpu_load.h)
  // or read (neither this nor the constructor ever fails the run).
  std::optional<std::uint64_t> finish() const noexcept;

 private:
  std::optional<CpuTicks> before_;
  std::chrono::nanoseconds own_before_{0};
};

}  // namespace bench
