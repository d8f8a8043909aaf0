#include "compare/ranking.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "compare/ratio_text.h"

namespace bench {
namespace {

// The metric of a test to rank by latency: p99 where any group has it measured, else max latency.
std::optional<MetricKind> latency_kind(const TestComparison& test) {
  std::optional<MetricKind> found;
  for (const MetricRow& row : test.metrics) {
    const bool any = std::any_of(row.cells.begin(), row.cells.end(), [](const MetricCell& cell) {
      return cell.state == CellState::kMeasured;
    });
    if (!any) continue;
    if (row.kind == MetricKind::kLatencyP99) return row.kind;
    if (row.kind == MetricKind::kLatencyMax) found = row.kind;
  }
  return found;
}

// Whether a (better) and b (next down) are ranked apart, by the rule of ranking.h.
bool apart(const RankedGroup& a, const MetricCell& a_cell, const RankedGroup& b, const MetricCell& b_cell) {
  if (a.low && b.low) {
    if (a.rounds < 2 || b.rounds < 2) return false;
    return *a.low > *b.high || *b.low > *a.high;
  }
  const MeanStddev& x = a_cell.stats;
  const MeanStddev& y = b_cell.stats;
  if (x.count < 2 && y.count < 2) return false;
  return std::fabs(x.mean - y.mean) > kNoiseFactor * std::max(x.stddev, y.stddev);
}

// The word for the neighbours not ranked apart (ranking.h).
std::string word_for(const std::vector<RankedGroup>& order, const MetricRow& row) {
  std::size_t fewest_rounds = 0;
  bool by_rounds = false, one_run_each = true;
  for (const RankedGroup& ranked : order) {
    if (ranked.low) {
      fewest_rounds = by_rounds ? std::min(fewest_rounds, ranked.rounds) : ranked.rounds;
      by_rounds = true;
    }
    one_run_each = one_run_each && row.cells[ranked.group].stats.count < 2;
  }
  if (by_rounds) {
    if (fewest_rounds < 2) return fmt::format("{} round: too few to rank (no range)", fewest_rounds);
    if (fewest_rounds < kRoundsToRank) return fmt::format("{} rounds: too few to rank; ranges overlap", fewest_rounds);
    return "ranges overlap: not ranked apart";
  }
  if (one_run_each) return "1 run each: too few to rank (no spread)";
  return "within the run-to-run noise: not ranked apart";
}

std::optional<MetricRanking> rank_metric(std::size_t t, const MetricRow& row) {
  MetricRanking ranking;
  ranking.test = t;
  ranking.kind = row.kind;
  if (row.cells.empty() || row.cells[0].state != CellState::kMeasured) return std::nullopt;
  RankedGroup base;
  base.group = 0;
  bool base_by_rounds = false;
  for (std::size_t g = 1; g < row.cells.size(); ++g) {
    const MetricCell& cell = row.cells[g];
    if (!cell.ratio) continue;
    RankedGroup ranked;
    ranked.group = g;
    ranked.ratio = *cell.ratio;
    if (cell.rounds) {
      ranked.low = cell.rounds->low;
      ranked.high = cell.rounds->high;
      ranked.rounds = cell.rounds->per_round.size();
      base_by_rounds = true;
      base.rounds = std::max(base.rounds, ranked.rounds);
    }
    ranking.order.push_back(ranked);
  }
  if (ranking.order.empty()) return std::nullopt;
  if (base_by_rounds) base.low = base.high = 1.0;
  ranking.order.insert(ranking.order.begin(), base);  // first among equals
  const bool higher = higher_is_better(row.kind);
  std::stable_sort(ranking.order.begin(), ranking.order.end(), [&](const RankedGroup& a, const RankedGroup& b) {
    return higher ? a.ratio > b.ratio : a.ratio < b.ratio;
  });
  bool all_apart = true;
  for (std::size_t i = 0; i < ranking.order.size(); ++i) {
    RankedGroup& ranked = ranking.order[i];
    if (i + 1 < ranking.order.size()) {
      const RankedGroup& next = ranking.order[i + 1];
      if (next.ratio != 0) ranked.to_next = ranked.ratio / next.ratio;
      ranked.apart_from_next = apart(ranked, row.cells[ranked.group], next, row.cells[next.group]);
      all_apart = all_apart && ranked.apart_from_next;
    }
    if (i > 0) {
      const RankedGroup& above = ranking.order[i - 1];
      ranked.place = above.apart_from_next ? i + 1 : above.place;
    }
  }
  if (!all_apart) ranking.word = word_for(ranking.order, row);
  return ranking;
}

}  // namespace

std::vector<MetricRanking> rank_groups(const Comparison& comparison) {
  std::vector<MetricRanking> out;
  for (std::size_t t = 0; t < comparison.tests.size(); ++t) {
    const TestComparison& test = comparison.tests[t];
    const std::optional<MetricKind> latency = latency_kind(test);
    for (const MetricRow& row : test.metrics) {
      if (row.kind != MetricKind::kThroughput && row.kind != latency) continue;
      if (auto ranking = rank_metric(t, row)) out.push_back(std::move(*ranking));
    }
  }
  return out;
}

std::string place_text(const MetricRanking& ranking, std::size_t index) {
  const RankedGroup& ranked = ranking.order[index];
  const bool shared = (index > 0 && !ranking.order[index - 1].apart_from_next) ||
                      (index + 1 < ranking.order.size() && !ranked.apart_from_next);
  return fmt::format("{}{}", ranked.place, shared ? "=" : "");
}

std::string ranked_phrase(const Comparison& comparison, const MetricRanking& ranking, std::size_t index) {
  const RankedGroup& ranked = ranking.order[index];
  const std::string& base = comparison.groups[0].name;
  std::string text = comparison.groups[ranked.group].name;
  if (ranked.group == 0) {
    text += " (base)";
  } else {
    text += fmt::format(" {}× {}", format_ratio(ranked.ratio), base);
    if (ranked.low && ranked.rounds >= 2) {
      text += fmt::format(" (rounds {}–{})", format_ratio(*ranked.low), format_ratio(*ranked.high));
    } else if (ranked.low) {
      text += " (1 round)";
    }
  }
  // (Against the base when the next one down is the base: said already.)
  if (ranked.to_next && index + 1 < ranking.order.size() && (ranked.group == 0 || ranking.order[index + 1].group != 0)) {
    text += fmt::format(", {}× {}", format_ratio(*ranked.to_next), comparison.groups[ranking.order[index + 1].group].name);
  }
  return text;
}

}  // namespace bench
