#include "app/outputs.h"

#include <unistd.h>

#include <fmt/format.h>

#include "report/bonnie/bonnie_csv.h"
#include "report/text/latency_table.h"
#include "report/text/progress_line.h"
#include "report/text/run_text.h"
#include "result/result_keywords.h"

namespace bench {
namespace {
constexpr const char* kClearToEnd = "\033[K";  // ANSI: erase to the end of the line

bool takes_stdout(const std::optional<std::string>& destination) { return destination && *destination == "-"; }

}  // namespace

OutputSet::OutputSet(const Config& config)
    : config_(config),
      stdout_sink_("-"),
      stderr_sink_(TextSink::standard_error()),
      documents_(config, /*workload_columns=*/false),
      live_progress_(!config.quiet && ::isatty(STDERR_FILENO) == 1) {
  const bool machine_stdout = takes_stdout(config.csv_path) || takes_stdout(config.json_path);
  table_sink_ = (config.quiet || config.repeats_given || machine_stdout) ? &stderr_sink_ : &stdout_sink_;
  bonnie_csv_sink_ = machine_stdout ? nullptr : &stdout_sink_;
}

void OutputSet::run_started(const RunInfo& info) { current_run_ = RunResult{info, {}}; }

void OutputSet::phase_started(const RunInfo& /*info*/, PhaseId id) {
  if (config_.quiet) return;
  // On a terminal the line is redrawn in place by phase_progress; elsewhere it is bonnie++'s "...done".
  stderr_sink_.write(std::string(phase_progress_text(id)) + (live_progress_ ? "" : "..."));
  progress_line_open_ = true;
}

void OutputSet::phase_progress(PhaseId id, std::uint64_t done, std::uint64_t total,
                               std::chrono::nanoseconds elapsed) {
  if (!live_progress_) return;
  const std::uint64_t bytes_per_operation = config_.setup.io ? config_.setup.io->chunk_bytes : 0;
  stderr_sink_.write("\r" + format_progress_line(id, done, total, elapsed, bytes_per_operation) + kClearToEnd);
}

void OutputSet::phase_finished(const RunResult& run_so_far, const PhaseResult& phase) {
  current_run_ = run_so_far;
  progress_line_open_ = false;
  if (live_progress_) {
    stderr_sink_.write("\r" + std::string(phase_progress_text(phase.id)) + "...done" + kClearToEnd + "\n");
  } else if (!config_.quiet) {
    stderr_sink_.write("done\n");
  }
  documents_.phase_finished(finished_runs_, run_so_far, phase);
}

void OutputSet::run_finished(const RunResult& run) {
  current_run_.reset();
  finished_runs_.push_back(run);
  table_sink_->write(format_run_text(run));
  if (bonnie_csv_sink_ != nullptr) {
    if (config_.repeats_given && !bonnie_header_written_) {
      bonnie_csv_sink_->write(bonnie_csv_header());
      bonnie_header_written_ = true;
    }
    bonnie_csv_sink_->write(format_bonnie_csv_line(run));
  }
}

void OutputSet::finish() {
  if (finished_runs_.size() > 1) table_sink_->write(format_repeat_summary(finished_runs_));
  documents_.finish(finished_runs_);
}

void OutputSet::report_partial_run() noexcept {
  try {
    if (progress_line_open_) stderr_sink_.write("\n");
    progress_line_open_ = false;
    if (current_run_ && !current_run_->phases.empty()) {
      table_sink_->write("Results of the tests completed before the failure:\n" + format_run_text(*current_run_));
    }
  } catch (...) {
    // Reporting is best effort here: the original failure is what main reports.
  }
}

}  // namespace bench
