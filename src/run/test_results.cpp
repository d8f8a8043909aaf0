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

std::optional<double> cached_percent(const CacheResidency& residency) {
  if (residency.bytes == 0) return std::nullopt;
  return 100.0 * static_cast<double>(residency.cached_bytes) / static_cast<double>(residency.bytes);
}

// The windows of `series` (amounts per window of `window`) that ended within `elapsed`: fio takes a sample at the end
// of each window, none of the one the job ended in.
std::vector<std::uint64_t> whole_windows(const std::vector<std::uint64_t>& series, nanoseconds elapsed,
                                         std::chrono::milliseconds window) {
  std::vector<std::uint64_t> whole(series);
  whole.resize(static_cast<std::size_t>(elapsed / window), 0);
  return whole;
}

// Part `p` of `jobs` (all of a test's, or one).
LocalResult part_result(const Plan& plan, const PlannedTest& test, const TestId& id, std::size_t p,
                        std::span<const JobMeasurement> jobs, std::optional<std::uint32_t> job_index,
                        CpuWindow cpu_window, Clock::time_point zero) {
  LocalResult local;
  auto first_start = Clock::time_point::max();
  auto last_end = Clock::time_point::min();
  double depth_sum = 0;
  nanoseconds cpu_from = cpu_window.ended;  // the earliest start of a measured window, in CPU time
  for (const JobMeasurement& job : jobs) {
    cpu_from = std::min(cpu_from, job.cpu_at_measured_from.value_or(cpu_window.released));
    first_start = std::min(first_start, job.measured_from);
    last_end = std::max(last_end, job.measured_from + job.elapsed);
    if (job.elapsed.count() > 0) {
      depth_sum += static_cast<double>(job.time_in_flight.count()) / static_cast<double>(job.elapsed.count());
    }
  }
  if (jobs.empty()) first_start = last_end = zero;
  const nanoseconds elapsed = std::chrono::duration_cast<nanoseconds>(last_end - first_start);
  const auto whole_seconds = static_cast<std::size_t>(elapsed / std::chrono::seconds(1));
  PhaseResult& result = local.result;
  local.per_second.assign(whole_seconds, 0);
  for (const JobMeasurement& job : jobs) {
    const PartMeasurement& part = job.parts.at(p);
    local.histogram.merge(part.latency);
    local.submission_histogram.merge(part.submission_latency);
    local.completion_histogram.merge(part.completion_latency);
    result.operations += part.operations;
    result.bytes += part.bytes;
    for (std::size_t s = 0; s < std::min(whole_seconds, part.operations_per_second.size()); ++s) {
      local.per_second[s] += part.operations_per_second[s];
    }
  }
  result.elapsed = elapsed;
  result.cpu = jobs.empty() ? cpu_window.ended - cpu_window.released
                            : cpu_window.ended - std::max(cpu_from, cpu_window.released);
  result.latency = local.histogram.summary();
  result.latency_histogram = local.histogram.buckets();
  result.submission_latency = local.submission_histogram.summary();  // nullopt unless slat and clat were apart
  result.submission_histogram = local.submission_histogram.buckets();
  result.completion_latency = local.completion_histogram.summary();
  result.completion_histogram = local.completion_histogram.buckets();
  result.workers = static_cast<std::uint32_t>(jobs.size());
  local.start = std::chrono::duration_cast<nanoseconds>(first_start - zero);
  local.end = std::chrono::duration_cast<nanoseconds>(last_end - zero);
  local.mean_depth = jobs.empty() ? 0 : depth_sum / static_cast<double>(jobs.size());
  if (!test.workload) {
    result.bonnie_test = id.phase;
    local.reported_when_empty = true;
    local.per_second.clear();
    return local;
  }
  WorkloadPart workload;
  workload.workload = plan.workload(test).name;
  workload.direction = id.direction;
  workload.job = job_index;
  workload.engine = test.engine.engine;
  workload.engine_depth = test.engine.depth;
  workload.engine_note = test.engine.note;
  workload.mean_depth = local.mean_depth;
  workload.per_second.assign(local.per_second.begin(), local.per_second.end());
  workload.steady = judge_steady_state(workload.per_second);
  workload.mean_latency_ns_per_second.assign(local.per_second.size(), 0.0);
  for (std::size_t s = 0; s < local.per_second.size(); ++s) {
    std::uint64_t latency_sum = 0;
    for (const JobMeasurement& job : jobs) {
      const std::vector<std::uint64_t>& sums = job.parts.at(p).latency_ns_per_second;
      if (s < sums.size()) latency_sum += sums[s];
    }
    if (local.per_second[s] != 0) {
      workload.mean_latency_ns_per_second[s] = static_cast<double>(latency_sum) / static_cast<double>(local.per_second[s]);
    }
  }
  for (const JobMeasurement& job : jobs) {
    workload.depths.add(job.depths);
    const PartMeasurement& part = job.parts.at(p);
    const WorkloadSpec& spec = plan.workload(test);
    workload.bw_window_bytes.push_back(whole_windows(part.bytes_per_bw_window, job.elapsed, spec.bw_avg_time));
    workload.iops_window_operations.push_back(
        whole_windows(part.operations_per_iops_window, job.elapsed, spec.iops_avg_time));
  }
  for (const JobMeasurement& job : jobs) {  // the first failed job's, as fio's group_reporting keeps the first error
    if (job.failure) {
      workload.failure = job.failure;
      break;
    }
  }
  result.workload = std::move(workload);
  if (!job_index) {  // fio's logs: every job's requests of this direction, in the whole part
    for (std::uint32_t j = 0; j < jobs.size(); ++j) {
      jobs[j].samples.for_each([&](IoSample sample) {
        if (sample.direction != id.direction) return;
        sample.job = j;
        result.samples.push_back(sample);
      });
    }
    std::stable_sort(result.samples.begin(), result.samples.end(),
                     [](const IoSample& a, const IoSample& b) { return a.completed < b.completed; });
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

// `results` (one job's parts, or all jobs', in the order of `parts`) of a failed workload: when none has requests,
// the one of failure_direction (else the first) is reported all the same.
void report_failure(const WorkloadSpec& spec, const std::vector<TestId>& parts, std::span<LocalResult> results) {
  if (results.empty() || !results.front().result.workload || !results.front().result.workload->failure) return;
  const auto has_requests = [](const LocalResult& p) { return p.result.operations != 0; };
  if (std::any_of(results.begin(), results.end(), has_requests)) return;
  const auto wanted = std::find_if(parts.begin(), parts.end(),
                                   [&](const TestId& id) { return id.direction == failure_direction(spec); });
  results[wanted == parts.end() ? 0 : static_cast<std::size_t>(wanted - parts.begin())].reported_when_empty = true;
}

}  // namespace

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
  for (std::size_t first = 0; first + parts.size() <= results.size(); first += parts.size()) {
    report_failure(spec, parts, std::span(results).subspan(first, parts.size()));
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
