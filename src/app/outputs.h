#pragma once
// Routes results to the outputs a Config asks for, as they are made:
// - the bonnie++ table and 50-field CSV line after each run. The table goes to stdout, or to stderr with
//   -q, -x, or when --csv/--json take stdout; the CSV line goes to stdout unless --csv/--json take it;
// - the spreadsheet CSV (--csv), one row per test as it finishes, and the JSON document (--json), replaced
//   after each test when it is a file, written at the end on stdout (app/result_documents.h);
// - progress on stderr unless -q: a live line per test on a terminal, bonnie++'s "...done" lines elsewhere.
#include <memory>
#include <optional>
#include <vector>

#include "app/result_documents.h"
#include "app/text_sink.h"
#include "cli/config.h"
#include "result/run_observer.h"

namespace bench {

class OutputSet final : public RunObserver {
 public:
  explicit OutputSet(const Config& config);

  void run_started(const RunInfo& info) override;
  void phase_started(const RunInfo& info, PhaseId id) override;
  void phase_progress(PhaseId id, std::uint64_t done, std::uint64_t total, std::chrono::nanoseconds elapsed) override;
  void phase_finished(const RunResult& run_so_far, const PhaseResult& phase) override;
  void run_finished(const RunResult& run) override;

  // After the last run: the summary across repeats and the JSON document on stdout.
  void finish();
  // After a failure: ends an unfinished progress line (so main's error message has a line of its own),
  // then the human table of the tests the failed run completed (nothing if none).
  void report_partial_run() noexcept;

 private:
  const Config& config_;
  TextSink stdout_sink_;
  TextSink stderr_sink_;
  TextSink* table_sink_;
  TextSink* bonnie_csv_sink_;  // nullptr when machine-readable output owns stdout
  ResultDocuments documents_;
  bool live_progress_;  // stderr is a terminal and not -q: redraw one line per test
  bool bonnie_header_written_ = false;
  bool progress_line_open_ = false;  // a test's progress text is on stderr without its "done"
  std::vector<RunResult> finished_runs_;
  std::optional<RunResult> current_run_;
};

}  // namespace bench
