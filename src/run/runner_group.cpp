// One group of the run (run/runner_core.h): its jobs' contexts, their preparation, their threads released together
// at the start line, their ends (fio's exitall), the group's CPU time and its results.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "phases/seeds.h"
#include "result/errors.h"
#include "result/rank_metrics.h"
#include "run/interrupt.h"
#include "run/job_failure.h"
#include "run/rank_exchange.h"
#include "run/rank_steps.h"
#include "run/runner_core.h"
#include "run/window_command.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

// The group's jobs, each with its context.
GroupJobs Runner::make_jobs(std::size_t g, bool snapshots) {
  GroupJobs jobs;
  for (std::size_t t = 0; t < plan_.groups[g].size(); ++t) {
    const PlannedTest& test = plan_.groups[g][t];
    const Phase& phase = *phases_[g][t];
    for (std::uint32_t j = 0; j < test.jobs; ++j) {
      auto job = std::make_unique<JobRun>();
      job->phase = &phase;
      job->group = g;
      job->test = t;
      job->index = j;
      job->measurement.parts.resize(phase.parts().size());
      const bool bonnie = phase.runs_in_workers();
      job->context.emplace(job_context(*job, test, bonnie));
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

// A job's context: bonnie++'s workers' own directory, state and seeds; a workload's own state and live counters.
PhaseContext Runner::job_context(JobRun& job, const PlannedTest& test, bool bonnie) {
  const std::uint32_t j = job.index;
  Worker* worker = bonnie ? &workers_.at(j) : nullptr;
  // Numbered across every rank, so no two workers of the run draw the same names, sizes or data.
  const std::uint64_t number = std::uint64_t{group_.rank()} * plan_.setup.concurrency + j;
  if (bonnie) job.rng.reseed(phase_seed(plan_.setup.seed, number, test.id()));
  return PhaseContext{.setup = plan_.setup,
                      .data_file = worker ? worker->dir / "data" : fs::path(),
                      .files_dir = worker ? worker->dir / "files" : fs::path(),
                      .latency = job.measurement.parts.front().latency,
                      .rng = job.rng,
                      .state = worker ? worker->state : job.own_state,
                      .interrupt_signal = interrupt_,
                      .worker_index = j,
                      .sync_file = worker ? worker->dir / "fsync" : fs::path(),
                      .operations_started = &job.operations_started,
                      .live_io = bonnie ? nullptr : &job.live_io,
                      .pattern_seed = bonnie ? pattern_seed(plan_.setup.seed, number) : 0,
                      .cache_residency = &job.residency,
                      .measurement = &job.measurement,
                      .abort = nullptr,
                      .start = nullptr,
                      .rank = group_.rank()};
}

// Every job's prepare() in turn (untimed), unless `failure` already holds what went wrong on this rank.
void Runner::prepare_jobs(const GroupJobs& jobs, std::exception_ptr& failure) {
  if (failure) return;
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

// The files the group's preparation laid out, added to the run's and told to the observer (unless the group failed
// already: then `failure` is what the observer's failure becomes, if it fails).
void Runner::report_laid_out(RunResult& run_so_far, std::exception_ptr& failure) {
  std::vector<FilesLaidOut> laid_out = files_.take_laid_out();
  for (FilesLaidOut& each : laid_out) run_so_far.files_laid_out.push_back(std::move(each));
  if (!failure && !laid_out.empty()) failure = guarded([&] { observer_.files_laid_out(run_so_far); });
}

// Prepares (untimed), meets the other ranks, runs every job (timed) and makes the group's results, combined
// over the ranks. `failure`: what went wrong on this rank before the group, if anything.
std::vector<PhaseResult> Runner::run_group(std::size_t g, const GroupStart& start, std::exception_ptr failure,
                                           RunResult& run_so_far, const DiskStatsWatch& disks) {
  const bool reports_status = status_interval_.count() > 0 && start.workloads;
  GroupJobs jobs = make_jobs(g, reports_status);
  prepare_jobs(jobs, failure);
  report_laid_out(run_so_far, failure);
  if (!failure) failure = window_edge_command(g, run_so_far.info.run_index, WindowEdgeKind::kStart);
  agree(failure);  // untimed preparation ends together for all jobs of all ranks
  const Clock::time_point zero = Clock::now();
  GroupCpu cpu;
  std::exception_ptr clock_failure;
  {
    std::jthread ticker;
    // A ticker that cannot start ends the group before its jobs, on every rank (the agreement below).
    const std::optional<GroupStatus> status =
        reports_status ? std::optional(GroupStatus{&run_so_far, &disks, &cpu.start, zero}) : std::nullopt;
    clock_failure = guarded([&] { ticker = start_ticker(start, jobs, status); });
    if (!clock_failure) run_jobs(jobs, cpu, clock_failure);
  }  // the ticker is stopped and joined here, before the observer hears of the result
  if (!clock_failure) {
    clock_failure = guarded([&] {
      cpu.end = process_cpu_time();
      cpu.usage_end = process_usage();
    });
  }
  agree(group_failure(jobs, clock_failure));
  if (plan_.window_command) agree(window_edge_command(g, run_so_far.info.run_index, WindowEdgeKind::kEnd));
  take_out_cpu_outside_group(jobs, cpu);
  std::vector<JobMeasurement> measurements;
  for (const auto& job : jobs) measurements.push_back(std::move(job->measurement));
  std::vector<PhaseResult> results = results_of(g, jobs, std::move(measurements), CpuWindow{cpu.start, cpu.end}, zero);
  for (PhaseResult& result : results) {  // the jobs' own usage (run/test_results.h), else the process's
    if (group_.size() > 1) {  // under MPI the CPU time is every rank's, and the breakdown would be this one's
      result.cpu_breakdown.reset();
    } else if (!result.cpu_breakdown) {
      result.cpu_breakdown = usage_between(cpu.usage_start, cpu.usage_end);
    }
  }
  return results;
}

// --window-command at one edge of group `g`'s window (run/window_command.h), on rank 0: what it threw, if anything.
std::exception_ptr Runner::window_edge_command(std::size_t g, std::uint32_t run, WindowEdgeKind edge) const {
  if (!plan_.window_command || group_.rank() != 0) return nullptr;
  return guarded([&] { run_window_command(*plan_.window_command, window_edge(plan_, g, run, edge)); });
}

// Jobs in processes of their own count whole in the CPU time at the group's end (phases/workload/job_process.h):
// their set-up before the start line taken out.
void Runner::take_out_cpu_outside_group(const GroupJobs& jobs, GroupCpu& cpu) const {
  for (const auto& job : jobs) {
    const CpuBreakdown& outside = job->measurement.cpu_outside_group;
    cpu.end = std::max(cpu.start, cpu.end - outside.user - outside.system);
    cpu.usage_end = usage_between(outside, cpu.usage_end);
  }
}

// Every job at once: one on this thread, several on threads of their own, released together.
void Runner::run_jobs(GroupJobs& jobs, GroupCpu& cpu, std::exception_ptr& clock_failure) {
  StartBarrier barrier(static_cast<std::ptrdiff_t>(jobs.size()),
                       StartCompletion{&cpu.start, &clock_failure, &cpu.usage_start});
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
  if (jobs.size() == 1) {
    run_job(*jobs.front(), abort, group_ends);
    return;
  }
  std::vector<std::jthread> threads;
  threads.reserve(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    try {
      threads.emplace_back([&, i] { run_job(*jobs[i], abort, group_ends); });
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

// One job's run, on its thread: its failure recorded (a workload's) or kept for the group, its end told.
void Runner::run_job(JobRun& job, std::atomic<bool>& abort, std::map<std::uint32_t, std::atomic<bool>>& group_ends) {
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
}

// A job a stop signal the run reports kept from starting: fio lists it, with no I/O (run/test_results.h).
void Runner::end_unstarted(JobRun& job) const {
  job.measurement.stop_signal = interrupt_.load();
  if (job.measurement.measured_from == Clock::time_point{}) job.measurement.measured_from = Clock::now();
}

// "workload 'x' job 3 of 8", "bonnie++'s seq_create test worker 2 of 4".
std::string Runner::job_name(const JobRun& job) const {
  const PlannedTest& test = plan_.groups[job.group][job.test];
  const std::string test_name = test.workload.has_value() ? fmt::format("workload '{}'", plan_.workload(test).name)
                                                          : fmt::format("bonnie++'s {} test", phase_key(test.bonnie_test));
  return fmt::format("{} {} {} of {}", test_name, test.workload.has_value() ? "job" : "worker", job.index + 1,
                     test.jobs);
}

// A workload job has ended: under exitall (or exitall_on_error, when it failed) the jobs of its exit_what stop.
void Runner::end_jobs_after(const JobRun& job, std::map<std::uint32_t, std::atomic<bool>>& group_ends) {
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
std::exception_ptr Runner::group_failure(const GroupJobs& jobs, std::exception_ptr clock_failure) const {
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

// The group's results as the run reports them (run/test_results.h, run/rank_exchange.h).
// `measurements`: the jobs' in their order.
std::vector<PhaseResult> Runner::results_of(std::size_t g, const GroupJobs& jobs,
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

}  // namespace bench
