#pragma once
// The result files of a run as its tests finish, for bench++'s own tests and for the workloads of bench++ job and
// suite alike: the spreadsheet CSV (--csv), a header and then one row per finished test, the JSON report
// (--json), the whole report of the runs so far, and the HTML report (--html, report/html/run_html.h), likewise.
// Each is a DocumentOutput (app/document_output.h): a file is replaced whole after each test, so it never holds
// less than a complete document, and a run that ends before its first test leaves an earlier file as it was; on
// standard output the CSV's rows come as they are made and the JSON comes once, at the end (--html takes a file).
#include <optional>
#include <string>
#include <vector>

#include "app/document_output.h"
#include "cli/config.h"
#include "result/run_result.h"

namespace bench {

class ResultDocuments {
 public:
  // Opens what `config` asks for (csv_path, json_path, html_path).
  // Throws std::system_error when a destination cannot be written.
  explicit ResultDocuments(const Config& config);

  // After each test: `finished_runs` are the runs before the current one, `run_so_far` the current one, its
  // last test `phase`.
  void phase_finished(const std::vector<RunResult>& finished_runs, const RunResult& run_so_far,
                      const PhaseResult& phase);
  // After the last run: the JSON report of every run.
  void finish(const std::vector<RunResult>& runs);

 private:
  std::optional<DocumentOutput> csv_;
  std::optional<DocumentOutput> json_;
  std::optional<DocumentOutput> html_;
  std::string csv_text_;  // the header and every row so far
};

}  // namespace bench
