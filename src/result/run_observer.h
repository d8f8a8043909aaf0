#pragma once
// Receives results while a benchmark runs, so outputs can be written as each test finishes and a run
// that fails later keeps what it measured. Implemented by writers and progress printers; called by the
// runner on the thread that runs the benchmark. Default methods do nothing.
#include "result/run_result.h"

namespace bench {

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void run_started(const RunInfo& /*info*/) {}
  virtual void phase_started(const RunInfo& /*info*/, PhaseId /*id*/) {}
  // `run_so_far` already holds `phase` as its last element.
  virtual void phase_finished(const RunResult& /*run_so_far*/, const PhaseResult& /*phase*/) {}
  virtual void run_finished(const RunResult& /*run*/) {}
};

}  // namespace bench
