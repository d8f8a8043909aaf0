#pragma once
// The start line of a group's jobs (run/runner.h): a barrier they all meet before their measured work, whose
// completion reads the process's CPU time as they are released, and each job's place at it.
#include <barrier>
#include <chrono>
#include <exception>
#include <string>

#include "measure/stopwatch.h"
#include "phases/phase.h"
#include "run/rank_steps.h"

namespace bench {

// The group's start line: the barrier's completion reads the process's CPU time as the jobs are released.
struct StartCompletion {
  std::chrono::nanoseconds* cpu_start;
  std::exception_ptr* failure;
  CpuBreakdown* usage_start;  // the same apart (fio's output)
  void operator()() noexcept {
    *failure = guarded([&] {
      *cpu_start = process_cpu_time();
      *usage_start = process_usage();
    });
  }
};
using StartBarrier = std::barrier<StartCompletion>;

// One job's place at the start line: whether it arrived, so that a job that failed before can be taken off.
class StartGate final : public JobStart {
 public:
  explicit StartGate(StartBarrier& barrier) : barrier_(barrier) {}
  void arrive_and_wait() override {
    arrived_ = true;
    barrier_.arrive_and_wait();
  }
  // After the job's run(): a job that never arrived leaves the barrier, so the others do not wait for it.
  void leave_if_absent() {
    if (!arrived_) barrier_.arrive_and_drop();
    arrived_ = true;
  }

 private:
  StartBarrier& barrier_;
  bool arrived_ = false;
};

// What a thread that could not start threw (std::system_error: EAGAIN under ulimit -u, or ulimit -v for its stack),
// said as "cannot start WHAT (under the process limit (ulimit -u) of 40 processes and threads): Resource temporarily
// unavailable". Called in a catch block: anything else is passed on as it is.
std::exception_ptr named_start_failure(const std::string& what);

}  // namespace bench
