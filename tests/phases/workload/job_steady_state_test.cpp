// phases/workload/job_steady_state.h: fio's steady state as a job's loop asks it, with the times handed in.
#include "phases/workload/job_steady_state.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

using namespace std::chrono_literals;
using Clock = JobSteadyState::Clock;

FioSteadyStateSpec iops_within(double percent, std::uint32_t seconds) {
  FioSteadyStateSpec spec;
  spec.measure = FioSteadyStateSpec::Measure::kIops;
  spec.slope = false;
  spec.percent = true;
  spec.limit = percent;
  spec.duration_s = seconds;
  return spec;
}

// `per_second` requests of 4 KiB completed evenly through each second from `start`, checked after each.
void complete_second(JobSteadyState& ss, Clock::time_point second_start, int per_second) {
  for (int i = 0; i < per_second; ++i) ss.completed(4096, second_start + 1s * i / per_second);
}

TEST_CASE("job steady state: without ss_dur it is inactive and reports nothing") {
  JobSteadyState ss(FioSteadyStateSpec{});
  CHECK_FALSE(ss.active());
  ss.begin(Clock::now());
  CHECK_FALSE(ss.check(Clock::now() + 10s));
  CHECK_FALSE(ss.result().has_value());
}

TEST_CASE("job steady state: a steady job attains once the window fills, checked once a second from the measured start") {
  JobSteadyState ss(iops_within(10, 3));
  const Clock::time_point start{std::chrono::hours(1)};
  ss.begin(start);
  ss.completed(4096, start - 1ms);  // in the ramp: not counted
  CHECK_FALSE(ss.check(start + 500ms));  // no check before the first second
  for (int second = 0; second < 3; ++second) {
    complete_second(ss, start + 1s * second, 100);
    const bool attained = ss.check(start + 1s * (second + 1));
    CHECK(attained == (second == 2));
  }
  const std::optional<FioSteadyStateResult> result = ss.result();
  REQUIRE(result.has_value());
  CHECK(result->attained);
  CHECK(result->attained_after == std::chrono::nanoseconds(3s));
  CHECK(result->iops == std::vector<std::uint64_t>{100, 100, 100});
  CHECK(result->bw == std::vector<std::uint64_t>{409600, 409600, 409600});
  CHECK_FALSE(ss.check(start + 4s));  // attained once
}

TEST_CASE("job steady state: a job whose rate keeps changing does not attain, and says when it was last judged") {
  JobSteadyState ss(iops_within(10, 2));
  const Clock::time_point start{std::chrono::hours(1)};
  ss.begin(start);
  for (int second = 0; second < 5; ++second) {
    complete_second(ss, start + 1s * second, 100 << second);  // doubling each second: 33 % from the mean
    CHECK_FALSE(ss.check(start + 1s * (second + 1)));
  }
  const std::optional<FioSteadyStateResult> result = ss.result();
  REQUIRE(result.has_value());
  CHECK_FALSE(result->attained);
  CHECK_FALSE(result->attained_after.has_value());
  CHECK(result->iops == std::vector<std::uint64_t>{800, 1600});
  CHECK(result->criterion == doctest::Approx(100.0 * 400 / 1200));
}

}  // namespace
}  // namespace bench
