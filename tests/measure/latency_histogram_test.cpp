#include "measure/latency_histogram.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace bench {
namespace {

// The exact percentile with the same definition the histogram uses: the smallest sample with at least
// `fraction` of the samples at or below it.
std::uint64_t exact_percentile(std::vector<std::uint64_t> sorted, double fraction) {
  const auto rank = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(fraction * static_cast<double>(sorted.size()))));
  return sorted[rank - 1];
}

void check_percentiles(std::vector<std::uint64_t> samples) {
  LatencyHistogram histogram;
  for (auto s : samples) histogram.record(s);
  std::sort(samples.begin(), samples.end());
  for (double fraction : {0.0001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999, 0.9999, 1.0}) {
    const double exact = static_cast<double>(exact_percentile(samples, fraction));
    const double estimate = static_cast<double>(histogram.percentile_ns(fraction));
    CAPTURE(fraction);
    CHECK(std::abs(estimate - exact) <= exact * LatencyHistogram::kRelativeErrorBound + 0.5);
  }
  CHECK(histogram.min_ns() == samples.front());
  CHECK(histogram.max_ns() == samples.back());
  CHECK(histogram.count() == samples.size());
}

TEST_CASE("histogram percentiles stay within the stated bound for several distributions") {
  std::mt19937_64 random(42);
  SUBCASE("uniform over microseconds") {
    std::uniform_int_distribution<std::uint64_t> d(1'000, 100'000);
    std::vector<std::uint64_t> s(200'000);
    for (auto& v : s) v = d(random);
    check_percentiles(s);
  }
  SUBCASE("log-uniform from 1 ns to 10 s") {
    std::uniform_real_distribution<double> d(0.0, std::log(1e10));
    std::vector<std::uint64_t> s(200'000);
    for (auto& v : s) v = static_cast<std::uint64_t>(std::exp(d(random)));
    check_percentiles(s);
  }
  SUBCASE("heavy tail (Pareto)") {
    std::uniform_real_distribution<double> d(0.0, 1.0);
    std::vector<std::uint64_t> s(200'000);
    for (auto& v : s) v = static_cast<std::uint64_t>(20'000.0 / std::pow(1.0 - d(random), 1.0 / 1.1));
    check_percentiles(s);
  }
  SUBCASE("bimodal: cache hits and disk seeks") {
    std::normal_distribution<double> hit(800, 50), seek(8e6, 1e6);
    std::vector<std::uint64_t> s(100'000);
    for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint64_t>(std::max(1.0, i % 10 ? hit(random) : seek(random)));
    check_percentiles(s);
  }
}

TEST_CASE("histogram buckets cover the whole 64-bit range without clamping") {
  LatencyHistogram h;
  h.record(UINT64_MAX);
  h.record(0);
  CHECK(LatencyHistogram::bucket_index(UINT64_MAX) == LatencyHistogram::kBucketCount - 1);
  CHECK(h.percentile_ns(1.0) == UINT64_MAX);
  CHECK(h.percentile_ns(0.5) == 0);
  // Every bucket's midpoint maps back into that bucket.
  for (std::size_t i = 0; i < LatencyHistogram::kBucketCount; ++i) {
    CHECK(LatencyHistogram::bucket_index(LatencyHistogram::bucket_midpoint(i)) == i);
  }
}

TEST_CASE("merging parts equals recording the whole") {
  std::mt19937_64 random(7);
  std::uniform_int_distribution<std::uint64_t> d(0, 50'000'000);
  LatencyHistogram whole, a, b, c;
  for (int i = 0; i < 30'000; ++i) {
    const auto v = d(random);
    whole.record(v);
    (i % 3 == 0 ? a : i % 3 == 1 ? b : c).record(v);
  }
  LatencyHistogram merged;
  merged.merge(a);
  merged.merge(b);
  merged.merge(c);
  CHECK(merged == whole);
  CHECK(merged.summary()->p99_ns == whole.summary()->p99_ns);
  CHECK(merged.mean_ns() == doctest::Approx(whole.mean_ns()));
}

TEST_CASE("empty and single-sample histograms") {
  LatencyHistogram empty;
  CHECK_FALSE(empty.summary().has_value());
  CHECK(empty.count() == 0);
  CHECK(empty.min_ns() == 0);
  LatencyHistogram one;
  one.record(123'456);
  const auto s = one.summary();
  REQUIRE(s.has_value());
  CHECK(s->count == 1);
  CHECK(s->min_ns == 123'456);
  CHECK(s->max_ns == 123'456);
  CHECK(s->p50_ns == 123'456);  // clamped to [min, max], so exact for one sample
  CHECK(s->p999_ns == 123'456);
  CHECK(s->mean_ns == doctest::Approx(123'456));
  one.clear();
  CHECK(one == LatencyHistogram());
}

TEST_CASE("small values are exact") {
  LatencyHistogram h;
  for (std::uint64_t v = 0; v < 128; ++v) h.record(v);
  CHECK(h.percentile_ns(0.5) == 63);
  CHECK(h.percentile_ns(1.0) == 127);
}

}  // namespace
}  // namespace bench
