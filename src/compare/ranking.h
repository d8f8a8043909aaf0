#pragma once
// The answer a comparison leads with: for each test's headline metrics (throughput, and p99 latency or, where no
// group has percentiles, max latency), every group that has a ratio ranked with the base, best first, each set
// against the base and against the next one down. Pure.
//
// Ranked apart: two neighbours are ranked apart when
//   - both were set against the base round by round (compare/round_pairing.h) and the ranges of their per-round
//     ratios do not overlap (the base's own range is 1–1); with one round there is no range, nothing is apart;
//   - otherwise, when the noise rule of compare/comparison.h says their means differ beyond the noise.
// Neighbours not ranked apart share a place ("2=").
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace bench {

struct RankedGroup {
  std::size_t group = 0;              // in Comparison::groups
  double ratio = 1;                   // its value over the base's (1 for the base)
  std::optional<double> low, high;    // the range of its per-round ratios, when set against the base by rounds
  std::size_t rounds = 0;             // how many rounds behind the ratio (0: not by rounds)
  std::optional<double> to_next;      // its value over the next group's down the ranking (last: none)
  bool apart_from_next = false;       // ranked apart from the next one (see above)
  std::size_t place = 1;              // from 1; groups not ranked apart share one
};

struct MetricRanking {
  std::size_t test = 0;  // in Comparison::tests
  MetricKind kind = MetricKind::kThroughput;
  std::vector<RankedGroup> order;  // best first; the base and every group with a ratio to it
  // Why some neighbours are not ranked apart, in plain words ("" when every one is): "2 rounds: too few to rank;
  // ranges overlap", "ranges overlap", "1 round: too few to rank", "1 run each: too few to rank",
  // "within the run-to-run noise".
  std::string word;
};

// Fewer rounds than this, and an overlap of ranges is put down to too few rounds.
inline constexpr std::size_t kRoundsToRank = 3;

// The rankings of the comparison's tests, in test order, throughput first; a metric without any ratio to the base
// has none.
std::vector<MetricRanking> rank_groups(const Comparison& comparison);

// "virtio-blk 0.82× host (rounds 0.80–0.85), 1.3× nvme": the group against the base and the next one down (unless
// that is the base); for the base "host (base), 1.2× nvme".
std::string ranked_phrase(const Comparison& comparison, const MetricRanking& ranking, std::size_t index);

// "1", "2=" (shares its place with a neighbour).
std::string place_text(const MetricRanking& ranking, std::size_t index);

}  // namespace bench
