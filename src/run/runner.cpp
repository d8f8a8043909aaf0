#include "run/runner.h"

#include <sys/stat.h>

#include <system_error>

#include <fmt/format.h>

#include "result/errors.h"
#include "result/rank_metrics.h"
#include "run/interrupt.h"
#include "run/other_cpu_watch.h"
#include "run/rank_steps.h"
#include "run/runner_core.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// Where fio would look for the devices of the tests that ask for disk_util (Phase::disk_stat_paths).
std::vector<fs::path> disk_util_paths(const std::vector<std::vector<std::unique_ptr<Phase>>>& groups) {
  std::vector<fs::path> paths;
  for (const std::vector<std::unique_ptr<Phase>>& phases : groups) {
    for (const std::unique_ptr<Phase>& phase : phases) {
      const std::vector<fs::path> own = phase->disk_stat_paths();
      paths.insert(paths.end(), own.begin(), own.end());
    }
  }
  return paths;
}

void make_private_dir(const fs::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0) throw_errno("create", dir);
}

}  // namespace

Runner::Runner(Plan plan, const fs::path& directory, RunObserver& observer, const std::atomic<int>& interrupt,
               RankGroup& group)
    : plan_(std::move(plan)),
      observer_(observer),
      interrupt_(interrupt),
      group_(group),
      files_(directory, group.size() > 1 ? std::optional(group.rank()) : std::nullopt, plan_.setup.file_rules),
      flows_(flow_members(plan_)) {
  group_.agree(guarded([&] { check_same_shape(group_, plan_shape(plan_)); }));
  if (plan_.worker_directories) {
    directory_.emplace(directory, group_, interrupt_);
    workers_.resize(plan_.setup.concurrency);
    agree(guarded([&] {
      for (std::size_t i = 0; i < workers_.size(); ++i) {
        workers_[i].dir = directory_->rank_path() / fmt::format("worker-{}", i);
        make_private_dir(workers_[i].dir);
        make_private_dir(workers_[i].dir / "files");
      }
    }));  // what was made is removed with the run directory
  }
  group_.watch_while_waiting(interrupt_, [this] { remove_own_files(); });
  for (std::vector<PlannedTest>& tests : plan_.groups) {
    std::vector<std::unique_ptr<Phase>>& phases = phases_.emplace_back();
    for (PlannedTest& test : tests) phases.push_back(make_phase(plan_, test, files_, &flows_));
  }
}

RunResult Runner::run_once(RunInfo info) {
  RunResult run;
  run.info = std::move(info);
  run.info.setup = plan_.setup;  // what runs is what every output records
  flows_.start_run();            // fio's flows count from each run's start
  std::exception_ptr failure = guarded([&] {
    run.info.started_utc = utc_now_iso8601();
    observer_.run_started(run.info);
    // fio's --status-interval, on one rank alone (the results so far are not exchanged between ranks).
    status_interval_ = group_.size() == 1 ? observer_.status_interval() : std::chrono::milliseconds(0);
    next_status_ = Clock::now() + status_interval_;
  });
  const DiskStatsWatch disks(disks_under(disk_util_paths(phases_), "/sys"));
  const OtherCpuWatch others(group_.size());
  for (std::size_t g = 0; g < plan_.groups.size(); ++g) {
    const GroupStart start = group_start(g);
    if (!failure) {
      failure = guarded([&] {
        throw_if_interrupted();  // (a stop the run reports lets the group end unstarted: run_group)
        if (has_file_test(g)) remove_data_files();
        observer_.group_started(run.info, start);
      });
    }
    std::vector<PhaseResult> results = run_group(g, start, failure, run, disks);
    failure = guarded([&] {
      for (PhaseResult& result : results) {
        run.phases.push_back(std::move(result));
        observer_.phase_finished(run, run.phases.back());
      }
    });
  }
  run.disk_utilization = disks.finish();
  run.info.other_cpu_percent = others.finish();
  if (reports_stop()) {
    run.stop_signal = interrupt_.load();
    run.later_stop_signals = later_reported_signals();
  }
  if (!failure) {
    failure = guarded([&] {
      remove_data_files();
      observer_.run_finished(run);
    });
  }
  agree(failure);
  return run;
}

// Whether the jobs were stopped by a signal after which the run is still reported (RunSetup::reports_stopped_run):
// it is then no failure, the jobs stopped as at runtime='s end and the later groups end unstarted.
bool Runner::reports_stop() const { return plan_.setup.reports_stopped_run && reports_run_after(interrupt_.load()); }

void Runner::remove_workload_files() {
  if (const FilesToRemove to_remove = files_.to_remove(); to_remove.files > 0) observer_.removing_files(to_remove);
  files_.remove_created();
}

std::vector<std::string> Runner::kept_files() const {
  std::vector<std::string> kept;
  for (const fs::path& file : files_.kept_files()) kept.push_back(file.string());
  return kept;
}

// Every agreement of the run (run/rank_steps.h): on a stop signal the rank removes its files first.
void Runner::agree(std::exception_ptr failure) {
  if (reports_stop()) {
    group_.agree(std::move(failure));
    return;
  }
  agree_after_step(group_, std::move(failure), interrupt_, [this] { remove_own_files(); });
}

void Runner::remove_own_files() noexcept {
  files_.remove_created();
  if (directory_) directory_->remove_own_files();
}

// The process's stop signals after the first, of those a stopped run reports (fio's sig_int says each); none when
// the run's stop came from another flag than the process's handlers (a test's).
std::vector<int> Runner::later_reported_signals() const {
  std::vector<int> later;
  const std::vector<int> received = stop_signals_received();
  if (received.empty() || &interrupt_ != &interrupt_signal()) return later;
  for (std::size_t i = 1; i < received.size(); ++i) {
    if (reports_run_after(received[i])) later.push_back(received[i]);
  }
  return later;
}

void Runner::throw_if_interrupted() const {
  if (reports_stop()) return;
  if (std::exception_ptr stop = interruption(interrupt_)) std::rethrow_exception(stop);
}

bool Runner::has_file_test(std::size_t g) const {
  for (const PlannedTest& test : plan_.groups[g]) {
    if (is_file_test(test.id())) return true;
  }
  return false;
}

// bonnie++'s I/O tests' file is not needed once they are done; free its space before the file tests. The
// observer hears first how much goes.
void Runner::remove_data_files() {
  FilesToRemove to_remove;
  for (const Worker& worker : workers_) {
    std::error_code missing;
    const std::uintmax_t bytes = fs::file_size(worker.dir / "data", missing);
    if (missing) continue;
    ++to_remove.files;
    to_remove.bytes += bytes;
  }
  if (to_remove.files > 0) observer_.removing_files(to_remove);
  for (const Worker& worker : workers_) fs::remove(worker.dir / "data");
}

GroupStart Runner::group_start(std::size_t g) const {
  GroupStart start;
  start.index = g;
  for (std::size_t t = 0; t < plan_.groups[g].size(); ++t) {
    const Phase& phase = *phases_[g][t];
    start.tests.push_back(phase.parts().front());
    start.text += (start.text.empty() ? "" : ", ") + phase.progress_text();
    start.workloads = start.workloads || phase.progress_by_name();
  }
  return start;
}

RunOutcome run_plan(Plan plan, const fs::path& directory, const RunInfo& base_info, RunObserver& observer,
                    const std::atomic<int>& interrupt, RankGroup& group) {
  const std::uint32_t repeats = plan.repeats;
  Runner runner(std::move(plan), directory, observer, interrupt, group);
  RunInfo info = base_info;
  info.ranks = group.size();
  info.hosts = distinct_hosts(group.host_names());
  RunOutcome outcome;
  try {
    for (std::uint32_t index = 0; index < repeats; ++index) {
      info.run_index = index;
      outcome.runs.push_back(runner.run_once(info));
      if (outcome.runs.back().stop_signal != 0) break;  // stopped: no further repeat starts
    }
    runner.remove_workload_files();
  } catch (...) {
    if (const std::vector<std::string> kept = runner.kept_files(); !kept.empty()) {
      observer.files_kept_after_failure(kept);
    }
    throw;
  }
  outcome.kept_files = runner.kept_files();
  return outcome;
}

RunOutcome run_plan(Plan plan, const fs::path& directory, const RunInfo& base_info, RunObserver& observer,
                    const std::atomic<int>& interrupt) {
  SingleProcessGroup alone;
  return run_plan(std::move(plan), directory, base_info, observer, interrupt, alone);
}

}  // namespace bench
