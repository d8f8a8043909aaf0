#include "app/run_outputs.h"

#include <unistd.h>

#include <algorithm>

#include <fmt/format.h>

#include "report/bonnie/bonnie_csv.h"
#include "report/text/progress_line.h"
#include "report/text/run_text.h"
#include "report/text/suite_tables.h"

namespace bench {
namespace {
constexpr const char* kClearToEnd = "\033[K";  // ANSI: erase to the end of the line

bool takes_stdout(const std::optional<std::string>& destination) { return destination && *destination == "-"; }

bool has_bonnie_tests(const Plan& plan) {
  return std::any_of(plan.groups.begin(), plan.groups.end(), [](const std::vector<PlannedTest>& group) {
    return std::any_of(group.begin(), group.end(), [](const PlannedTest& t) { return t.phase != PhaseId::kWorkload; });
  });
}

}  // namespace

RunOutputs::RunOutputs(const Config& config, const Plan& plan)
    : config_(config),
      stdout_sink_("-"),
      stderr_sink_(TextSink::standard_error()),
      documents_(config),
      live_progress_(!config.quiet && ::isatty(STDERR_FILENO) == 1) {
  if (config.fio_output.any()) fio_.emplace(config.fio_output);
  const bool fio_stdout = fio_ && !config.fio_output.output_path;
  const bool machine_stdout = takes_stdout(config.csv_path) || takes_stdout(config.json_path) || fio_stdout;
  const bool bonnie = has_bonnie_tests(plan);
  const bool csv_lines_on_stdout = bonnie && config.repeats_given;
  table_sink_ = (config.quiet || csv_lines_on_stdout || machine_stdout) ? &stderr_sink_ : &stdout_sink_;
  bonnie_csv_sink_ = bonnie && !machine_stdout ? &stdout_sink_ : nullptr;
}

void RunOutputs::run_started(const RunInfo& info) { current_run_ = RunResult{info, {}, {}}; }

void RunOutputs::group_started(const RunInfo& /*info*/, const GroupStart& group) {
  if (config_.quiet) return;
  if (open_progress_) stderr_sink_.write("done\n");
  const std::string text = group.workloads ? "Running " + group.text : group.text;
  // On a terminal a bonnie++ test's line is redrawn in place by group_progress; elsewhere it is "...done".
  const bool redrawn = live_progress_ && !group.workloads;
  stderr_sink_.write(text + (redrawn ? "" : "..."));
  open_progress_ = redrawn ? text : "";
}

void RunOutputs::group_progress(const GroupStart& group, std::uint64_t done, std::uint64_t total,
                                std::chrono::nanoseconds elapsed) {
  if (!live_progress_ || group.workloads || total == 0 || group.tests.empty()) return;
  const std::uint64_t bytes_per_operation = config_.setup.io ? config_.setup.io->chunk_bytes : 0;
  stderr_sink_.write("\r" + format_progress_line(group.tests.front().phase, done, total, elapsed, bytes_per_operation) +
                     kClearToEnd);
}

void RunOutputs::phase_finished(const RunResult& run_so_far, const PhaseResult& phase) {
  current_run_ = run_so_far;
  if (open_progress_) {
    if (open_progress_->empty()) {
      stderr_sink_.write("done\n");
    } else {
      stderr_sink_.write("\r" + *open_progress_ + "...done" + kClearToEnd + "\n");
    }
    open_progress_.reset();
  }
  documents_.phase_finished(finished_runs_, run_so_far, phase);
}

void RunOutputs::run_finished(const RunResult& run) {
  current_run_.reset();
  finished_runs_.push_back(run);
  const bool workloads = !run.info.setup.workloads.empty();
  const std::string repeat =
      workloads && config_.repeats > 1 ? fmt::format("Run {} of {}\n", run.info.run_index + 1, config_.repeats) : "";
  write_fio_logs(run);
  const std::string table = repeat + format_result_text(run);
  if (fio_) fio_->run_finished(run, config_.quiet ? "" : table);
  if (!fio_ || !fio_->takes_table() || config_.quiet) table_sink_->write(table);
  if (bonnie_csv_sink_ != nullptr) {
    if (config_.repeats_given && !bonnie_header_written_) {
      bonnie_csv_sink_->write(bonnie_csv_header());
      bonnie_header_written_ = true;
    }
    bonnie_csv_sink_->write(format_bonnie_csv_line(run));
  }
}

void RunOutputs::write_table(const std::string& text) {
  if (fio_ && fio_->takes_table() && !config_.quiet) {
    fio_->add_table_text(text);
  } else {
    table_sink_->write(text);
  }
}

void RunOutputs::finish(const std::vector<std::string>& kept_files) {
  write_table(format_repeat_summaries(finished_runs_));
  for (const std::string& file : kept_files) write_table(fmt::format("Kept (unlink=0): {}\n", file));
  const std::uint32_t ranks = finished_runs_.empty() ? 1 : finished_runs_.front().info.ranks;
  if (!kept_files.empty() && ranks > 1) {
    const std::string others = ranks == 2 ? "rank 1" : fmt::format("ranks 1 to {}", ranks - 1);
    write_table(fmt::format("Kept (unlink=0) by {} as well: theirs, in their own bench++-job.rank-R.* "
                                   "directories\n",
                                   others));
  }
  documents_.finish(finished_runs_);
  if (fio_) fio_->finish(finished_runs_);
}

void RunOutputs::files_kept_after_failure(const std::vector<std::string>& files) {
  if (open_progress_) stderr_sink_.write("\n");
  open_progress_.reset();
  for (const std::string& file : files) stderr_sink_.write(fmt::format("Kept (unlink=0): {}\n", file));
}

void RunOutputs::report_partial_run() noexcept {
  try {
    if (open_progress_) stderr_sink_.write("\n");
    open_progress_.reset();
    if (current_run_ && !current_run_->phases.empty()) {
      table_sink_->write("Results of the tests completed before the failure:\n" + format_result_text(*current_run_));
    }
  } catch (...) {
    // Reporting is best effort here: the original failure is what main reports.
  }
}

}  // namespace bench
