#pragma once
// The one observer of a run (result/run_observer.h), for bonnie++'s tests and fio's workloads alike: routes the
// results to the outputs a Config asks for, as they are made.
// - After each run its text (report/text/run_text.h): bonnie++'s table and the measured section for bonnie++'s
//   tests, the workload table for workloads, the ranks section under MPI, a suite's own table. On stdout, or on
//   stderr with -q, when --csv/--json take stdout, and with -x when the run has bonnie++'s tests (stdout then
//   carries a CSV header and one bonnie++ CSV line per run, as bonnie++ -x does).
// - bonnie++'s 50-field CSV line after each run with bonnie++'s tests, on stdout unless --csv/--json take it.
// - The result files (app/result_documents.h): the spreadsheet CSV, the JSON report and the HTML report, after
//   each test.
// - Progress on stderr unless -q: bonnie++'s "Writing intelligently...done" per test (redrawn live with a rate on
//   a terminal), "Running NAME, NAME...done" per group of workloads.
// - fio's output (--output-format, --output: app/fio_output.h); with normal, bench++'s table goes with it; when it
//   takes stdout without normal, the table goes to stderr.
// - At the end: the summary across repeats (a suite's table for cdm), and the files unlink=0 kept.
#include <optional>
#include <string>
#include <vector>

#include "app/fio_output.h"
#include "app/result_documents.h"
#include "app/text_sink.h"
#include "cli/config.h"
#include "plan/plan.h"
#include "result/run_observer.h"

namespace bench {

class RunOutputs final : public RunObserver {
 public:
  // Opens what `config` asks for. Throws std::system_error when a destination cannot be written.
  RunOutputs(const Config& config, const Plan& plan);

  void run_started(const RunInfo& info) override;
  void group_started(const RunInfo& info, const GroupStart& group) override;
  void group_progress(const GroupStart& group, std::uint64_t done, std::uint64_t total,
                      std::chrono::nanoseconds elapsed) override;
  void phase_finished(const RunResult& run_so_far, const PhaseResult& phase) override;
  void run_finished(const RunResult& run) override;

  // After the last run: the summary across repeats, the JSON document on stdout, the files unlink=0 kept (this
  // rank's: under MPI, a line says that the other ranks kept theirs).
  void finish(const std::vector<std::string>& kept_files);
  // "Kept (unlink=0): FILE" on stderr for each, as finish() says them.
  void files_kept_after_failure(const std::vector<std::string>& files) override;
  // After a failure: ends an unfinished progress line (so main's error message has a line of its own), then the
  // text of the tests the failed run completed (nothing if none).
  void report_partial_run() noexcept;

 private:
  void write_table(const std::string& text);  // to fio's output when it takes the table, else table_sink_

  const Config& config_;
  TextSink stdout_sink_;
  TextSink stderr_sink_;
  TextSink* table_sink_;
  TextSink* bonnie_csv_sink_;  // nullptr without bonnie++'s tests, or when machine-readable output owns stdout
  ResultDocuments documents_;
  std::optional<FioOutput> fio_;              // fio's run options asked for fio's output
  bool live_progress_;                        // stderr is a terminal and not -q: redraw a test's line
  bool bonnie_header_written_ = false;
  std::optional<std::string> open_progress_;  // a group's progress text on stderr without its "done"
  std::vector<RunResult> finished_runs_;
  std::optional<RunResult> current_run_;
};

}  // namespace bench
