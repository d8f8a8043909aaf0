#pragma once
// The one runner: carries out a plan (plan/plan.h), bonnie++'s tests and fio's workloads alike, `plan.repeats`
// times. What every test shares lives here once: the run's private directory and the workers' directories,
// the workloads' files (laid out before their group, removed at the end: phases/workload/workload_files.h), per-job
// contexts and measurements, the start barrier, wall and CPU timing, the CPU time other processes used over each
// run (run/other_cpu_watch.h), the progress ticker, interrupt checks, the ranks of an MPI job, and cleanup on every
// exit path.
//
// For each group of the plan: every job's prepare() in turn (untimed), an agreement of the ranks, then every job
// of every test of the group on a thread of its own (one job alone on this thread, so that its system calls take
// the kernel's single-thread paths, as bonnie++'s do), released together; the process's CPU time over the group;
// the results of each test's parts (run/test_results.h), combined over the ranks (run/rank_exchange.h) and
// handed to the observer.
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "plan/plan.h"
#include "result/run_observer.h"
#include "result/run_result.h"
#include "run/rank_group.h"

namespace bench {

struct RunOutcome {
  std::vector<RunResult> runs;          // one per repeat
  std::vector<std::string> kept_files;  // created by bench++ and kept because a workload said unlink=0
};

// Collective: every rank of `group` runs its own plan (plan/plan.h: the same shape on every rank, checked here)
// in lockstep, on files of its own. `directory`: -d, where the private directory goes. `base_info` holds where
// the run runs; the runner fills in its setup (plan.setup, what runs), run_index, started_utc, ranks and hosts.
// The results given to `observer` and returned are the whole's on rank 0, the rank's own elsewhere (pass those
// ranks an observer that writes nothing). Throws on the first failure after removing everything it created (but
// files kept by unlink=0): InterruptedError after a stop signal, std::system_error for I/O errors (ENOSPC, EIO),
// on every rank what the failing rank threw (RankGroup::agree). Where RunSetup::reports_stopped_run (fio's persona)
// a stop signal fio catches (run/interrupt.h reports_run_after) is no failure: the running jobs end as at their
// runtime's end, the others never start (listed without I/O), the run is reported with RunResult::stop_signal,
// no further repeat starts, and the files are what a run that ends leaves.
RunOutcome run_plan(Plan plan, const std::filesystem::path& directory, const RunInfo& base_info, RunObserver& observer,
                    const std::atomic<int>& interrupt, RankGroup& group);

// The same, alone.
RunOutcome run_plan(Plan plan, const std::filesystem::path& directory, const RunInfo& base_info, RunObserver& observer,
                    const std::atomic<int>& interrupt);

}  // namespace bench
