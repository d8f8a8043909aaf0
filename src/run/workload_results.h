#pragma once
// A workload's measurement (phases/workload_group.h) as results: one PhaseResult per direction with requests
// (reads, writes, syncs) for all the workload's jobs, and with numjobs > 1 and no group_reporting also each
// job's own, each with its WorkloadPart. Pure.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "phases/workload_group.h"
#include "result/run_result.h"
#include "run/workload_exchange.h"

namespace bench {

// One direction of some jobs of a workload (all of them, or one), as this process measured it.
struct DirectionTotals {
  IoDirection direction = IoDirection::kRead;
  std::optional<std::uint32_t> job;  // nullopt: all the jobs
  std::uint32_t jobs = 0;
  LatencyHistogram histogram;        // its requests' latencies: also their count
  std::uint64_t bytes = 0;
  std::vector<std::uint64_t> per_second;  // requests completed in each whole second of the longest job's time
  std::chrono::nanoseconds elapsed{0};    // the longest job's measured time
  std::chrono::steady_clock::time_point first_start{};  // the jobs' earliest start of measurement
  std::chrono::steady_clock::time_point last_end{};     // ... and their latest end
  double mean_depth = 0;  // requests in flight per job over its measured time, the jobs' mean
};

// Every direction, requests or not: read, write and sync of all the jobs, then of each job when numjobs > 1
// without group_reporting. So the list's shape depends on the spec only (what the ranks of an MPI job need to
// exchange them).
std::vector<DirectionTotals> direction_totals(const WorkloadSpec& spec, const WorkloadMeasurement& measurement);

// The result of `totals` as one process reports it: elapsed the longest job's time, CPU the process's over the
// group.
PhaseResult direction_result(const WorkloadSpec& spec, const EngineChoice& choice,
                             const WorkloadMeasurement& measurement, const DirectionTotals& totals);

// One process's results of a workload: direction_result of each direction_totals with requests.
std::vector<PhaseResult> workload_results(const WorkloadSpec& spec, const EngineChoice& choice,
                                          const WorkloadMeasurement& measurement);

// `totals` as rank `rank` (on `host`) of an MPI job contributes it: start and end as offsets from `zero`, the
// moment this rank left the barrier before the group.
WorkloadRankPart rank_part_of(const DirectionTotals& totals, const WorkloadMeasurement& measurement,
                              std::chrono::steady_clock::time_point zero, std::uint32_t rank, const std::string& host);

}  // namespace bench
