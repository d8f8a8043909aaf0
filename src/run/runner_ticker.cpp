// The progress thread of a running group (run/runner_core.h), on rank 0: progress and fio's ETA line at each
// progress interval, and at each --status-interval the results so far.
#include <algorithm>
#include <condition_variable>
#include <latch>

#include "measure/stopwatch.h"
#include "platform/posix_file.h"
#include "run/runner_core.h"

namespace bench {
namespace {

// How long the progress thread waits for the running jobs' answers before it reports the results so far.
constexpr std::chrono::milliseconds kStatusAnswerWait{200};

// Whether every job of the group that has not ended has answered the request `asked` (or a later one).
bool all_answered(const GroupJobs& jobs, std::uint64_t asked) {
  return std::all_of(jobs.begin(), jobs.end(), [asked](const auto& job) {
    return job->ended.load() || !job->snapshot || job->snapshot->answered() >= asked;
  });
}

// Each job's completed requests so far, for the progress display (fio's ETA line).
std::vector<JobProgress> progress_of(const GroupJobs& jobs) {
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

}  // namespace

// On rank 0 only: a thread that tells the observer how far this rank's jobs are. It first leaves the
// descriptor table to the jobs, before they open anything: with one job (on this thread) and no MPI the table
// then has one user, and every system call of the test takes the kernel's single-thread path, as bonnie++'s do
// (platform/posix_file.h).
// With `status` (fio's --status-interval), it also tells the observer the results so far at each interval.
std::jthread Runner::start_ticker(const GroupStart& start, const GroupJobs& jobs, std::optional<GroupStatus> status) {
  if (group_.rank() != 0) return {};
  std::uint64_t total = 0;
  for (const auto& job : jobs) total += job->phase->expected_operations(plan_.setup);
  std::latch detached(1);
  const auto ticker_body = [this, &start, &jobs, total, &detached, status](std::stop_token stop) {
    stop_sharing_descriptor_table();
    detached.count_down();
    tick(stop, start, jobs, total, status);
  };
  std::jthread ticker;
  try {
    ticker = std::jthread(ticker_body);
  } catch (...) {
    std::rethrow_exception(named_start_failure("the progress thread"));
  }
  detached.wait();
  return ticker;
}

// The progress thread's loop, until a stop is requested.
void Runner::tick(std::stop_token stop, const GroupStart& start, const GroupJobs& jobs, std::uint64_t total,
                  const std::optional<GroupStatus>& status) {
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
    if (!status || Clock::now() < next_status_) continue;
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

// The run so far with the running group's results as they stand: an ended job's measurement, a running one's last
// answer, or nothing yet (a job still setting up) measured from the group's release; the process's CPU time from
// the release (once a job has answered: the release is then seen) to now.
RunResult Runner::status_so_far(std::size_t g, const GroupJobs& jobs, const GroupStatus& status) {
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

}  // namespace bench
