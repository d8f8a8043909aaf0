#pragma once
// Combining the ranks of a run of several processes (MPI) into one PhaseResult, and the figures that show
// how the ranks differed. Pure functions of result structs.
//
// The whole of a phase (combine_ranks): work, CPU and workers are summed over the ranks; elapsed runs from the
// earliest rank start to the latest rank end (IOR's way: total work / (last end - first start)); the latency is
// that of the ranks' histograms merged (buckets added, so percentiles are of all samples, never averaged).
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// The whole of one phase from each rank's part, as result.bonnie_test (a workload's part is the caller's to add).
// `merged_latency` is the summary of all ranks' histograms merged. result.ranks holds `ranks` when there are
// several of them, and stays empty for a single rank (a run of one process reports as it always has).
// REQUIRES: !ranks.empty(), in rank order.
PhaseResult combine_ranks(PhaseId bonnie_test, std::vector<RankPhaseResult> ranks,
                          std::optional<LatencySummary> merged_latency);

// A rank's own rate: its work (bytes for a test whose unit is bytes, else operations) over its own end - start,
// per second; nullopt when that time is zero.
std::optional<double> rank_rate_per_second(WorkUnit unit, const RankPhaseResult& rank);

// How the ranks of a phase spread out in time (times from the earliest start).
struct RankSpread {
  std::chrono::nanoseconds first_done{0};  // when the first rank finished
  std::chrono::nanoseconds last_done{0};   // when the last rank finished (= PhaseResult::elapsed)
  std::uint32_t slowest_rank = 0;          // the rank with the lowest rate (the longest time when rates tie)
  // mdtest's figure: the slowest rank's rate times the number of ranks, in the phase's unit per second
  // (bytes/s for bytes phases); nullopt when a rank's time is zero.
  std::optional<double> slowest_rate_times_ranks;
};
// nullopt when the phase has no per-rank parts (a run of one process). Rates in the test's unit
// (result/test_id.h test_work_unit: a workload's reads and writes count bytes, its syncs requests).
std::optional<RankSpread> rank_spread(const PhaseResult& result);

// CPU time per host, hosts in order of their first rank.
struct HostCpu {
  std::string host;
  std::uint32_t ranks = 0;
  std::chrono::nanoseconds cpu{0};
};
// Empty when the phase has no per-rank parts.
std::vector<HostCpu> cpu_by_host(const PhaseResult& result);

// The distinct names of `hosts`, in order of first appearance.
std::vector<std::string> distinct_hosts(const std::vector<std::string>& hosts);

}  // namespace bench
