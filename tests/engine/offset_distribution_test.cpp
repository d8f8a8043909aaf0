#include "engine/offset_distribution.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/fio_distribution.h"
#include "cli/fio_options.h"
#include "cli/fio_values.h"
#include "result/errors.h"

namespace bench {
namespace {

// As the option's rule reads it (cli/fio_option_rows_job.cpp): fio's sizes with kb_base=1024.
DistributionSpec parse(std::string_view text) {
  return parse_random_distribution(text, [](std::string_view size) { return cli_value::fio_size_of(size, 1024); });
}

std::string parse_error(std::string_view text) {
  try {
    parse(text);
  } catch (const ValueError& error) {
    return error.what();
  }
  return "";
}

// The share of all hits that the hottest `fraction` of the blocks took.
double hottest_share(std::vector<std::uint64_t> hits, double fraction) {
  std::sort(hits.begin(), hits.end(), std::greater<>());
  const auto count = static_cast<std::size_t>(static_cast<double>(hits.size()) * fraction);
  const double top = static_cast<double>(std::accumulate(hits.begin(), hits.begin() + count, std::uint64_t{0}));
  return top / static_cast<double>(std::accumulate(hits.begin(), hits.end(), std::uint64_t{0}));
}

// The same share in theory, from the probability of each rank.
double hottest_share_in_theory(std::vector<double> probability, double fraction) {
  std::sort(probability.begin(), probability.end(), std::greater<>());
  const auto count = static_cast<std::size_t>(static_cast<double>(probability.size()) * fraction);
  return std::accumulate(probability.begin(), probability.begin() + count, 0.0) /
         std::accumulate(probability.begin(), probability.end(), 0.0);
}

template <typename Generator>
std::vector<std::uint64_t> hits_of(Generator& generator, std::uint64_t ranges, int draws) {
  std::vector<std::uint64_t> hits(ranges);
  for (int i = 0; i < draws; ++i) {
    const std::uint64_t block = generator.next();
    REQUIRE(block < ranges);
    ++hits[block];
  }
  return hits;
}

constexpr std::uint64_t kRanges = 4096;  // a power of two: the hash scatters ranks onto distinct blocks
constexpr int kDraws = 400'000;

}  // namespace

TEST_CASE("engine: random_distribution values as fio reads them") {
  CHECK(parse("random").kind == DistributionKind::kRandom);
  const DistributionSpec zipf = parse("zipf:1.2");
  CHECK(zipf.kind == DistributionKind::kZipf);
  CHECK(zipf.parameter == 1.2);
  CHECK_FALSE(zipf.center.has_value());
  CHECK(parse("zipf").parameter == 1.1);   // fio's default theta
  CHECK(parse("pareto").parameter == 0.2);  // and h
  CHECK(parse("normal").parameter == 0.0);
  const DistributionSpec centered = parse("pareto:0.9:0.25");
  CHECK(centered.parameter == 0.9);
  CHECK(centered.center == 0.25);
  const DistributionSpec zoned = parse("zoned:60/10:30/20:10/70");
  CHECK(zoned.kind == DistributionKind::kZoned);
  const std::vector<Zone> expected = {{60, 10, 0}, {30, 20, 0}, {10, 70, 0}};
  for (const auto& zones : zoned.zones) CHECK(zones == expected);
  // Two lists: read's, then write's, which trim takes too; a missing size shares what is left.
  const DistributionSpec split = parse("zoned:50/50:50,100");
  CHECK(split.zones[0] == std::vector<Zone>{{50, 50, 0}, {50, 50, 0}});
  CHECK(split.zones[1] == std::vector<Zone>{{100, 100, 0}});
  CHECK(split.zones[2] == split.zones[1]);
  // fio's rand-zones.fio: an empty size after the slash is a missing one (fio's atoi of "" is 0), given the rest.
  CHECK(parse("zoned:50/5:30/15:20/").zones[0] == std::vector<Zone>{{50, 5, 0}, {30, 15, 0}, {20, 80, 0}});
  const DistributionSpec absolute = parse("zoned_abs:70/1m:30/3m");
  CHECK(absolute.kind == DistributionKind::kZonedAbsolute);
  CHECK(absolute.zones[0] == std::vector<Zone>{{70, 0, 1 << 20}, {30, 0, 3 << 20}});
}

TEST_CASE("engine: random_distribution refuses what fio refuses, saying what was wrong") {
  CHECK(parse_error("zipf:1") == "random_distribution 'zipf:1': zipf's theta must not be 1");
  CHECK(parse_error("pareto:1.5") == "random_distribution 'pareto:1.5': pareto's h must be within 0 < h < 1");
  CHECK(parse_error("normal:100") ==
        "random_distribution 'normal:100': normal's deviation must be within 0 <= dev < 100");
  CHECK(parse_error("zipf:1.2:2") == "random_distribution 'zipf:1.2:2': the center must be within 0..1");
  CHECK(parse_error("zipf:x") == "random_distribution 'zipf:x': the parameter 'x' is not a number");
  CHECK(parse_error("zoned:60/10:30/20") ==
        "random_distribution 'zoned:60/10:30/20': the access shares add up to 90, not 100");
  CHECK(parse_error("zoned:50/60:50/60") ==
        "random_distribution 'zoned:50/60:50/60': the zone sizes add up to more than 100 %");
  CHECK(parse_error("zoned_abs:100/1q") ==
        "random_distribution 'zoned_abs:100/1q': zone size '1q': unknown size suffix 'q'");
  CHECK(parse_error("uniform") ==
        "random_distribution 'uniform': unknown distribution 'uniform' (random, zipf, pareto, normal, zoned, "
        "zoned_abs)");
  CHECK(parse_error("zoned:") == "random_distribution 'zoned:': no zones");
}

TEST_CASE("engine: a zone table maps each percentile of requests to its zone") {
  const ZoneTable table({{60, 10, 0}, {30, 20, 0}, {10, 70, 0}}, false);
  CHECK(table.row(1).begin == 0);
  CHECK(table.row(60).end == 10);
  CHECK(table.row(61).begin == 10);
  CHECK(table.row(90).end == 30);
  CHECK(table.row(91).begin == 30);
  CHECK(table.row(100).end == 100);
  CHECK(ZoneTable().empty());
}

TEST_CASE("engine: zipf's hottest blocks take the share zipf's law gives them") {
  for (const double theta : {0.8, 1.2}) {
    FioRankedDistribution zipf(DistributionKind::kZipf, kRanges, theta, std::nullopt, 1234);
    const std::vector<std::uint64_t> hits = hits_of(zipf, kRanges, kDraws);
    std::vector<double> law(kRanges);
    for (std::uint64_t rank = 0; rank < kRanges; ++rank)
      law[rank] = std::pow(1.0 / static_cast<double>(rank + 1), theta);
    for (const double fraction : {0.01, 0.1}) {
      INFO("theta " << theta << ", hottest " << fraction);
      // fio's generator approximates the law (Gray et al.): within 0.03 of it, which a uniform draw (0.01, 0.1)
      // or a mistaken theta (0.8 against 1.2: 0.26 against 0.69) misses by far.
      CHECK(std::abs(hottest_share(hits, fraction) - hottest_share_in_theory(law, fraction)) < 0.03);
    }
  }
}

TEST_CASE("engine: pareto's hottest blocks take the share its power law gives them") {
  for (const double h : {0.2, 0.5, 0.9}) {
    FioRankedDistribution pareto(DistributionKind::kPareto, kRanges, h, std::nullopt, 99);
    const std::vector<std::uint64_t> hits = hits_of(pareto, kRanges, kDraws);
    // rank = floor((ranges - 1) u^p): P(rank < x) = (x / (ranges - 1))^(1/p).
    const double power = std::log(h) / std::log(1.0 - h);
    const auto below = [&](double x) { return std::pow(std::min(1.0, x / (kRanges - 1.0)), 1.0 / power); };
    std::vector<double> law(kRanges);
    for (std::uint64_t rank = 0; rank < kRanges; ++rank) {
      const auto x = static_cast<double>(rank);
      law[rank] = below(x + 1.0) - below(x);
    }
    for (const double fraction : {0.01, 0.1}) {
      INFO("h " << h << ", hottest " << fraction);
      CHECK(std::abs(hottest_share(hits, fraction) - hottest_share_in_theory(law, fraction)) < 0.02);
    }
  }
}

TEST_CASE("engine: normal's hottest blocks are the bell's middle, sd ranges / 12") {
  FioRankedDistribution normal(DistributionKind::kNormal, kRanges, 0.0, std::nullopt, 5);
  const std::vector<std::uint64_t> hits = hits_of(normal, kRanges, kDraws);
  // The hottest 10 % are the middle 10 %: within 0.6 sd of the mean, 45.1 % of a normal's mass; 1 %: 4.8 %.
  CHECK(std::abs(hottest_share(hits, 0.1) - std::erf(0.6 / std::sqrt(2.0))) < 0.02);
  CHECK(std::abs(hottest_share(hits, 0.01) - std::erf(0.06 / std::sqrt(2.0))) < 0.01);
  // A deviation of 10 % adds a uniform jitter of 10 % of the ranges: the middle flattens.
  FioRankedDistribution wide(DistributionKind::kNormal, kRanges, 10.0, std::nullopt, 5);
  CHECK(hottest_share(hits_of(wide, kRanges, kDraws), 0.1) < hottest_share(hits, 0.1) - 0.02);
}

TEST_CASE("engine: a center puts the hottest block there, without one fio's random shift does") {
  // zipf's hottest rank is rank 0: hash(0) = 0, so with a center the hottest block is center x ranges.
  FioRankedDistribution centered(DistributionKind::kZipf, kRanges, 1.2, 0.25, 1);
  const std::vector<std::uint64_t> hits = hits_of(centered, kRanges, 100'000);
  CHECK(std::max_element(hits.begin(), hits.end()) - hits.begin() == kRanges / 4);
  FioRankedDistribution shifted(DistributionKind::kZipf, kRanges, 1.2, std::nullopt, 1);
  FioRankedDistribution other_seed(DistributionKind::kZipf, kRanges, 1.2, std::nullopt, 2);
  const std::vector<std::uint64_t> a = hits_of(shifted, kRanges, 100'000);
  const std::vector<std::uint64_t> b = hits_of(other_seed, kRanges, 100'000);
  CHECK(std::max_element(a.begin(), a.end()) - a.begin() != std::max_element(b.begin(), b.end()) - b.begin());
}

}  // namespace bench
