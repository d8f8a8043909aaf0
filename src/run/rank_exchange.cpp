#include "run/rank_exchange.h"

#include <bit>

#include "result/rank_metrics.h"

namespace bench {
namespace {
std::uint64_t word_of(std::chrono::nanoseconds d) { return static_cast<std::uint64_t>(d.count()); }
std::chrono::nanoseconds duration_of(std::uint64_t w) {
  return std::chrono::nanoseconds{static_cast<std::int64_t>(w)};
}

// Merges every rank's histogram on rank 0; empty elsewhere.
LatencyHistogram merge_histograms(RankGroup& group, const LatencyHistogram& histogram) {
  const std::vector<std::uint64_t> words = histogram.to_words();
  constexpr std::size_t kSummed = LatencyHistogram::kBucketCount + 2;  // buckets, count, sum
  std::vector<std::uint64_t> merged = group.reduce_words(std::span(words).first(kSummed), ReduceOp::kSum);
  const std::vector<std::uint64_t> min = group.reduce_words(std::span(words).subspan(kSummed, 1), ReduceOp::kMin);
  const std::vector<std::uint64_t> max =
      group.reduce_words(std::span(words).subspan(kSummed + 1, 1), ReduceOp::kMax);
  if (group.rank() != 0) return {};
  merged.push_back(min.at(0));
  merged.push_back(max.at(0));
  return LatencyHistogram::from_words(merged);
}
}  // namespace

std::array<std::uint64_t, kRankResultWords> pack_rank_result(const RankPhaseResult& part) {
  const LatencySummary l = part.latency.value_or(LatencySummary{});
  return {word_of(part.start), word_of(part.end), part.operations, part.bytes, word_of(part.cpu), part.workers,
          part.latency.has_value() ? 1u : 0u, l.count, l.min_ns, l.max_ns, std::bit_cast<std::uint64_t>(l.mean_ns),
          l.p50_ns, l.p90_ns, l.p99_ns, l.p999_ns};
}

RankPhaseResult unpack_rank_result(std::span<const std::uint64_t> w, std::uint32_t rank, std::string host) {
  RankPhaseResult part;
  part.rank = rank;
  part.host = std::move(host);
  part.start = duration_of(w[0]);
  part.end = duration_of(w[1]);
  part.operations = w[2];
  part.bytes = w[3];
  part.cpu = duration_of(w[4]);
  part.workers = static_cast<std::uint32_t>(w[5]);
  if (w[6] != 0) part.latency = LatencySummary{w[7], w[8], w[9], std::bit_cast<double>(w[10]), w[11], w[12], w[13], w[14]};
  return part;
}

PhaseResult exchange_phase_results(RankGroup& group, PhaseId id, const RankPhaseResult& mine,
                                   const LatencyHistogram& histogram) {
  const auto packed = pack_rank_result(mine);
  const std::vector<std::uint64_t> all = group.gather_words(packed);
  const LatencyHistogram merged = merge_histograms(group, histogram);
  if (group.rank() != 0) {
    PhaseResult alone = combine_ranks(id, {mine}, histogram.summary());
    alone.latency_histogram = histogram.buckets();
    return alone;
  }
  std::vector<RankPhaseResult> parts;
  for (std::uint32_t r = 0; r < group.size(); ++r) {
    parts.push_back(unpack_rank_result(std::span(all).subspan(r * kRankResultWords, kRankResultWords), r,
                                       group.host_names().at(r)));
  }
  PhaseResult whole = combine_ranks(id, std::move(parts), merged.summary());
  whole.latency_histogram = merged.buckets();
  return whole;
}

}  // namespace bench
