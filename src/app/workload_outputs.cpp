#include "app/workload_outputs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/text/placement_line.h"
#include "report/text/rank_table.h"
#include "report/text/suite_tables.h"
#include "report/text/workload_table.h"

namespace bench {
namespace {
bool takes_stdout(const std::optional<std::string>& destination) { return destination && *destination == "-"; }
}  // namespace

WorkloadOutputs::WorkloadOutputs(const Config& config)
    : config_(config),
      stdout_sink_("-"),
      stderr_sink_(TextSink::standard_error()),
      documents_(config, /*workload_columns=*/true) {
  const bool machine_stdout = takes_stdout(config.csv_path) || takes_stdout(config.json_path);
  table_sink_ = (config.quiet || machine_stdout) ? &stderr_sink_ : &stdout_sink_;
}

void WorkloadOutputs::run_started(const RunInfo& info) { current_run_ = RunResult{info, {}}; }

void WorkloadOutputs::workloads_started(const RunInfo& /*info*/, const std::vector<std::string>& names) {
  if (config_.quiet) return;
  if (progress_line_open_) stderr_sink_.write("done\n");
  stderr_sink_.write(fmt::format("Running {}...", fmt::join(names, ", ")));
  progress_line_open_ = true;
}

void WorkloadOutputs::phase_finished(const RunResult& run_so_far, const PhaseResult& phase) {
  current_run_ = run_so_far;
  if (progress_line_open_) {
    stderr_sink_.write("done\n");
    progress_line_open_ = false;
  }
  documents_.phase_finished(finished_runs_, run_so_far, phase);
}

void WorkloadOutputs::run_finished(const RunResult& run) {
  current_run_.reset();
  finished_runs_.push_back(run);
  const std::string repeat = config_.repeats > 1 ? fmt::format("Run {} of {}\n", run.info.run_index + 1, config_.repeats) : "";
  const std::string tart = run.info.setup.suite == "tart" ? format_suite_table({{run.info.label, {&run}}}) : "";
  table_sink_->write(repeat + format_placement_line(run.info) + format_workload_table(run) + format_rank_table(run) +
                     tart);
}

void WorkloadOutputs::finish(const std::vector<std::string>& kept_files) {
  if (!finished_runs_.empty() && finished_runs_.front().info.setup.suite == "cdm") {
    Executor all{finished_runs_.front().info.label, {}};
    for (const RunResult& run : finished_runs_) all.runs.push_back(&run);
    table_sink_->write(format_suite_table({all}));
  } else {
    table_sink_->write(format_workload_repeat_summary(finished_runs_));
  }
  for (const std::string& file : kept_files) {
    table_sink_->write(fmt::format("Kept (unlink=0): {}\n", file));
  }
  const std::uint32_t ranks = finished_runs_.empty() ? 1 : finished_runs_.front().info.ranks;
  if (!kept_files.empty() && ranks > 1) {
    const std::string others = ranks == 2 ? "rank 1" : fmt::format("ranks 1 to {}", ranks - 1);
    table_sink_->write(fmt::format("Kept (unlink=0) by {} as well: theirs, in their own bench++-job.rank-R.* "
                                   "directories\n",
                                   others));
  }
  documents_.finish(finished_runs_);
}

void WorkloadOutputs::report_partial_run() noexcept {
  try {
    if (progress_line_open_) stderr_sink_.write("\n");
    progress_line_open_ = false;
    if (current_run_ && !current_run_->phases.empty()) {
      table_sink_->write("Results of the workloads completed before the failure:\n" +
                         format_placement_line(current_run_->info) + format_workload_table(*current_run_) +
                         format_rank_table(*current_run_));
    }
  } catch (...) {
    // Best effort: the original failure is what main reports.
  }
}

}  // namespace bench
