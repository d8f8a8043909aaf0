#pragma once
// Bringing per-rank parts of results together on rank 0 through a RankGroup: each rank's RankPhaseResult
// travels as a fixed number of words (gathered), its latency histogram as bucket counts (reduced: sums of
// buckets, count and sum; min of minima; max of maxima), so the merged histogram equals the one all samples
// would have made. Several results go in one exchange (a few collectives, whatever their number); every rank
// passes its parts of the same results in the same order.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "result/run_result.h"
#include "run/rank_group.h"
#include "run/test_results.h"

namespace bench {

inline constexpr std::size_t kRankResultWords = 15;

// A RankPhaseResult as words (rank and host are not sent: the receiver knows them).
std::array<std::uint64_t, kRankResultWords> pack_rank_result(const RankPhaseResult& part);
// REQUIRES: words.size() == kRankResultWords.
RankPhaseResult unpack_rank_result(std::span<const std::uint64_t> words, std::uint32_t rank, std::string host);

// One rank's part of one result, and the histogram of its latencies.
struct RankPart {
  RankPhaseResult result;
  LatencyHistogram histogram;
};

// One result as rank 0 receives it: every rank's part, in rank order, and all their histograms merged.
struct GatheredParts {
  std::vector<RankPhaseResult> ranks;
  LatencyHistogram merged;
};

// Collective. On rank 0: one GatheredParts per element of `mine`, in its order. Elsewhere: empty.
// REQUIRES: every rank passes as many parts.
std::vector<GatheredParts> gather_rank_parts(RankGroup& group, std::span<const RankPart> mine);

// Collective. On rank 0: per series, the element-wise sums of every rank's `series` (which may differ in
// length between ranks: a shorter one counts as zeros after its end). Elsewhere: empty.
// REQUIRES: every rank passes as many series.
std::vector<std::vector<std::uint64_t>> sum_series(RankGroup& group,
                                                   const std::vector<std::vector<std::uint64_t>>& series);

// A failed job's failure (run/job_failure.h) in one rank's part of a result.
struct RankJobFailure {
  std::uint32_t rank = 0;
  std::string host;
  JobFailure failure;
};

// What rank 0 learns of one result's failures: every rank whose part holds one, in rank order, and whether any
// rank's part is reported without operations (LocalResult::reported_when_empty: a failed workload's first part).
struct GatheredFailures {
  std::vector<RankJobFailure> failures;
  bool reported_when_empty = false;
};

// Collective. On rank 0: one GatheredFailures per element of `mine`, in its order. Elsewhere: empty. The messages
// travel as each rank's text, padded to the longest rank's. REQUIRES: every rank passes as many results.
std::vector<GatheredFailures> gather_failures(RankGroup& group, std::span<const LocalResult> mine);

// Collective. Each result of a group (run/test_results.h) as the run reports it: on rank 0 the whole over every
// rank, combined as IOR and fio's client/server "All clients" do:
//   - operations, bytes, CPU and jobs summed over the ranks; elapsed from the earliest rank's start to the latest
//     rank's end, each an offset from the barrier before the group on the rank's own clock (clocks of different
//     hosts are never compared): rates are all the work over that span (result/rank_metrics.h combine_ranks);
//   - the latency histograms merged by adding buckets, the summary read from the merged one, never averaged;
//   - a read test's cached share over every rank's bytes;
//   - a workload's per-second series summed second by second (each rank's seconds counted from the start of its
//     own measurement) and judged for steadiness; its mean depth per job the mean over the ranks, its I/O depth
//     counts summed; the rest of its
//     part (workload, direction, job, engine) rank 0's;
//   - PhaseResult::ranks: every rank's part, which the Ranks section and JSON's "mpi" object show;
//   - a workload's failed job: the lowest failing rank's failure, its message led by "rank R (host): ", and on
//     rank 0 each of `mine`'s reported_when_empty set when any rank's is (a job that failed on another rank
//     only, before any request, is reported all the same).
// Alone, or on the other ranks: each result as this process measured it. REQUIRES: every rank passes its results
// of the same tests in the same order (run/rank_steps.h check_same_shape).
std::vector<PhaseResult> exchange_results(RankGroup& group, std::span<LocalResult> mine);

// One result as rank 0 receives it from every rank.
struct GatheredResult {
  GatheredParts parts;                    // every rank's part in rank order, the histograms merged
  std::vector<std::uint64_t> per_second;  // summed over the ranks
  std::vector<double> mean_depths;        // per rank, in rank order
  CacheResidency residency;               // summed over the ranks
  IoDepthCounts depths;                   // a workload's I/O depth counts, summed over the ranks
  LatencyHistogram submission;            // a workload's slat histograms, merged over the ranks
  LatencyHistogram completion;            // ... and its clat histograms
  std::vector<RankJobFailure> failures;   // a workload's failed jobs, per rank that had one, in rank order
};

// The whole of one result (see exchange_results). Pure. `local`: the result as rank 0 measured it, whose
// WorkloadPart names what it is and what ran it. REQUIRES: !gathered.parts.ranks.empty().
PhaseResult combine_result(const PhaseResult& local, GatheredResult gathered);

}  // namespace bench
