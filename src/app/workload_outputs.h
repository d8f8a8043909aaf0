#pragma once
// Routes the results of `bench++ job` and `bench++ suite` to the outputs their Config asks for, as they are made:
// - the workload table (report/text/workload_table.h) after each run, on stdout, or on stderr with -q or when
//   --csv/--json take stdout, and under MPI the ranks section after it (report/text/rank_table.h); across
//   repeats, their summary at the end;
// - the spreadsheet CSV (--csv) with its workload columns, one row per workload direction as its group ends,
//   and the JSON report (--json), replaced after each row when it is a file, written at the end on stdout
//   (app/result_documents.h);
// - progress on stderr unless -q: "Running NAME, NAME...done" per group of workloads that run at once.
#include <optional>
#include <vector>

#include "app/result_documents.h"
#include "app/text_sink.h"
#include "cli/config.h"
#include "result/run_observer.h"

namespace bench {

class WorkloadOutputs final : public RunObserver {
 public:
  explicit WorkloadOutputs(const Config& config);

  void run_started(const RunInfo& info) override;
  void workloads_started(const RunInfo& info, const std::vector<std::string>& names) override;
  void phase_finished(const RunResult& run_so_far, const PhaseResult& phase) override;
  void run_finished(const RunResult& run) override;

  // After the last run: the summary across repeats, the JSON document on stdout, the files unlink=0 kept (this
  // rank's: under MPI, a line says that the other ranks kept theirs).
  void finish(const std::vector<std::string>& kept_files);
  // After a failure: ends an open progress line, then the table of what the failed run finished.
  void report_partial_run() noexcept;

 private:
  const Config& config_;
  TextSink stdout_sink_;
  TextSink stderr_sink_;
  TextSink* table_sink_;
  ResultDocuments documents_;
  bool progress_line_open_ = false;
  std::vector<RunResult> finished_runs_;
  std::optional<RunResult> current_run_;
};

}  // namespace bench
