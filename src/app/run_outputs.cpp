#include "app/run_outputs.h"

#include <unistd.h>


#include <fmt/format.h>

#include "app/fio_logs.h"
#include "report/text/progress_line.h"
#include "report/text/run_text.h"

namespace bench {
namespace {
constexpr const char* kClearToEnd = "\033[K";  // ANSI: erase to the end of the line

}  // namespace

RunOutputs::RunOutputs(const Config& config, const Plan& plan)
    : config_(config),
      stderr_sink_(TextSink::standard_error()),
      outputs_(config, plan.has_bonnie_tests()),
      says_progress_(!config.quiet && config.persona == Persona::kBench),
      live_progress_(says_progress_ && ::isatty(STDERR_FILENO) == 1) {}

void RunOutputs::group_started(const RunInfo& /*info*/, const GroupStart& group) {
  if (!says_progress_) return;
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

void RunOutputs::phase_finished(const RunResult& run_so_far, const PhaseResult& /*phase*/) {
  if (open_progress_) {
    if (open_progress_->empty()) {
      stderr_sink_.write("done\n");
    } else {
      stderr_sink_.write("\r" + *open_progress_ + "...done" + kClearToEnd + "\n");
    }
    open_progress_.reset();
  }
  runs_.resize(finished_runs_);
  runs_.push_back(run_so_far);
  outputs_.render(OutputWhen::kEachTest, results());
}

void RunOutputs::run_finished(const RunResult& run) {
  runs_.resize(finished_runs_);
  runs_.push_back(run);
  ++finished_runs_;
  write_fio_logs(run);
  outputs_.render(OutputWhen::kEachRun, results());
}

void RunOutputs::finish(const std::vector<std::string>& kept_files) {
  runs_.resize(finished_runs_);
  ended_ = true;
  kept_files_ = kept_files;
  outputs_.render(OutputWhen::kEnd, results());
}

void RunOutputs::files_kept_after_failure(const std::vector<std::string>& files) {
  if (open_progress_) stderr_sink_.write("\n");
  open_progress_.reset();
  if (config_.persona == Persona::kFio) return;  // fio keeps its files without a word
  for (const std::string& file : files) stderr_sink_.write(fmt::format("Kept (unlink=0): {}\n", file));
}

void RunOutputs::report_partial_run() noexcept {
  try {
    if (open_progress_) stderr_sink_.write("\n");
    open_progress_.reset();
    const bool bench_text = config_.persona == Persona::kBench;  // fio's persona writes fio's outputs alone
    if (bench_text && runs_.size() > finished_runs_ && !runs_.back().phases.empty()) {
      outputs_.text_stream().write("Results of the tests completed before the failure:\n" +
                                   format_result_text(runs_.back()));
    }
  } catch (...) {
    // Reporting is best effort here: the original failure is what main reports.
  }
}

}  // namespace bench
