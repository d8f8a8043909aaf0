#pragma once
// Bringing one phase's per-rank parts together on rank 0 through a RankGroup: each rank's RankPhaseResult
// travels as a fixed number of words (gathered), its latency histogram as bucket counts (reduced: sums of
// buckets, count and sum; min of minima; max of maxima), so the merged histogram equals the one all samples
// would have made.
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "measure/latency_histogram.h"
#include "result/run_result.h"
#include "run/rank_group.h"

namespace bench {

inline constexpr std::size_t kRankResultWords = 15;

// A RankPhaseResult as words (rank and host are not sent: the receiver knows them).
std::array<std::uint64_t, kRankResultWords> pack_rank_result(const RankPhaseResult& part);
// REQUIRES: words.size() == kRankResultWords.
RankPhaseResult unpack_rank_result(std::span<const std::uint64_t> words, std::uint32_t rank, std::string host);

// Collective. On rank 0: the whole phase (result/rank_metrics.h combine_ranks) over every rank's `mine` and
// `histogram`, with the merged histogram's buckets. Elsewhere: the phase as this rank alone saw it.
PhaseResult exchange_phase_results(RankGroup& group, PhaseId id, const RankPhaseResult& mine,
                                   const LatencyHistogram& histogram);

}  // namespace bench
