#pragma once
// Receives results while a benchmark runs, so outputs can be written as each test finishes and a run
// that fails later keeps what it measured. Implemented by writers and progress printers; called by the
// runner on the thread that runs the benchmark. Default methods do nothing.
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

inline constexpr std::chrono::milliseconds kProgressInterval{250};

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void run_started(const RunInfo& /*info*/) {}
  virtual void phase_started(const RunInfo& /*info*/, PhaseId /*id*/) {}
  // bench++ job and suite: the workloads that are about to run at once (a stonewall group), before their files
  // are laid out; their results come as phase_finished, one per workload direction, when all have ended.
  virtual void workloads_started(const RunInfo& /*info*/, const std::vector<std::string>& /*names*/) {}
  // While a phase runs, about every kProgressInterval, from another thread (never at the same time as the
  // other methods): operations started so far by all workers, of `total`.
  virtual void phase_progress(PhaseId /*id*/, std::uint64_t /*done*/, std::uint64_t /*total*/,
                              std::chrono::nanoseconds /*elapsed*/) {}
  // `run_so_far` already holds `phase` as its last element.
  virtual void phase_finished(const RunResult& /*run_so_far*/, const PhaseResult& /*phase*/) {}
  virtual void run_finished(const RunResult& /*run*/) {}
};

}  // namespace bench
