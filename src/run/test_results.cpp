#include "run/test_results.h"

#include <algorithm>
#include <optional>

#include "phases/workload/workload_job.h"
#include "result/metrics.h"
#include "result/steady_state.h"

namespace bench {
namespace {

using std::chrono::nanoseconds;
using Clock = std::chrono::steady_clock;

// How long before a job's end a window must end to have its sample: fio's helper thread takes each sample at the
// end of a window while the job runs (stat.c calc_log_samples, for a job TD_RUNNING), so the window the job's end
// closes has none; fio 3.33 took 3 samples of 500 ms in a 2 s time_based job, 4 in a 2.25 s one (with 2002 ms it took
// 3 or 4, as its helper thread woke before the job's end or after it: a window ending 1 ms before it counts here).
constexpr nanoseconds kLastSampleBeforeEnd = std::chrono::milliseconds(1);

std::optional<double> cached_percent(const CacheResidency& residency) {
  if (residency.bytes == 0) return std::nullopt;
  return 100.0 * static_cast<double>(residency.cached_bytes) / static_cast<double>(residency.bytes);
}

// When the jobs' measured windows began and ended, and what they share of the CPU window.
struct MeasuredSpan {
  Clock::time_point first_start;
  Clock::time_point last_end;
  nanoseconds cpu_from;      // the earliest start of a measured window, in CPU time
  double mean_depth = 0;     // the jobs' mean of their time in flight over their elapsed time
};

// Where part `p` of `job` was measured: its own window (a verify read-back's: PartMeasurement::own_window), else
// the job's.
PartMeasurement::Window window_of(const JobMeasurement& job, std::size_t p) {
  if (p < job.parts.size() && job.parts[p].own_window) return *job.parts[p].own_window;
  return {job.measured_from, job.elapsed};
}

// A job's whole runtime, as fio's job_runtime (backend.c: from the job's start to its end, a verify read-back after
// the writes included): its measured time, or the end of a part measured in a window of its own if that is later.
std::chrono::nanoseconds job_runtime_of(const JobMeasurement& job) {
  std::chrono::nanoseconds runtime = job.elapsed;
  for (const PartMeasurement& part : job.parts) {
    if (part.own_window) runtime = std::max(runtime, part.own_window->from + part.own_window->elapsed - job.measured_from);
  }
  return runtime;
}

MeasuredSpan span_of(std::span<const JobMeasurement> jobs, std::size_t p, CpuWindow cpu_window,
                     Clock::time_point zero) {
  if (jobs.empty()) return {zero, zero, cpu_window.ended, 0};
  MeasuredSpan span{Clock::time_point::max(), Clock::time_point::min(), cpu_window.ended, 0};
  double depth_sum = 0;
  for (const JobMeasurement& job : jobs) {
    span.cpu_from = std::min(span.cpu_from, job.cpu_at_measured_from.value_or(cpu_window.released));
    const PartMeasurement::Window window = window_of(job, p);
    span.first_start = std::min(span.first_start, window.from);
    span.last_end = std::max(span.last_end, window.from + window.elapsed);
    if (job.elapsed.count() > 0) {
      depth_sum += static_cast<double>(job.time_in_flight.count()) / static_cast<double>(job.elapsed.count());
    }
  }
  span.mean_depth = depth_sum / static_cast<double>(jobs.size());
  return span;
}

// Part `p` summed over `jobs` into `local`: requests, bytes, the latency histograms and the per-second series (its
// first `whole_seconds` seconds).
void add_parts(LocalResult& local, std::span<const JobMeasurement> jobs, std::size_t p, std::size_t whole_seconds) {
  local.per_second.assign(whole_seconds, 0);
  for (const JobMeasurement& job : jobs) {
    const PartMeasurement& part = job.parts.at(p);
    local.histogram.merge(part.latency);
    local.submission_histogram.merge(part.submission_latency);
    local.completion_histogram.merge(part.completion_latency);
    local.result.operations += part.operations;
    local.result.bytes += part.bytes;
    for (std::size_t s = 0; s < std::min(whole_seconds, part.operations_per_second.size()); ++s) {
      local.per_second[s] += part.operations_per_second[s];
    }
  }
}

// The mean latency of each second's requests over `jobs` (0 for a second without any).
std::vector<double> mean_latency_per_second(std::span<const JobMeasurement> jobs, std::size_t p,
                                            const std::vector<std::uint64_t>& per_second) {
  std::vector<double> means(per_second.size(), 0.0);
  for (std::size_t s = 0; s < per_second.size(); ++s) {
    std::uint64_t latency_sum = 0;
    for (const JobMeasurement& job : jobs) {
      const std::vector<std::uint64_t>& sums = job.parts.at(p).latency_ns_per_second;
      if (s < sums.size()) latency_sum += sums[s];
    }
    if (per_second[s] != 0) means[s] = static_cast<double>(latency_sum) / static_cast<double>(per_second[s]);
  }
  return means;
}

// The workload's own figures of part `p` of `jobs`: what ran it, its series, depths and windows, the first failure.
WorkloadPart workload_part_of(const Plan& plan, const PlannedTest& test, const TestId& id, std::size_t p,
                              std::span<const JobMeasurement> jobs, std::optional<std::uint32_t> job_index,
                              const LocalResult& local) {
  const WorkloadSpec& spec = plan.workload(test);
  WorkloadPart workload;
  workload.workload = spec.name;
  workload.direction = id.direction;
  workload.job = job_index;
  workload.engine = test.engine.engine;
  workload.engine_depth = test.engine.depth;
  workload.engine_note = test.engine.note;
  workload.mean_depth = local.mean_depth;
  workload.per_second.assign(local.per_second.begin(), local.per_second.end());
  workload.steady = judge_steady_state(workload.per_second);
  workload.mean_latency_ns_per_second = mean_latency_per_second(jobs, p, local.per_second);
  if (!jobs.empty()) workload.fio_steady_state = jobs.back().steady_state;
  if (!jobs.empty()) workload.latency_depth = jobs.back().latency_depth;
  for (const JobMeasurement& job : jobs) {
    workload.depths.add(job.depths);
    const PartMeasurement& part = job.parts.at(p);
    const std::chrono::nanoseconds elapsed = window_of(job, p).elapsed;
    workload.bw_window_bytes.push_back(sampled_windows(part.bytes_per_bw_window, elapsed, spec.runtime, spec.bw_avg_time));
    workload.iops_window_operations.push_back(
        sampled_windows(part.operations_per_iops_window, elapsed, spec.runtime, spec.iops_avg_time));
    workload.job_runtimes.push_back(job_runtime_of(job));
  }
  for (const JobMeasurement& job : jobs) workload.errors.add(job.errors);  // fio's sum_thread_stats
  for (const JobMeasurement& job : jobs) {  // the first failed job's, as fio's group_reporting keeps the first error
    if (job.failure) {
      workload.failure = job.failure;
      break;
    }
  }
  return workload;
}

// fio's logs: every job's requests of `direction` in `jobs`, by completion time.
std::vector<IoSample> samples_of(std::span<const JobMeasurement> jobs, IoDirection direction) {
  std::vector<IoSample> samples;
  for (std::uint32_t j = 0; j < jobs.size(); ++j) {
    jobs[j].samples.for_each([&](IoSample sample) {
      if (sample.direction != direction) return;
      sample.job = j;
      samples.push_back(sample);
    });
  }
  std::stable_sort(samples.begin(), samples.end(),
                   [](const IoSample& a, const IoSample& b) { return a.completed < b.completed; });
  return samples;
}

// The jobs' own usage (JobMeasurement::own_usage) summed, as fio sums its jobs' under group_reporting (stat.c
// sum_thread_stats); nullopt when a job has none.
std::optional<CpuBreakdown> own_usage_of(std::span<const JobMeasurement> jobs) {
  if (jobs.empty()) return std::nullopt;
  CpuBreakdown sum;
  for (const JobMeasurement& job : jobs) {
    if (!job.own_usage) return std::nullopt;
    sum.user += job.own_usage->user;
    sum.system += job.own_usage->system;
    sum.context_switches += job.own_usage->context_switches;
    sum.major_faults += job.own_usage->major_faults;
    sum.minor_faults += job.own_usage->minor_faults;
  }
  return sum;
}

// Part `p` of `jobs` (all of a test's, or one).
LocalResult part_result(const Plan& plan, const PlannedTest& test, const TestId& id, std::size_t p,
                        std::span<const JobMeasurement> jobs, std::optional<std::uint32_t> job_index,
                        CpuWindow cpu_window, Clock::time_point zero) {
  LocalResult local;
  const MeasuredSpan span = span_of(jobs, p, cpu_window, zero);
  const nanoseconds elapsed = std::chrono::duration_cast<nanoseconds>(span.last_end - span.first_start);
  add_parts(local, jobs, p, static_cast<std::size_t>(elapsed / std::chrono::seconds(1)));
  PhaseResult& result = local.result;
  result.elapsed = elapsed;
  result.cpu = jobs.empty() ? cpu_window.ended - cpu_window.released
                            : cpu_window.ended - std::max(span.cpu_from, cpu_window.released);
  result.latency = local.histogram.summary();
  result.latency_histogram = local.histogram.buckets();
  result.submission_latency = local.submission_histogram.summary();  // nullopt unless slat and clat were apart
  result.submission_histogram = local.submission_histogram.buckets();
  result.completion_latency = local.completion_histogram.summary();
  result.completion_histogram = local.completion_histogram.buckets();
  result.workers = static_cast<std::uint32_t>(jobs.size());
  result.cpu_breakdown = own_usage_of(jobs);
  local.start = std::chrono::duration_cast<nanoseconds>(span.first_start - zero);
  local.end = std::chrono::duration_cast<nanoseconds>(span.last_end - zero);
  local.mean_depth = span.mean_depth;
  if (!test.workload) {
    result.bonnie_test = id.phase;
    local.reported_when_empty = true;
    local.per_second.clear();
    return local;
  }
  result.workload = workload_part_of(plan, test, id, p, jobs, job_index, local);
  if (!job_index) {
    result.samples = samples_of(jobs, id.direction);
    if (std::any_of(jobs.begin(), jobs.end(), [](const JobMeasurement& job) { return job.log_epoch_ms.has_value(); })) {
      for (const JobMeasurement& job : jobs) result.log_epochs_ms.push_back(job.log_epoch_ms.value_or(0));
    }
  }
  return local;
}

// The direction a failed workload reports even without requests (so that every output names it): the first it
// does, in IoDirection's order, its syncs when it does none of the others.
IoDirection failure_direction(const WorkloadSpec& spec) {
  if (reads_data(spec.pattern)) return IoDirection::kRead;
  if (writes_data(spec.pattern)) return IoDirection::kWrite;
  if (trims_data(spec.pattern)) return IoDirection::kTrim;
  return IoDirection::kSync;
}

// `results` (one job's parts, or all jobs', in the order of `parts`) of a failed workload, of one that went on after
// errors (continue_on_error=), of a create_only=1 one, or
// of one a stop signal ended, started or not (`stopped`; fio lists every job, with no I/O): when none has requests,
// the one of failure_direction (else the first) is reported all the same.
void report_without_requests(const WorkloadSpec& spec, const std::vector<TestId>& parts, bool stopped,
                             std::span<LocalResult> results) {
  if (results.empty() || !results.front().result.workload) return;
  const WorkloadPart& workload = *results.front().result.workload;
  if (!workload.failure && workload.errors == JobErrors{} && !spec.create_only && !stopped) return;
  const auto has_requests = [](const LocalResult& p) { return p.result.operations != 0; };
  if (std::any_of(results.begin(), results.end(), has_requests)) return;
  const auto wanted = std::find_if(parts.begin(), parts.end(),
                                   [&](const TestId& id) { return id.direction == failure_direction(spec); });
  results[wanted == parts.end() ? 0 : static_cast<std::size_t>(wanted - parts.begin())].reported_when_empty = true;
}

}  // namespace

std::vector<std::uint64_t> sampled_windows(const std::vector<std::uint64_t>& series, nanoseconds elapsed,
                                           nanoseconds runtime, std::chrono::milliseconds window) {
  const nanoseconds end = runtime.count() > 0 ? std::min(elapsed, runtime) : elapsed;
  std::vector<std::uint64_t> whole(series);
  whole.resize(end > kLastSampleBeforeEnd ? static_cast<std::size_t>((end - kLastSampleBeforeEnd) / window) : 0, 0);
  return whole;
}

std::vector<LocalResult> local_results(const Plan& plan, const PlannedTest& test, const std::vector<TestId>& parts,
                                       std::span<const JobMeasurement> jobs, std::span<const CacheResidency> residencies,
                                       CpuWindow cpu, Clock::time_point zero) {
  CacheResidency residency;
  for (const CacheResidency& job : residencies) {
    residency.cached_bytes += job.cached_bytes;
    residency.bytes += job.bytes;
  }
  std::vector<LocalResult> results;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    results.push_back(part_result(plan, test, parts[p], p, jobs, std::nullopt, cpu, zero));
    results.back().residency = residency;
    results.back().result.cached_percent = cached_percent(residency);
  }
  if (test.reports_each_job) {
    for (std::uint32_t j = 0; j < jobs.size(); ++j) {
      for (std::size_t p = 0; p < parts.size(); ++p) {
        results.push_back(part_result(plan, test, parts[p], p, jobs.subspan(j, 1), j, cpu, zero));
      }
    }
  }
  if (!test.workload) return results;
  const WorkloadSpec& spec = plan.workload(test);
  const bool stopped =
      std::any_of(jobs.begin(), jobs.end(), [](const JobMeasurement& job) { return job.stop_signal != 0; });
  for (std::size_t first = 0; first + parts.size() <= results.size(); first += parts.size()) {
    report_without_requests(spec, parts, stopped, std::span(results).subspan(first, parts.size()));
  }
  // The measurer's cost: the process's CPU over the workload's window per request of the whole workload (its
  // all-jobs parts, every direction), in every part, a job's too (the process serves all jobs at once).
  if (!results.empty()) {
    std::uint64_t requests = 0;
    for (std::size_t p = 0; p < parts.size(); ++p) requests += results[p].result.operations;
    const std::optional<double> cost = cpu_seconds_per_million_requests(results.front().result.cpu, requests);
    for (LocalResult& local : results) local.result.workload->cpu_per_million_requests = cost;
  }
  return results;
}

}  // namespace bench
