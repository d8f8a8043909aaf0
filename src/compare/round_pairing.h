#pragma once
// Interleaved rounds (compare/comparison.h): runs tagged round=N (compare/run_tags.h) were made in rounds, each
// round running the base and every other group once, close together in time. A ratio taken within a round is
// then free of what the machine did between rounds (a disk whose speed moves from minute to minute, other
// load), so a group is set against the base by the median of its per-round ratios, with their range as the
// spread. Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/comparison.h"

namespace bench {

// The median of `values` (the mean of the middle two for an even count). REQUIRES: values not empty.
double median_of(std::vector<double> values);

// The per-round ratios other / base over the rounds both have, skipping rounds whose base value is 0; nullopt
// when no round is left. REQUIRES: both in round order, one value per round (as MetricCell::by_round).
std::optional<RoundRatios> round_ratios(const std::vector<RoundValue>& base, const std::vector<RoundValue>& other);

// What a phrase adds for its rounds: " (rounds 0.38–0.47)", " (rounds 0.80–1.10: spread wider than the
// difference)" (no such words when the median reads as no difference at all), " (round 2 only)".
std::string rounds_suffix(const RoundRatios& rounds);

// The base's drift: one test's throughput in the base's last round over its first.
struct TestDrift {
  std::string test;  // the test's key
  std::uint64_t first_round = 0;
  std::uint64_t last_round = 0;
  double ratio = 0;  // last / first
};

// The drift of each test's throughput in the base (the tests whose base cell has two rounds or more, with a
// first-round value other than 0), in the order given.
std::vector<TestDrift> base_drift(const std::vector<TestComparison>& tests);

// "drift check: host's throughput in its last round against its first (round 3 / round 1): 0.93× (median of 13
// tests), from 0.71× (block_read) to 1.10× (seq_create); per-round ratios pair each round's runs, so a drift
// that every group shares cancels out of them"; nullopt without any drift.
std::optional<std::string> drift_note(std::string_view base_name, const std::vector<TestDrift>& drift);

// The ratio rule and the noise rule of a comparison in which `paired` of the `others` non-base groups were set
// against the base round by round (Comparison::ratio_rule, Comparison::noise_rule).
std::string ratio_rule_text(std::size_t paired, std::size_t others);
std::string noise_rule_text_for(std::size_t paired, std::size_t others);

}  // namespace bench
