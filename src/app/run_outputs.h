#pragma once
// The one observer of a run (result/run_observer.h), for bonnie++'s tests and fio's workloads alike. Its outputs
// are the rows of app/output_table.h (the run's text, bonnie++'s CSV line, the result files, fio's formats), open
// in an OutputSet (app/output_set.h) and rendered from the results so far after each test, after each run and at
// the end. Besides them, what is not a rendering of results:
// - Progress on stderr unless -q: bonnie++'s "Writing intelligently...done" per test (redrawn live with a rate on
//   a terminal), "Running NAME, NAME...done" per group of workloads, on a terminal redrawn live as fio's ETA line
//   (app/fio_eta_progress.h), led for a suite by its place in the whole run ("cdm: step 3 of 40  7%  2:31 left":
//   report/text/progress_line.h), and "Removing 2 files, 1.0 GiB" before a long clean-up. None in fio's persona,
//   whose stderr carries only what fio writes there (errors, warnings): it writes fio's ETA line on stdout when
//   fio would (fio_writes_eta).
// - fio's log files after each run (app/fio_logs.h).
// - After a failure, the tests the failed run completed, where the run's text goes.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "app/fio_eta_progress.h"
#include "app/output_set.h"
#include "app/text_sink.h"
#include "cli/config.h"
#include "plan/plan.h"
#include "result/run_observer.h"

namespace bench {

class RunOutputs final : public RunObserver {
 public:
  // Opens what `config` asks for. Throws std::system_error when a destination cannot be written.
  RunOutputs(const Config& config, const Plan& plan);

  // fio's persona with the normal format: fio's header as the run starts, its "Laying out" lines as the files are
  // laid out (report/fio/fio_normal.h format_fio_normal_start), on fio's output at once, as fio writes them.
  void run_started(const RunInfo& info) override;
  void files_laid_out(const RunResult& run_so_far) override;
  void group_started(const RunInfo& info, const GroupStart& group) override;
  void group_progress(const GroupStart& group, std::uint64_t done, std::uint64_t total,
                      std::chrono::nanoseconds elapsed) override;
  void jobs_progress(const GroupStart& group, const std::vector<JobProgress>& jobs,
                     std::chrono::nanoseconds elapsed) override;
  // fio's --status-interval (FioOutputRequest::status_interval): the results so far in fio's formats asked, each a
  // whole document, where fio's formats go.
  std::chrono::milliseconds status_interval() const override { return config_.fio_output.status_interval; }
  void status(const RunResult& run_so_far) override;
  void phase_finished(const RunResult& run_so_far, const PhaseResult& phase) override;
  void run_finished(const RunResult& run) override;
  // "Removing 2 files, 1.0 GiB" on stderr where progress is said, for files that take long to remove
  // (report/text/cleanup_line.h).
  void removing_files(const FilesToRemove& files) override;

  // After the last run: the summary across repeats, the JSON document on stdout, the files unlink=0 kept (this
  // rank's: under MPI, a line says that the other ranks kept theirs).
  void finish(const std::vector<std::string>& kept_files);
  // "Kept (unlink=0): FILE" on stderr for each, as finish() says them (fio's persona: nothing, as fio).
  void files_kept_after_failure(const std::vector<std::string>& files) override;
  // After a failure: ends an unfinished progress line (so main's error message has a line of its own), then the
  // text of the tests the failed run completed (nothing if none; nothing in fio's persona).
  void report_partial_run() noexcept;

 private:
  ResultsSoFar results() const { return ResultsSoFar{runs_, finished_runs_, ended_, kept_files_}; }
  // "cdm: step 3 of 40  7%  2:31 left" at `now`.
  std::string suite_progress(std::chrono::steady_clock::time_point now) const;

  const Config& config_;
  TextSink stderr_sink_;
  OutputSet outputs_;
  bool says_progress_;                        // progress on stderr: not -q, not fio's persona
  bool live_progress_;                        // stderr is a terminal and says_progress_: redraw a test's line
  std::optional<std::string> open_progress_;  // a group's progress text on stderr without its "done"
  std::optional<FioEtaProgress> eta_;         // fio's ETA line: the persona's on stdout, or bench++ job's live one
  bool eta_on_stdout_ = false;                // the persona's (fio's place for it)
  // A suite's whole run on a terminal: each step's (group of each repeat) expected duration, when a clock decides
  // it (plan/plan_duration.h group_clock_durations); empty when not a suite or not drawn live.
  std::vector<std::optional<std::chrono::nanoseconds>> suite_steps_;
  std::size_t groups_per_run_ = 0;                       // the plan's groups, each a step of every repeat
  std::size_t suite_step_ = 0;                           // the running step's index
  std::chrono::steady_clock::time_point suite_started_;  // when its first step began
  std::chrono::steady_clock::time_point step_started_;
  std::optional<std::string> last_eta_line_;  // fio's ETA line last drawn for the running group, redrawn beside the
                                              // suite's progress between its own updates
  bool writes_fio_start_ = false;             // the persona's normal format: its start as the jobs start
  std::size_t fio_start_written_ = 0;         // how much of the run's start (format_fio_normal_start) is written
  std::vector<RunResult> runs_;               // the finished runs, then the run under way (once it has a test)
  std::size_t finished_runs_ = 0;
  bool ended_ = false;
  std::vector<std::string> kept_files_;
};

}  // namespace bench
