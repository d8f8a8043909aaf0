#pragma once
// fio's ETA line while a run's workloads run (report/fio/fio_eta_line.h formats it): the plan's workload jobs, each
// group's as it starts, runs (JobProgress from the runner's ticker) and ends, the later groups' waiting behind their
// stonewall, and the run's start (fio's genesis). app/run_outputs writes what it says: fio's persona on standard
// output as fio, `bench++ job` redrawn on a terminal's standard error.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cli/config.h"
#include "plan/plan.h"
#include "report/fio/fio_eta_line.h"
#include "result/run_observer.h"

namespace bench {

// Whether fio 3.33 writes its ETA line for `request` (eta.c calc_thread_status): not with --eta=never, not when
// standard output carries a format other than normal (json, terse: the line would break it), and with --eta=auto
// only when standard output is a terminal.
bool fio_writes_eta(const FioOutputRequest& request, bool stdout_is_terminal);

class FioEtaProgress {
 public:
  using Clock = std::chrono::steady_clock;
  // `started`: when the run began (fio's genesis: its first ETA comes 3 s after it).
  FioEtaProgress(const Plan& plan, std::chrono::milliseconds interval, std::chrono::milliseconds newline_every,
                 Clock::time_point started);

  // A repeat (-x) of the run starts `now`: every job waits to start again, and the line starts afresh (its rates
  // count from this run's start, its first line comes as fio's does after a run's genesis).
  void run_started(Clock::time_point now);
  // The group `index` (Plan::groups) starts: the groups before it have ended.
  void group_started(std::size_t index);
  // The text to write for the group `index`'s `jobs` `elapsed` after its jobs began, `now`; nullopt: nothing yet.
  std::optional<std::string> update(std::size_t index, const std::vector<JobProgress>& jobs,
                                    std::chrono::nanoseconds elapsed, Clock::time_point now);

 private:
  std::vector<std::vector<FioEtaJob>> groups_;  // each plan group's workload jobs, in the plan's order
  std::vector<std::vector<FioEtaJob>> waiting_;  // ... as they wait to start (a repeat's start)
  std::chrono::milliseconds interval_;
  std::chrono::milliseconds newline_every_;
  FioEtaDisplay display_;
  Clock::time_point started_;
};

}  // namespace bench
