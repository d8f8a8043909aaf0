#include "run/runner.h"

#include <sys/stat.h>

#include <algorithm>
#include <barrier>
#include <condition_variable>
#include <exception>
#include <latch>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "measure/stopwatch.h"
#include "phases/job_snapshot.h"
#include "phases/seeds.h"
#include "platform/disk_stats.h"
#include "platform/posix_file.h"
#include "platform/resource_limits.h"
#include "result/errors.h"
#include "result/rank_metrics.h"
#include "run/interrupt.h"
#include "run/job_failure.h"
#include "run/other_cpu_watch.h"
#include "run/rank_exchange.h"
#include "run/rank_steps.h"
#include "run/run_directory.h"
#include "run/test_results.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// What one of bonnie++'s workers owns for the whole run.
struct Worker {
  fs::path dir;
  WorkerState state;
};

// The group's start line: the barrier's completion reads the process's CPU time as the jobs are released.
struct StartCompletion {
  std::chrono::nanoseconds* cpu_start;
  std::exception_ptr* failure;
  CpuBreakdown* usage_start;  // the same apart (fio's output)
  void operator()() noexcept {
    *failure = guarded([&] {
      *cpu_start = process_cpu_time();
      *usage_start = process_usage();
    });
  }
};
using StartBarrier = std::barrier<StartCompletion>;

// One job's place at the start line: whether it arrived, so that a job that failed before can be taken off.
class StartGate final : public JobStart {
 public:
  explicit StartGate(StartBarrier& barrier) : barrier_(barrier) {}
  void arrive_and_wait() override {
    arrived_ = true;
    barrier_.arrive_and_wait();
  }
  // After the job's run(): a job that never arrived leaves the barrier, so the others do not wait for it.
  void leave_if_absent() {
    if (!arrived_) barrier_.arrive_and_drop();
    arrived_ = true;
  }

 private:
  StartBarrier& barrier_;
  bool arrived_ = false;
};

// What a thread that could not start threw (std::system_error: EAGAIN under ulimit -u, or ulimit -v for its stack),
// said as "cannot start WHAT (under the process limit (ulimit -u) of 40 processes and threads): Resource temporarily
// unavailable". Called in a catch block: anything else is passed on as it is.
std::exception_ptr named_start_failure(const std::string& what) {
  try {
    throw;
  } catch (const std::system_error& error) {
    return std::make_exception_ptr(std::system_error(
        error.code(), fmt::format("cannot start {}{}", what, task_start_limits_note(read_resource_limits()))));
  } catch (...) {
    return std::current_exception();
  }
}

// One job of a group's run.
struct JobRun {
  const Phase* phase = nullptr;
  std::size_t group = 0;   // index into the plan's groups
  std::size_t test = 0;    // index into the group
  std::uint32_t index = 0;  // among its test's jobs
  JobMeasurement measurement;
  Rng rng{0};
  WorkerState own_state;  // a workload's (bonnie++'s tests keep their worker's)
  CacheResidency residency;
  std::atomic<std::uint64_t> operations_started{0};
  LiveIo live_io;                  // a workload job's completed requests (fio's ETA line)
  std::atomic<bool> ended{false};  // its run has returned (the progress display's '_')
  std::optional<PhaseContext> context;
  std::unique_ptr<StartGate> gate;
  std::exception_ptr failure;
  std::atomic<bool>* group_end = nullptr;  // fio's exitall: its fio group's flag (run_jobs)
  // fio's --status-interval: where a workload job answers for its measurement so far, and its last answer.
  std::optional<JobSnapshot> snapshot;
  std::mutex snapshot_mutex;
  std::optional<JobMeasurement> measurement_so_far;
};

// How long the progress thread waits for the running jobs' answers before it reports the results so far.
constexpr std::chrono::milliseconds kStatusAnswerWait{200};

// What the progress thread needs to tell the results so far of a running group (fio's --status-interval).
struct GroupStatus {
  const RunResult* run_so_far;          // the run's finished groups
  const DiskStatsWatch* disks;          // fio's disk_util since the run's start
  const std::chrono::nanoseconds* cpu_start;  // the process's CPU time at the group's release
  Clock::time_point zero;               // when the group was released
};

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

// Whether `failure` is a stop signal's (InterruptedError).
bool is_interruption(const std::exception_ptr& failure) {
  try {
    std::rethrow_exception(failure);
  } catch (const InterruptedError&) {
    return true;
  } catch (...) {
    return false;
  }
}

void make_private_dir(const fs::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0) throw_errno("create", dir);
}

// One rank's runner (every rank of the group runs one, in lockstep through the group's collectives).
class Runner {
 public:
  Runner(Plan plan, const fs::path& directory, RunObserver& observer, const std::atomic<int>& interrupt,
         RankGroup& group)
      : plan_(std::move(plan)),
        observer_(observer),
        interrupt_(interrupt),
        group_(group),
        files_(directory, group.size() > 1 ? std::optional(group.rank()) : std::nullopt, plan_.setup.file_rules) {
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
      for (PlannedTest& test : tests) phases.push_back(make_phase(plan_, test, files_));
    }
  }
  ~Runner() { group_.watch_while_waiting(interrupt_, {}); }
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // One run of every group. Observer failures (rank 0's outputs) are handed to the next agreement.
  RunResult run_once(RunInfo info) {
    RunResult run{std::move(info), {}, {}, {}};
    run.info.setup = plan_.setup;  // what runs is what every output records
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
      for (FilesLaidOut& laid_out : files_.take_laid_out()) run.files_laid_out.push_back(std::move(laid_out));
      failure = guarded([&] {
        for (PhaseResult& result : results) {
          run.phases.push_back(std::move(result));
          observer_.phase_finished(run, run.phases.back());
        }
      });
    }
    run.disk_utilization = disks.finish();
    run.info.other_cpu_percent = others.finish();
    if (reports_stop()) run.stop_signal = interrupt_.load();
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
  bool reports_stop() const { return plan_.setup.reports_stopped_run && reports_run_after(interrupt_.load()); }

  // After the last run: removes the workloads' files (but unlink=0's) now, the observer hearing first how much
  // goes, rather than silently when the runner goes. Not collective: each rank removes its own. Should the observer
  // throw, the runner's end removes them all the same.
  void remove_workload_files() {
    if (const FilesToRemove to_remove = files_.to_remove(); to_remove.files > 0) observer_.removing_files(to_remove);
    files_.remove_created();
  }

  std::vector<std::string> kept_files() const {
    std::vector<std::string> kept;
    for (const fs::path& file : files_.kept_files()) kept.push_back(file.string());
    return kept;
  }

 private:
  // Every agreement of the run (run/rank_steps.h): on a stop signal the rank removes its files first.
  void agree(std::exception_ptr failure) {
    if (reports_stop()) {
      group_.agree(std::move(failure));
      return;
    }
    agree_after_step(group_, std::move(failure), interrupt_, [this] { remove_own_files(); });
  }

  void remove_own_files() noexcept {
    files_.remove_created();
    if (directory_) directory_->remove_own_files();
  }

  void throw_if_interrupted() const {
    if (reports_stop()) return;
    if (std::exception_ptr stop = interruption(interrupt_)) std::rethrow_exception(stop);
  }

  bool has_file_test(std::size_t g) const {
    for (const PlannedTest& test : plan_.groups[g]) {
      if (is_file_test(test.id())) return true;
    }
    return false;
  }

  // bonnie++'s I/O tests' file is not needed once they are done; free its space before the file tests. The
  // observer hears first how much goes.
  void remove_data_files() {
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

  GroupStart group_start(std::size_t g) const {
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

  // The group's jobs, each with its context.
  std::vector<std::unique_ptr<JobRun>> make_jobs(std::size_t g, bool snapshots) {
    std::vector<std::unique_ptr<JobRun>> jobs;
    for (std::size_t t = 0; t < plan_.groups[g].size(); ++t) {
      const PlannedTest& test = plan_.groups[g][t];
      const Phase& phase = *phases_[g][t];
      const std::size_t parts = phase.parts().size();
      for (std::uint32_t j = 0; j < test.jobs; ++j) {
        auto job = std::make_unique<JobRun>();
        job->phase = &phase;
        job->group = g;
        job->test = t;
        job->index = j;
        job->measurement.parts.resize(parts);
        const bool bonnie = phase.runs_in_workers();
        Worker* worker = bonnie ? &workers_.at(j) : nullptr;
        // Numbered across every rank, so no two workers of the run draw the same names, sizes or data.
        const std::uint64_t number = std::uint64_t{group_.rank()} * plan_.setup.concurrency + j;
        if (bonnie) job->rng.reseed(phase_seed(plan_.setup.seed, number, test.id()));
        job->context.emplace(PhaseContext{.setup = plan_.setup,
                                          .data_file = worker ? worker->dir / "data" : fs::path(),
                                          .files_dir = worker ? worker->dir / "files" : fs::path(),
                                          .latency = job->measurement.parts.front().latency,
                                          .rng = job->rng,
                                          .state = worker ? worker->state : job->own_state,
                                          .interrupt_signal = interrupt_,
                                          .worker_index = j,
                                          .sync_file = worker ? worker->dir / "fsync" : fs::path(),
                                          .operations_started = &job->operations_started,
                                          .live_io = bonnie ? nullptr : &job->live_io,
                                          .pattern_seed = bonnie ? pattern_seed(plan_.setup.seed, number) : 0,
                                          .cache_residency = &job->residency,
                                          .measurement = &job->measurement,
                                          .abort = nullptr,
                                          .start = nullptr,
                                          .rank = group_.rank()});
        if (snapshots && !bonnie) {
          JobRun* own = job.get();
          job->snapshot.emplace(snapshot_requests_, [own](const JobMeasurement& so_far) {
            const std::lock_guard lock(own->snapshot_mutex);
            own->measurement_so_far = so_far;
          });
          job->context->snapshot = &*job->snapshot;
        }
        jobs.push_back(std::move(job));
      }
    }
    return jobs;
  }

  // Prepares (untimed), meets the other ranks, runs every job (timed) and makes the group's results, combined
  // over the ranks. `failure`: what went wrong on this rank before the group, if anything.
  std::vector<PhaseResult> run_group(std::size_t g, const GroupStart& start, std::exception_ptr failure,
                                     const RunResult& run_so_far, const DiskStatsWatch& disks) {
    const bool reports_status = status_interval_.count() > 0 && start.workloads;
    std::vector<std::unique_ptr<JobRun>> jobs = make_jobs(g, reports_status);
    if (!failure) {
      failure = guarded([&] {
        for (const auto& job : jobs) {
          throw_if_interrupted();
          if (reports_stop()) break;  // fio lays out nothing more once stopped
          job->phase->prepare(*job->context);
        }
      });
      // A layout the stop cut short (workload_files.h) when the run is reported: its jobs end unstarted.
      if (failure && reports_stop() && is_interruption(failure)) failure = nullptr;
    }
    agree(failure);  // untimed preparation ends together for all jobs of all ranks
    const Clock::time_point zero = Clock::now();
    std::chrono::nanoseconds cpu_start{0};
    CpuBreakdown usage_start;
    std::exception_ptr clock_failure;
    {
      std::jthread ticker;
      // A ticker that cannot start ends the group before its jobs, on every rank (the agreement below).
      const std::optional<GroupStatus> status =
          reports_status ? std::optional(GroupStatus{&run_so_far, &disks, &cpu_start, zero}) : std::nullopt;
      clock_failure = guarded([&] { ticker = start_ticker(start, jobs, status); });
      if (!clock_failure) run_jobs(jobs, cpu_start, usage_start, clock_failure);
    }  // the ticker is stopped and joined here, before the observer hears of the result
    std::chrono::nanoseconds cpu_end{0};
    CpuBreakdown usage_end;
    if (!clock_failure) {
      clock_failure = guarded([&] {
        cpu_end = process_cpu_time();
        usage_end = process_usage();
      });
    }
    agree(group_failure(jobs, clock_failure));
    // Jobs in processes of their own count whole in cpu_end (phases/workload/job_process.h): their set-up before the start
    // line taken out.
    for (const auto& job : jobs) {
      const CpuBreakdown& outside = job->measurement.cpu_outside_group;
      cpu_end = std::max(cpu_start, cpu_end - outside.user - outside.system);
      usage_end = usage_between(outside, usage_end);
    }
    std::vector<JobMeasurement> measurements;
    for (const auto& job : jobs) measurements.push_back(std::move(job->measurement));
    std::vector<PhaseResult> results = results_of(g, jobs, std::move(measurements), CpuWindow{cpu_start, cpu_end}, zero);
    for (PhaseResult& result : results) {  // the jobs' own usage (run/test_results.h), else the process's
      if (group_.size() > 1) {  // under MPI the CPU time is every rank's, and the breakdown would be this one's
        result.cpu_breakdown.reset();
      } else if (!result.cpu_breakdown) {
        result.cpu_breakdown = usage_between(usage_start, usage_end);
      }
    }
    return results;
  }

  // Every job at once: one on this thread, several on threads of their own, released together.
  void run_jobs(std::vector<std::unique_ptr<JobRun>>& jobs, std::chrono::nanoseconds& cpu_start,
                CpuBreakdown& usage_start, std::exception_ptr& clock_failure) {
    StartBarrier barrier(static_cast<std::ptrdiff_t>(jobs.size()),
                         StartCompletion{&cpu_start, &clock_failure, &usage_start});
    std::atomic<bool> abort{false};
    // fio's exitall and exitall_on_error: one flag per fio group of the run group, raised when a job ends (under
    // exitall) or fails (exitall_on_error): its fio group's (exit_what=group), every one (stonewall, all: fio's
    // fio_terminate_threads). exit_what=all also ends the later groups: their jobs end unstarted. The map is
    // complete before the jobs start: they only read it.
    std::map<std::uint32_t, std::atomic<bool>> group_ends;
    for (const auto& job : jobs) {
      job->gate = std::make_unique<StartGate>(barrier);
      job->context->start = job->gate.get();
      job->context->abort = &abort;
      const PlannedTest& test = plan_.groups[job->group][job->test];
      if (test.fio_group) job->group_end = &group_ends[*test.fio_group];
      job->context->group_end = job->group_end;
    }
    const auto run_one = [&abort, &group_ends, this](JobRun& job) {
      // exit_what=all ended the run, or a stop signal the run reports came first: fio never starts the job.
      if ((job.group_end != nullptr && everything_ended_) || reports_stop()) {
        if (reports_stop()) end_unstarted(job);
        job.gate->leave_if_absent();
        return;
      }
      std::exception_ptr failure = guarded([&] { job.phase->run(*job.context); });
      // A stop signal the run reports, met before the job's loop (a startdelay= wait): it ends unstarted.
      if (failure && reports_stop() && is_interruption(failure)) {
        failure = nullptr;
        end_unstarted(job);
      }
      if (failure && records_failure(job)) job.measurement.failure = job_failure_of(failure);
      if (job.measurement.failure) {  // the job's own: the others go on (fio's td_verror)
        failure = nullptr;
        // One that failed before its measurement began measured nothing, at the time it failed.
        if (job.measurement.measured_from == Clock::time_point{}) job.measurement.measured_from = Clock::now();
      }
      job.failure = failure;
      if (job.failure) abort = true;
      if (job.group_end != nullptr) end_jobs_after(job, group_ends);
      job.ended = true;
      job.gate->leave_if_absent();
    };
    if (jobs.size() == 1) {
      run_one(*jobs.front());
      return;
    }
    std::vector<std::jthread> threads;
    threads.reserve(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      try {
        threads.emplace_back(run_one, std::ref(*jobs[i]));
      } catch (...) {  // a thread that could not start: the jobs without one leave the start line, the rest abort
        abort = true;
        const std::exception_ptr failure = named_start_failure("a thread for " + job_name(*jobs[i]));
        for (std::size_t k = i; k < jobs.size(); ++k) {
          if (!jobs[k]->failure) jobs[k]->failure = failure;
          jobs[k]->gate->leave_if_absent();
        }
        break;
      }
    }
  }

  // A job a stop signal the run reports kept from starting: fio lists it, with no I/O (run/test_results.h).
  void end_unstarted(JobRun& job) const {
    job.measurement.stop_signal = interrupt_.load();
    if (job.measurement.measured_from == Clock::time_point{}) job.measurement.measured_from = Clock::now();
  }

  // "workload 'x' job 3 of 8", "bonnie++'s seq_create test worker 2 of 4".
  std::string job_name(const JobRun& job) const {
    const PlannedTest& test = plan_.groups[job.group][job.test];
    const std::string test_name = test.workload.has_value() ? fmt::format("workload '{}'", plan_.workload(test).name)
                                                                   : fmt::format("bonnie++'s {} test", phase_key(test.bonnie_test));
    return fmt::format("{} {} {} of {}", test_name, test.workload.has_value() ? "job" : "worker", job.index + 1,
                       test.jobs);
  }

  // Whether a job's failure is recorded in its result (the others going on, the later groups run) rather than ending
  // the run: a workload's, on every rank (the ranks' results carry it to rank 0: run/rank_exchange.h).
  bool records_failure(const JobRun& job) const { return job.phase->records_job_failure(); }

  // A workload job has ended: under exitall (or exitall_on_error, when it failed) the jobs of its exit_what stop.
  void end_jobs_after(const JobRun& job, std::map<std::uint32_t, std::atomic<bool>>& group_ends) {
    const PlannedTest& test = plan_.groups[job.group][job.test];
    const WorkloadSpec& spec = plan_.workload(test);
    const bool failed = job.failure || job.measurement.failure;
    if (!plan_.exitall && !(spec.exitall_on_error && failed)) return;
    if (spec.exit_what == ExitScope::kGroup) {
      job.group_end->store(true);
      return;
    }
    for (auto& [id, flag] : group_ends) flag.store(true);
    if (spec.exit_what == ExitScope::kAll) everything_ended_ = true;
  }

  // The first job's failure, else the clock's, else a stop signal a job ended on (unless the run reports it).
  std::exception_ptr group_failure(const std::vector<std::unique_ptr<JobRun>>& jobs,
                                   std::exception_ptr clock_failure) const {
    for (const auto& job : jobs) {
      if (job->failure) return job->failure;
    }
    if (clock_failure) return clock_failure;
    if (reports_stop()) return nullptr;
    for (const auto& job : jobs) {
      if (job->measurement.stop_signal != 0) return std::make_exception_ptr(InterruptedError(job->measurement.stop_signal));
    }
    return nullptr;
  }

  // On rank 0 only: a thread that tells the observer how far this rank's jobs are. It first leaves the
  // descriptor table to the jobs, before they open anything: with one job (on this thread) and no MPI the table
  // then has one user, and every system call of the test takes the kernel's single-thread path, as bonnie++'s do
  // (platform/posix_file.h).
  // With `status` (fio's --status-interval), it also tells the observer the results so far at each interval.
  std::jthread start_ticker(const GroupStart& start, const std::vector<std::unique_ptr<JobRun>>& jobs,
                            std::optional<GroupStatus> status) {
    if (group_.rank() != 0) return {};
    std::uint64_t total = 0;
    for (const auto& job : jobs) total += job->phase->expected_operations(plan_.setup);
    std::latch detached(1);
    const auto tick = [this, &start, &jobs, total, &detached, status](std::stop_token stop) {
      stop_sharing_descriptor_table();
      detached.count_down();
      const Clock::time_point began = Clock::now();
      std::mutex mutex;
      std::condition_variable_any wake;
      std::unique_lock lock(mutex);
      // The next wake: a progress interval on, or the next status when that comes first (so that a status comes at
      // its time, as fio's: a job that ends just after it still has it).
      const auto next_wait = [this, &status] {
        if (!status) return std::chrono::duration_cast<Clock::duration>(kProgressInterval);
        const Clock::duration to_status = next_status_ - Clock::now();
        return std::clamp<Clock::duration>(to_status, std::chrono::milliseconds(1), kProgressInterval);
      };
      // wait_for returns the predicate: true once a stop is requested, false after each interval.
      while (!wake.wait_for(lock, stop, next_wait(), [&stop] { return stop.stop_requested(); })) {
        std::uint64_t done = 0;
        for (const auto& job : jobs) done += job->operations_started.load(std::memory_order_relaxed);
        observer_.group_progress(start, total == 0 ? done : std::min(done, total), total, Clock::now() - began);
        if (start.workloads) observer_.jobs_progress(start, progress_of(jobs), Clock::now() - began);
        if (status && Clock::now() >= next_status_) {
          while (next_status_ <= Clock::now()) next_status_ += status_interval_;
          // Each running job answers at its loop's next turn: a short wait for them (a job still setting up, or
          // paused, shows what it last answered).
          const std::uint64_t asked = snapshot_requests_.fetch_add(1) + 1;
          const Clock::time_point wait_until = Clock::now() + kStatusAnswerWait;
          while (!all_answered(jobs, asked) && Clock::now() < wait_until &&
                 !wake.wait_for(lock, stop, std::chrono::milliseconds(2), [&stop] { return stop.stop_requested(); })) {
          }
          if (stop.stop_requested()) break;
          observer_.status(status_so_far(start.index, jobs, *status));
        }
      }
    };
    std::jthread ticker;
    try {
      ticker = std::jthread(tick);
    } catch (...) {
      std::rethrow_exception(named_start_failure("the progress thread"));
    }
    detached.wait();
    return ticker;
  }

  // Whether every job of the group that has not ended has answered the request `asked` (or a later one).
  static bool all_answered(const std::vector<std::unique_ptr<JobRun>>& jobs, std::uint64_t asked) {
    return std::all_of(jobs.begin(), jobs.end(), [asked](const auto& job) {
      return job->ended.load() || !job->snapshot || job->snapshot->answered() >= asked;
    });
  }

  // The run so far with the running group's results as they stand: an ended job's measurement, a running one's last
  // answer, or nothing yet (a job still setting up) measured from the group's release; the process's CPU time from
  // the release (once a job has answered: the release is then seen) to now.
  RunResult status_so_far(std::size_t g, const std::vector<std::unique_ptr<JobRun>>& jobs,
                          const GroupStatus& status) {
    bool answered = false;
    std::vector<JobMeasurement> measurements;
    for (const auto& job : jobs) {
      if (job->ended.load()) {
        measurements.push_back(job->measurement);
        continue;
      }
      const std::lock_guard lock(job->snapshot_mutex);
      if (job->measurement_so_far) {
        answered = true;
        measurements.push_back(*job->measurement_so_far);
      } else {
        JobMeasurement nothing;
        nothing.parts.resize(job->phase->parts().size());  // (the job's own is its thread's to size)
        nothing.measured_from = status.zero;
        measurements.push_back(std::move(nothing));
      }
    }
    const CpuWindow cpu = answered ? CpuWindow{*status.cpu_start, process_cpu_time()} : CpuWindow{};
    RunResult run = *status.run_so_far;
    run.disk_utilization = status.disks->finish();
    for (PhaseResult& result : results_of(g, jobs, std::move(measurements), cpu, status.zero)) {
      run.phases.push_back(std::move(result));
    }
    return run;
  }

  // Each job's completed requests so far, for the progress display (fio's ETA line).
  static std::vector<JobProgress> progress_of(const std::vector<std::unique_ptr<JobRun>>& jobs) {
    std::vector<JobProgress> progress(jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      const JobRun& job = *jobs[i];
      for (std::size_t d = 0; d < kLiveDirections; ++d) {
        progress[i].bytes[d] = job.live_io.bytes[d].load(std::memory_order_relaxed);
        progress[i].requests[d] = job.live_io.requests[d].load(std::memory_order_relaxed);
      }
      progress[i].ended = job.ended.load();
      progress[i].failed = progress[i].ended && (job.failure || job.measurement.failure);
    }
    return progress;
  }

  // The group's results as the run reports them (run/test_results.h, run/rank_exchange.h).
  // `measurements`: the jobs' in their order.
  std::vector<PhaseResult> results_of(std::size_t g, const std::vector<std::unique_ptr<JobRun>>& jobs,
                                      std::vector<JobMeasurement> measurements_of_jobs, CpuWindow cpu,
                                      Clock::time_point zero) {
    std::vector<LocalResult> locals;
    std::size_t next = 0;
    for (std::size_t t = 0; t < plan_.groups[g].size(); ++t) {
      const PlannedTest& test = plan_.groups[g][t];
      std::vector<JobMeasurement> measurements;
      std::vector<CacheResidency> residencies;
      for (std::uint32_t j = 0; j < test.jobs; ++j, ++next) {
        measurements.push_back(std::move(measurements_of_jobs[next]));
        residencies.push_back(jobs[next]->residency);
      }
      for (LocalResult& local : local_results(plan_, test, phases_[g][t]->parts(), measurements, residencies, cpu, zero)) {
        locals.push_back(std::move(local));
      }
    }
    std::vector<PhaseResult> whole = exchange_results(group_, locals);
    std::vector<PhaseResult> reported;
    for (std::size_t i = 0; i < whole.size(); ++i) {
      if (is_reported(locals[i], whole[i])) reported.push_back(std::move(whole[i]));
    }
    return reported;
  }

  Plan plan_;
  std::atomic<bool> everything_ended_{false};  // exit_what=all: a job's end stopped every job, later ones too
  // fio's --status-interval (RunObserver::status_interval; 0: none), when the next status is due, and the count of
  // requests for the jobs' measurements so far (phases/job_snapshot.h).
  std::chrono::milliseconds status_interval_{0};
  Clock::time_point next_status_{};
  std::atomic<std::uint64_t> snapshot_requests_{0};
  RunObserver& observer_;
  const std::atomic<int>& interrupt_;
  RankGroup& group_;
  WorkloadFiles files_;                   // the workloads' files: removed (but unlink=0's) when the runner goes
  std::optional<RunDirectory> directory_;  // bonnie++'s tests' private directory, when they run
  std::vector<Worker> workers_;
  std::vector<std::vector<std::unique_ptr<Phase>>> phases_;  // per group, per test
};

}  // namespace

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
