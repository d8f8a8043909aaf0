// measure/steady_state_detector.h: fio 3.33's steady-state rules (steadystate.c) on samples handed in, no clock.
#include "measure/steady_state_detector.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace bench {
namespace {

using Measure = FioSteadyStateSpec::Measure;
using namespace std::chrono_literals;

FioSteadyStateSpec spec_of(Measure measure, bool slope, bool percent, double limit, std::uint32_t seconds) {
  return FioSteadyStateSpec{.measure = measure, .slope = slope, .percent = percent, .limit = limit,
                            .duration_s = seconds, .ramp = {}};
}

// The least-squares slope of `window` (x = 0, 1, ...) computed directly, to check the detector's sliding sums.
double direct_slope(const std::vector<std::uint64_t>& window) {
  const auto n = static_cast<double>(window.size());
  double sum_x = 0, sum_y = 0, sum_xy = 0, sum_xx = 0;
  for (std::size_t i = 0; i < window.size(); ++i) {
    const auto x = static_cast<double>(i);
    const auto y = static_cast<double>(window[i]);
    sum_x += x;
    sum_y += y;
    sum_xy += x * y;
    sum_xx += x * x;
  }
  return (sum_xy - sum_x * sum_y / n) / (sum_xx - sum_x * sum_x / n);
}

TEST_CASE("steady state: iops:10% attains on the sample that fills a window within 10% of its mean") {
  SteadyStateDetector detector(spec_of(Measure::kIops, false, true, 10, 3));
  CHECK_FALSE(detector.add({1000, 4'096'000}));
  CHECK_FALSE(detector.add({1050, 4'300'800}));
  CHECK(detector.add({950, 3'891'200}));  // mean 1000, largest deviation 50: 5 % < 10 %
  CHECK(detector.attained());
  const FioSteadyStateResult result = detector.result();
  CHECK(result.attained);
  CHECK(result.max_deviation == doctest::Approx(50));
  CHECK(result.criterion == doctest::Approx(5));
  CHECK(result.slope == 0);
  CHECK(result.iops == std::vector<std::uint64_t>{1000, 1050, 950});
  CHECK(result.bw == std::vector<std::uint64_t>{4'096'000, 4'300'800, 3'891'200});
  CHECK(result.iops_mean() == 1000);
  CHECK(result.bw_mean() == (4'096'000 + 4'300'800 + 3'891'200) / 3);
  CHECK_FALSE(detector.add({1, 1}));  // attained: no more samples
  CHECK(detector.result() == result);
}

TEST_CASE("steady state: the window slides, one sample a second, until an outlier has left it") {
  SteadyStateDetector detector(spec_of(Measure::kIops, false, true, 10, 3));
  CHECK_FALSE(detector.add({500, 0}));
  CHECK(detector.result().iops == std::vector<std::uint64_t>{500, 0, 0});  // not full: the samples so far first
  CHECK_FALSE(detector.add({1000, 0}));
  CHECK_FALSE(detector.add({1000, 0}));  // 500, 1000, 1000: mean 833.3, deviation 333.3, 40 %
  CHECK(detector.result().criterion == doctest::Approx(40));
  CHECK(detector.result().iops == std::vector<std::uint64_t>{500, 1000, 1000});  // the window judged, oldest first
  CHECK_FALSE(detector.add({700, 0}));   // 1000, 1000, 700: mean 900, deviation 200
  CHECK(detector.result().criterion == doctest::Approx(200.0 / 900 * 100));
  CHECK(detector.result().iops == std::vector<std::uint64_t>{1000, 1000, 700});
  CHECK_FALSE(detector.add({1000, 0}));  // 1000, 700, 1000: deviation 200 of 900 again
  CHECK_FALSE(detector.add({1000, 0}));  // 700, 1000, 1000
  CHECK(detector.add({1000, 0}));        // 1000, 1000, 1000
  CHECK(detector.result().criterion == 0);
  CHECK(detector.result().iops == std::vector<std::uint64_t>{1000, 1000, 1000});
}

TEST_CASE("steady state: bw deviation judges the bandwidth, whatever the requests do") {
  SteadyStateDetector detector(spec_of(Measure::kBandwidth, false, true, 1, 2));
  CHECK_FALSE(detector.add({10, 1'000'000}));
  CHECK(detector.add({99, 1'005'000}));  // bw within 0.25 %, IOPS far apart
  CHECK(detector.result().max_deviation == doctest::Approx(2500));
}

TEST_CASE("steady state: a limit without % is absolute, in requests per second, and the criterion must be under it") {
  SteadyStateDetector detector(spec_of(Measure::kIops, false, false, 2, 3));
  detector.add({100, 0});
  detector.add({103, 0});
  CHECK_FALSE(detector.add({97, 0}));  // mean 100, deviation 3
  CHECK(detector.result().criterion == doctest::Approx(3));
  CHECK_FALSE(detector.add({101, 0}));  // 103, 97, 101
  CHECK_FALSE(detector.add({99, 0}));   // 97, 101, 99: deviation 2, not under 2
  CHECK(detector.result().criterion == doctest::Approx(2));
  CHECK(detector.add({100, 0}));        // 101, 99, 100: deviation 1
}

TEST_CASE("steady state: the slope's sliding sums match a direct least-squares fit of each window") {
  SteadyStateDetector detector(spec_of(Measure::kIops, true, true, 1e-9, 5));
  std::vector<std::uint64_t> samples;
  std::uint64_t state = 12345;
  for (int second = 0; second < 40; ++second) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    samples.push_back(5000 + second * 13 + (state >> 33) % 400);
    CHECK_FALSE(detector.add({samples.back(), samples.back() * 4096}));
    if (samples.size() < 5) continue;
    const std::vector<std::uint64_t> window(samples.end() - 5, samples.end());
    const FioSteadyStateResult result = detector.result();
    CAPTURE(second);
    CHECK(result.iops == window);
    CHECK(result.slope == doctest::Approx(direct_slope(window)));
    std::uint64_t sum = 0;
    for (const std::uint64_t v : window) sum += v;
    CHECK(result.criterion == doctest::Approx(100.0 * direct_slope(window) / static_cast<double>(sum / 5)));
    CHECK(result.max_deviation == 0);
  }
}

TEST_CASE("steady state: iops_slope attains when the slope's magnitude is under the limit, falling or rising") {
  SteadyStateDetector detector(spec_of(Measure::kIops, true, true, 1, 4));
  CHECK_FALSE(detector.add({2000, 0}));
  CHECK_FALSE(detector.add({1800, 0}));
  CHECK_FALSE(detector.add({1600, 0}));
  CHECK_FALSE(detector.add({1400, 0}));  // slope -200 of mean 1700: -11.8 %
  CHECK(detector.result().slope == doctest::Approx(-200));
  CHECK(detector.result().criterion == doctest::Approx(-200.0 / 1700 * 100));
  CHECK_FALSE(detector.add({1400, 0}));  // 1800, 1600, 1400, 1400: slope -140
  CHECK_FALSE(detector.add({1400, 0}));  // 1600, 1400, 1400, 1400: slope -60 of 1450
  CHECK(detector.add({1410, 0}));        // 1400, 1400, 1400, 1410: slope 3 of 1402: 0.21 %
  CHECK(detector.result().slope == doctest::Approx(3));
  CHECK(detector.result().iops == std::vector<std::uint64_t>{1400, 1400, 1400, 1410});
}

TEST_CASE("steady state: a slope in percent divides by the window's mean in whole units, as fio") {
  SteadyStateDetector detector(spec_of(Measure::kBandwidth, true, true, 0.0001, 3));
  detector.add({0, 1});
  detector.add({0, 2});
  CHECK_FALSE(detector.add({0, 2}));  // slope 0.5, mean 5/3 taken as 1
  CHECK(detector.result().criterion == doctest::Approx(50));
}

TEST_CASE("steady state: a one-second slope window never attains (fio's slope of one point is 0/0)") {
  SteadyStateDetector detector(spec_of(Measure::kIops, true, true, 10, 1));
  for (int second = 0; second < 5; ++second) CHECK_FALSE(detector.add({1000, 1000}));
  CHECK(std::isnan(detector.result().slope));
}

TEST_CASE("steady state sampler: each check's rates over the interval's whole milliseconds") {
  SteadyStateSampler sampler(0us);
  CHECK(sampler.check(1000ms, 2000, 8'192'000) == SteadyStateRates{2000, 8'192'000});
  CHECK(sampler.check(2001ms, 3500, 14'336'000) == SteadyStateRates{1000 * 1500 / 1001, 1000ULL * 6'144'000 / 1001});
  CHECK(sampler.check(std::chrono::nanoseconds(3'001'999'999), 4500, 18'432'000) == SteadyStateRates{1000, 4'096'000});
}

TEST_CASE("steady state sampler: none until ss_ramp and one more second have passed, then the last interval's") {
  SteadyStateSampler sampler(2s);
  CHECK_FALSE(sampler.check(1s, 100, 100));
  CHECK_FALSE(sampler.check(2s, 200, 200));
  CHECK_FALSE(sampler.check(2999ms, 300, 300));
  CHECK(sampler.check(3999ms, 700, 700) == SteadyStateRates{400, 400});
}

}  // namespace
}  // namespace bench
