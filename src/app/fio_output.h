#pragma once
// fio's output of a `bench++ job` or `bench++ suite` run (--output-format, --output, --minimal: cli/config.h's
// FioOutputRequest), in fio's order: after each run the terse lines of its jobs, then (normal) bench++'s table and
// fio's per-job summary lines; after the last run the JSON document (json or json+, one for all runs). Written to
// --output FILE (replaced whole as it grows, app/document_output.h) or standard output (as it comes).
#include <optional>
#include <string>
#include <vector>

#include "app/document_output.h"
#include "cli/config.h"
#include "result/run_result.h"
#include "result/run_setup.h"

namespace bench {

class FioOutput {
 public:
  // Throws std::system_error when --output's file cannot be written.
  explicit FioOutput(const FioOutputRequest& request);

  // Whether bench++'s table goes here (normal), rather than to the caller's sink.
  bool takes_table() const { return request_.normal; }
  // After each run: `table` is bench++'s text of it, written here with takes_table() (else ignored).
  void run_finished(const RunResult& run, const std::string& table);
  // Text after the runs (the summary across repeats) with takes_table().
  void add_table_text(const std::string& text);
  // After the last run.
  void finish(const std::vector<RunResult>& runs);

 private:
  void append(const std::string& text);

  FioOutputRequest request_;
  DocumentOutput output_;
  std::string text_;  // everything written so far
};

// Before any work (a run and --dry-run alike, rank 0, which writes them): every log file `setup`'s workloads ask
// for (result/fio_log_names.h) can go where its name says, probed as app/document_output.h probes a result file (a
// temporary made beside it and removed), so that nothing is found unwritable after the run. A regular file of that
// name is replaced after the run, as fio replaces it (a symbolic link to one: its target), and left untouched until
// then; refused: a missing or unwritable directory, a name taken by anything but a regular file, a dangling symbolic
// link. Throws UsageError naming the option, the workload and the log.
void check_fio_logs(const RunSetup& setup);

// fio's log files of a run's workloads that ask for them (report/fio/fio_log.h), each replaced whole, in the current
// directory as fio writes them. Throws std::system_error when one cannot be written.
void write_fio_logs(const RunResult& run);

}  // namespace bench
