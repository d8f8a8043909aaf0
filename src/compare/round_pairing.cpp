#include "compare/round_pairing.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "compare/ratio_text.h"

namespace bench {

double median_of(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

std::optional<RoundRatios> round_ratios(const std::vector<RoundValue>& base, const std::vector<RoundValue>& other) {
  RoundRatios out;
  auto b = base.begin();
  for (const RoundValue& o : other) {
    while (b != base.end() && b->round < o.round) ++b;
    if (b == base.end()) break;
    if (b->round != o.round || b->value == 0) continue;
    out.per_round.push_back({o.round, o.value / b->value});
  }
  if (out.per_round.empty()) return std::nullopt;
  std::vector<double> ratios;
  for (const RoundValue& r : out.per_round) ratios.push_back(r.value);
  out.median = median_of(ratios);
  out.low = *std::min_element(ratios.begin(), ratios.end());
  out.high = *std::max_element(ratios.begin(), ratios.end());
  out.spread_wider_than_difference = ratios.size() >= 2 && out.high - out.low > std::fabs(out.median - 1);
  return out;
}

std::string rounds_suffix(const RoundRatios& rounds) {
  if (rounds.per_round.size() == 1) return fmt::format(" (round {} only)", rounds.per_round.front().round);
  const std::string range = fmt::format("rounds {}–{}", format_ratio(rounds.low), format_ratio(rounds.high));
  const bool no_difference = format_ratio(rounds.median) == "1.00";
  if (rounds.spread_wider_than_difference && !no_difference) {
    return fmt::format(" ({}: spread wider than the difference)", range);
  }
  return fmt::format(" ({})", range);
}

std::vector<TestDrift> base_drift(const std::vector<TestComparison>& tests) {
  std::vector<TestDrift> out;
  for (const TestComparison& test : tests) {
    for (const MetricRow& row : test.metrics) {
      if (row.kind != MetricKind::kThroughput || row.cells.empty()) continue;
      const std::vector<RoundValue>& rounds = row.cells.front().by_round;
      if (rounds.size() < 2 || rounds.front().value == 0) continue;
      out.push_back({test_key(test.test), rounds.front().round, rounds.back().round,
                     rounds.back().value / rounds.front().value});
    }
  }
  return out;
}

std::optional<std::string> drift_note(std::string_view base_name, const std::vector<TestDrift>& drift) {
  if (drift.empty()) return std::nullopt;
  const bool same_rounds = std::all_of(drift.begin(), drift.end(), [&](const TestDrift& d) {
    return d.first_round == drift.front().first_round && d.last_round == drift.front().last_round;
  });
  const std::string rounds = same_rounds ? fmt::format(" (round {} / round {})", drift.front().last_round,
                                                       drift.front().first_round)
                                         : "";
  std::string figures;
  if (drift.size() == 1) {
    figures = fmt::format("{}× ({})", format_ratio(drift.front().ratio), drift.front().test);
  } else {
    std::vector<double> ratios;
    for (const TestDrift& d : drift) ratios.push_back(d.ratio);
    const auto by_ratio = [](const TestDrift& a, const TestDrift& b) { return a.ratio < b.ratio; };
    const TestDrift& lowest = *std::min_element(drift.begin(), drift.end(), by_ratio);
    const TestDrift& highest = *std::max_element(drift.begin(), drift.end(), by_ratio);
    figures = fmt::format("{}× (median of {} tests), from {}× ({}) to {}× ({})", format_ratio(median_of(ratios)),
                          drift.size(), format_ratio(lowest.ratio), lowest.test, format_ratio(highest.ratio),
                          highest.test);
  }
  return fmt::format("drift check: {}'s throughput in its last round against its first{}: {}; per-round ratios "
                     "pair each round's runs, so a drift that every group shares cancels out of them",
                     base_name, rounds, figures);
}

std::string ratio_rule_text(std::size_t paired, std::size_t others) {
  constexpr std::string_view kByRounds =
      "ratios are the median of the per-round ratios (other / base within each round, runs tagged round=N), "
      "with their range over the rounds in brackets";
  if (paired == 0) return "ratios are other / base";
  if (paired == others) return std::string(kByRounds);
  return fmt::format("{} where both sides have rounds, else other / base", kByRounds);
}

std::string noise_rule_text_for(std::size_t paired, std::size_t others) {
  constexpr std::string_view kByRounds =
      "a difference is beyond the round-to-round noise when the per-round ratios' range is narrower than the "
      "difference (|median - 1|), and the phrase says so when the spread is wider than the difference (needs 2 "
      "or more rounds; otherwise the noise is unknown)";
  if (paired == 0) return std::string(noise_rule_text());
  if (paired == others) return std::string(kByRounds);
  return fmt::format("by rounds, {}; otherwise, {}", kByRounds, noise_rule_text());
}

}  // namespace bench
