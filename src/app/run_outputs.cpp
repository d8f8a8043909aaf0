#include "app/run_outputs.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/fio_logs.h"
#include "plan/plan_duration.h"
#include "report/fio/fio_normal.h"
#include "report/text/cleanup_line.h"
#include "report/text/progress_line.h"
#include "report/text/run_text.h"

namespace bench {
namespace {
constexpr const char* kClearToEnd = "\033[K";  // ANSI: erase to the end of the line

// The columns of the terminal on stderr; 0 when not known.
std::size_t terminal_columns() {
  winsize size{};
  return ::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

}  // namespace

RunOutputs::RunOutputs(const Config& config, const Plan& plan)
    : config_(config),
      stderr_sink_(TextSink::standard_error()),
      outputs_(config, plan.has_bonnie_tests()),
      says_progress_(!config.quiet && config.persona == Persona::kBench),
      live_progress_(says_progress_ && ::isatty(STDERR_FILENO) == 1),
      writes_fio_start_(config.persona == Persona::kFio && config.fio_output.has("normal")) {
  const FioOutputRequest& fio = config.fio_output;
  const auto now = FioEtaProgress::Clock::now();
  if (config.persona == Persona::kFio && !config.fio_output_notes.empty()) {
    std::string notes;
    for (const std::string& line : config.fio_output_notes) notes += line + '\n';
    outputs_.write_fio_start(notes);  // read before the jobs start: first on fio's output
  }
  if (config.persona == Persona::kFio) {
    eta_on_stdout_ = fio_writes_eta(fio, ::isatty(STDOUT_FILENO) == 1);
    if (eta_on_stdout_) eta_.emplace(plan, fio.eta_interval, fio.eta_newline, now);
  } else if (live_progress_) {
    eta_.emplace(plan, fio.eta_interval, std::chrono::milliseconds(0), now);
    if (!config.setup.suite.empty()) {
      const std::vector<std::optional<std::chrono::nanoseconds>> groups = group_clock_durations(plan);
      groups_per_run_ = groups.size();
      for (std::uint32_t run = 0; run < plan.repeats; ++run) suite_steps_.insert(suite_steps_.end(), groups.begin(), groups.end());
    }
  }
}

void RunOutputs::run_started(const RunInfo& info) {
  if (eta_ && info.run_index > 0) eta_->run_started(FioEtaProgress::Clock::now());  // a repeat: its jobs start anew
  fio_start_written_ = 0;
  RunResult started;
  started.info = info;
  files_laid_out(started);
}

void RunOutputs::files_laid_out(const RunResult& run_so_far) {
  if (!writes_fio_start_) return;
  const std::string start = format_fio_normal_start(run_so_far);
  if (start.size() <= fio_start_written_) return;
  outputs_.write_fio_start(std::string_view(start).substr(fio_start_written_));
  fio_start_written_ = start.size();
}

void RunOutputs::group_started(const RunInfo& info, const GroupStart& group) {
  if (eta_ && group.workloads) eta_->group_started(group.index);
  if (!suite_steps_.empty()) {
    const auto now = std::chrono::steady_clock::now();
    suite_step_ = info.run_index * groups_per_run_ + group.index;
    if (suite_step_ == 0) suite_started_ = now;
    step_started_ = now;
    last_eta_line_.reset();
  }
  if (!says_progress_) return;
  if (open_progress_) stderr_sink_.write("done\n");
  const std::string text = group.workloads ? "Running " + group.text : group.text;
  // On a terminal a test's line is redrawn in place (group_progress, jobs_progress); elsewhere it is "...done".
  const bool redrawn = live_progress_;
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

void RunOutputs::jobs_progress(const GroupStart& group, const std::vector<JobProgress>& jobs,
                               std::chrono::nanoseconds elapsed) {
  if (!eta_) return;
  const auto now = FioEtaProgress::Clock::now();
  const std::optional<std::string> line = eta_->update(group.index, jobs, elapsed, now);
  if (eta_on_stdout_) {
    if (line) write_standard_output(*line);  // as fio: "\r" ends it, the next is drawn over it
    return;
  }
  // Redrawn over the group's "Running NAME" until its "...done" (phase_finished); its own padding and ends not. A
  // suite's progress leads it, redrawn on every call (fio's line comes about once a second).
  if (line) last_eta_line_ = line->substr(0, line->find_last_not_of("\r ") + 1);
  if (suite_steps_.empty() && !line) return;
  std::string text = last_eta_line_.value_or(open_progress_.value_or(""));
  if (!suite_steps_.empty()) text = suite_progress(now) + "  " + text;
  stderr_sink_.write("\r" + fit_to_width(text, terminal_columns()) + kClearToEnd);
}

std::string RunOutputs::suite_progress(std::chrono::steady_clock::time_point now) const {
  return format_steps_progress(config_.setup.suite, suite_steps_, suite_step_, now - step_started_, now - suite_started_);
}

void RunOutputs::status(const RunResult& run_so_far) { outputs_.write_status(run_so_far); }

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

void RunOutputs::removing_files(const FilesToRemove& files) {
  if (!says_progress_) return;
  const std::optional<std::string> line = cleanup_line(files);
  if (!line) return;
  if (open_progress_) stderr_sink_.write(open_progress_->empty() ? "done\n" : "\n");
  open_progress_.reset();
  stderr_sink_.write(*line + "\n");
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
