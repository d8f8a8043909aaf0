#include "run/workload_results.h"

#include <algorithm>
#include <span>

#include "result/steady_state.h"

namespace bench {
namespace {

using std::chrono::nanoseconds;

const DirectionMeasurement& direction_of(const JobMeasurement& job, IoDirection direction) {
  switch (direction) {
    case IoDirection::kRead: return job.read;
    case IoDirection::kWrite: return job.write;
    case IoDirection::kSync: return job.sync;
  }
  return job.read;
}

// The three directions of some jobs of a workload (all of them, or one).
void add_totals(std::span<const JobMeasurement> jobs, std::optional<std::uint32_t> job_index,
                std::vector<DirectionTotals>& out) {
  nanoseconds elapsed{0};
  double depth_sum = 0;
  auto first_start = std::chrono::steady_clock::time_point::max();
  auto last_end = std::chrono::steady_clock::time_point::min();
  for (const JobMeasurement& job : jobs) {
    elapsed = std::max(elapsed, job.elapsed);
    first_start = std::min(first_start, job.measured_from);
    last_end = std::max(last_end, job.measured_from + job.elapsed);
    if (job.elapsed.count() > 0) {
      depth_sum += static_cast<double>(job.time_in_flight.count()) / static_cast<double>(job.elapsed.count());
    }
  }
  const auto whole_seconds = static_cast<std::size_t>(elapsed / std::chrono::seconds(1));
  for (const IoDirection direction : {IoDirection::kRead, IoDirection::kWrite, IoDirection::kSync}) {
    DirectionTotals totals;
    totals.direction = direction;
    totals.job = job_index;
    totals.jobs = static_cast<std::uint32_t>(jobs.size());
    totals.elapsed = elapsed;
    totals.first_start = first_start;
    totals.last_end = last_end;
    totals.mean_depth = jobs.empty() ? 0 : depth_sum / static_cast<double>(jobs.size());
    totals.per_second.assign(whole_seconds, 0);
    for (const JobMeasurement& job : jobs) {
      const DirectionMeasurement& part = direction_of(job, direction);
      totals.histogram.merge(part.latency);
      totals.bytes += part.bytes;
      for (std::size_t s = 0; s < std::min(whole_seconds, part.operations_per_second.size()); ++s) {
        totals.per_second[s] += part.operations_per_second[s];
      }
    }
    out.push_back(std::move(totals));
  }
}

}  // namespace

std::vector<DirectionTotals> direction_totals(const WorkloadSpec& spec, const WorkloadMeasurement& measurement) {
  std::vector<DirectionTotals> totals;
  add_totals(measurement.jobs, std::nullopt, totals);
  if (spec.jobs > 1 && !spec.group_reporting) {
    for (std::uint32_t j = 0; j < measurement.jobs.size(); ++j) add_totals({&measurement.jobs[j], 1}, j, totals);
  }
  return totals;
}

PhaseResult direction_result(const WorkloadSpec& spec, const EngineChoice& choice,
                             const WorkloadMeasurement& measurement, const DirectionTotals& totals) {
  PhaseResult result;
  result.id = PhaseId::kWorkload;
  result.operations = totals.histogram.count();
  result.bytes = totals.bytes;
  result.elapsed = totals.elapsed;
  result.cpu = measurement.cpu;
  result.latency = totals.histogram.summary();
  result.latency_histogram = totals.histogram.buckets();
  result.workers = totals.jobs;
  WorkloadPart part;
  part.workload = spec.name;
  part.direction = totals.direction;
  part.job = totals.job;
  part.engine = choice.engine;
  part.engine_depth = choice.depth;
  part.engine_note = choice.note;
  part.mean_depth = totals.mean_depth;
  part.per_second.assign(totals.per_second.begin(), totals.per_second.end());
  part.steady = judge_steady_state(part.per_second);
  result.workload = std::move(part);
  return result;
}

std::vector<PhaseResult> workload_results(const WorkloadSpec& spec, const EngineChoice& choice,
                                          const WorkloadMeasurement& measurement) {
  std::vector<PhaseResult> results;
  for (const DirectionTotals& totals : direction_totals(spec, measurement)) {
    if (totals.histogram.count() != 0) results.push_back(direction_result(spec, choice, measurement, totals));
  }
  return results;
}

WorkloadRankPart rank_part_of(const DirectionTotals& totals, const WorkloadMeasurement& measurement,
                              std::chrono::steady_clock::time_point zero, std::uint32_t rank, const std::string& host) {
  RankPhaseResult part;
  part.rank = rank;
  part.host = host;
  part.start = std::chrono::duration_cast<nanoseconds>(totals.first_start - zero);
  part.end = std::chrono::duration_cast<nanoseconds>(totals.last_end - zero);
  part.operations = totals.histogram.count();
  part.bytes = totals.bytes;
  part.cpu = measurement.cpu;
  part.workers = totals.jobs;
  part.latency = totals.histogram.summary();
  return WorkloadRankPart{RankPart{part, totals.histogram}, totals.per_second, totals.mean_depth};
}

}  // namespace bench
