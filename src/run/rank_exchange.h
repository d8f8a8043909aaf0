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

// Collective. On rank 0: the whole phase (result/rank_metrics.h combine_ranks) over every rank's `mine` and
// `histogram`, with the merged histogram's buckets. Elsewhere: the phase as this rank alone saw it.
PhaseResult exchange_phase_results(RankGroup& group, PhaseId id, const RankPhaseResult& mine,
                                   const LatencyHistogram& histogram);

}  // namespace bench
