#pragma once
// Receives results while a benchmark runs, so outputs can be written as each test finishes and a run
// that fails later keeps what it measured. Implemented by writers and progress printers; called by the
// runner on the thread that runs the benchmark. Default methods do nothing.
#include <array>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "result/run_result.h"
#include "result/test_id.h"

namespace bench {

inline constexpr std::chrono::milliseconds kProgressInterval{250};

// The tests of a group that are about to run at once (each of bonnie++'s tests alone; fio's workloads up to a
// stonewall), as progress names them.
struct GroupStart {
  std::vector<TestId> tests;  // each test's first part: a bonnie++ test's own, a workload's reads
  std::string text;           // bonnie++'s "Writing intelligently", or the workloads' names joined by ", "
  bool workloads = false;     // fio's workloads ("Running NAME...") rather than one of bonnie++'s tests
  std::size_t index = 0;      // the group's index in the plan's groups (Plan::groups)
};

// One job of the running group as fio's ETA line sees it (report/fio/fio_eta_line.h), in the plan's order (each
// test's jobs in turn): its requests completed so far and their bytes, per direction (read, write, trim).
struct JobProgress {
  std::array<std::uint64_t, 3> bytes{};
  std::array<std::uint64_t, 3> requests{};
  bool ended = false;   // its run has returned
  bool failed = false;  // ... with a failure (fio's 'X')
};

// The files a run is about to remove (its workloads' files at its end, bonnie++'s test file after its I/O tests):
// how many and the bytes they hold (their sizes, as stat(2) gives them). Removing large files can take seconds
// (a discard-mounted disk trims their blocks), so progress says so first (report/text/cleanup_line.h).
struct FilesToRemove {
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
};

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void run_started(const RunInfo& /*info*/) {}
  // Before the group's files are laid out; its results come as phase_finished, one per test part, once every job
  // of the group has ended.
  virtual void group_started(const RunInfo& /*info*/, const GroupStart& /*group*/) {}
  // After a group's jobs laid out their files, before they start, when they laid out any: `run_so_far` holds the
  // run's files laid out so far (RunResult::files_laid_out), the group's last.
  virtual void files_laid_out(const RunResult& /*run_so_far*/) {}
  // While a group runs, about every kProgressInterval, from another thread (never at the same time as the other
  // methods): operations started so far by all its jobs, of `total` (0: not known ahead, as for workloads).
  virtual void group_progress(const GroupStart& /*group*/, std::uint64_t /*done*/, std::uint64_t /*total*/,
                              std::chrono::nanoseconds /*elapsed*/) {}
  // With group_progress, each job's own (a workload group's: bonnie++'s tests count operations alone).
  virtual void jobs_progress(const GroupStart& /*group*/, const std::vector<JobProgress>& /*jobs*/,
                             std::chrono::nanoseconds /*elapsed*/) {}
  // fio's --status-interval: how often the observer wants the results so far while a group of workloads runs (0:
  // never). Read once, when the run starts.
  virtual std::chrono::milliseconds status_interval() const { return std::chrono::milliseconds(0); }
  // Every status_interval() since the run started, while a group of workloads runs, from the progress thread (never
  // at the same time as the other methods): the run so far, its finished groups' results and the running group's
  // as they stand (each running job's measurement so far: phases/job_snapshot.h).
  virtual void status(const RunResult& /*run_so_far*/) {}
  // `run_so_far` already holds `phase` as its last element.
  virtual void phase_finished(const RunResult& /*run_so_far*/, const PhaseResult& /*phase*/) {}
  virtual void run_finished(const RunResult& /*run*/) {}
  // Before the run removes files it made (never with none to remove); this rank's files.
  virtual void removing_files(const FilesToRemove& /*files*/) {}
  // A run that ends by an exception (a stop signal, a failure) keeps these files (unlink=0) all the same; called
  // before the exception goes on. A run that ends well names them otherwise (RunOutcome::kept_files).
  virtual void files_kept_after_failure(const std::vector<std::string>& /*files*/) {}
};

}  // namespace bench
