// phases/workload/job_depth_target.h: how deep a workload job's queue may go (fio's latency_target= search,
// io_u.c lat_target_*) and when a full queue is filled again (iodepth_low=), as pure answers over the latencies and
// times the test hands in.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "phases/workload/job_depth_target.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;
using Clock = JobDepthTarget::Clock;
using Step = JobDepthTarget::Step;
using Completion = JobDepthTarget::Completion;

const Clock::time_point kStart = Clock::time_point{} + std::chrono::hours(1);

WorkloadSpec targeting(microseconds target, double percentile, bool run = false) {
  WorkloadSpec spec;
  spec.latency_target = target;
  spec.latency_window = milliseconds(100);
  spec.latency_percentile = percentile;
  spec.latency_run = run;
  return spec;
}

// One window: 100 requests, each with the latency `latency_at` gives for the depth as it stands, then the check at
// the window's end. Returns the check's step and the depths before it in `depths`.
struct Search {
  explicit Search(const JobDepthTarget& searching) : policy(searching) {}
  JobDepthTarget policy;
  Clock::time_point now = kStart;
  std::vector<std::uint32_t> depths;
  Step window(const std::function<microseconds(std::uint32_t)>& latency_at) {
    depths.push_back(policy.depth());
    for (int request = 0; request < 100; ++request) {
      now += microseconds(1000);
      CHECK(policy.completed(latency_at(policy.depth()), now) == Completion::kOk);
    }
    return policy.check(now);
  }
};

TEST_CASE("depth target: without latency_target the depth is iodepth and nothing is checked") {
  JobDepthTarget policy(WorkloadSpec{}, 8);
  policy.begin(kStart);
  CHECK_FALSE(policy.searches());
  CHECK(policy.depth() == 8);
  CHECK(policy.usable_slots(3, 5) == 5);
  CHECK(policy.completed(std::chrono::seconds(5), kStart) == Completion::kOk);
  CHECK(policy.check(kStart + std::chrono::hours(1)) == Step::kNone);
}

TEST_CASE("depth target: a target always kept doubles the depth to iodepth, runs a final window there, then ends") {
  Search search{JobDepthTarget(targeting(microseconds(500), 99.9), 8)};
  search.policy.begin(kStart);
  CHECK(search.policy.depth() == 1);
  const auto fast = [](std::uint32_t) { return microseconds(100); };
  CHECK(search.window(fast) == Step::kNone);      // 1 -> 2
  CHECK(search.window(fast) == Step::kNone);      // 2 -> 4
  CHECK(search.window(fast) == Step::kNone);      // 4 -> 8
  CHECK(search.window(fast) == Step::kFinalRun);  // 8 stays: the figures start afresh
  CHECK(search.window(fast) == Step::kDone);
  CHECK(search.depths == std::vector<std::uint32_t>{1, 2, 4, 8, 8});
  CHECK(search.policy.depth() == 8);
}

TEST_CASE("depth target: a target never kept (under 100 %) leaves the depth at 1 and the job running") {
  Search search{JobDepthTarget(targeting(microseconds(50), 99.0), 8)};
  search.policy.begin(kStart);
  const auto slow = [](std::uint32_t) { return microseconds(100); };
  for (int window = 0; window < 5; ++window) CHECK(search.window(slow) == Step::kNone);
  CHECK(search.policy.depth() == 1);
}

TEST_CASE("depth target: a failed window bisects between the depths that passed and failed, as fio's") {
  // Kept up to depth 5: 1, 2, 4, 8 (fails: halfway down to 4 is 6), 6 (fails: 5), 5 passes and stays (the final
  // window), which passes again: done at 5.
  Search search{JobDepthTarget(targeting(microseconds(500), 99.0), 16)};
  search.policy.begin(kStart);
  const auto by_depth = [](std::uint32_t depth) { return depth > 5 ? microseconds(900) : microseconds(100); };
  CHECK(search.window(by_depth) == Step::kNone);
  CHECK(search.window(by_depth) == Step::kNone);
  CHECK(search.window(by_depth) == Step::kNone);
  CHECK(search.window(by_depth) == Step::kDrain);  // 8 failed: down to 6, the queue drains first
  CHECK(search.window(by_depth) == Step::kDrain);  // 6 failed: down to 5
  CHECK(search.window(by_depth) == Step::kFinalRun);
  CHECK(search.window(by_depth) == Step::kDone);
  CHECK(search.depths == std::vector<std::uint32_t>{1, 2, 4, 8, 6, 5, 5});
}

TEST_CASE("depth target: latency_percentile counts the window's share of requests within the target") {
  // 1 miss in 100 passes 99 % and fails 99.5 %.
  for (const auto& [percentile, depth_after] : {std::pair{99.0, 2u}, std::pair{99.5, 1u}}) {
    JobDepthTarget policy(targeting(microseconds(500), percentile), 8);
    policy.begin(kStart);
    Clock::time_point now = kStart;
    for (int request = 0; request < 100; ++request) {
      now += microseconds(1000);
      policy.completed(request == 0 ? microseconds(600) : microseconds(100), now);
    }
    policy.check(now);
    CHECK(policy.depth() == depth_after);
  }
}

TEST_CASE("depth target: a window is checked only once latency_window has passed, one without completions fails") {
  JobDepthTarget policy(targeting(microseconds(500), 50.0), 8);
  policy.begin(kStart);
  policy.completed(microseconds(10), kStart + milliseconds(10));
  CHECK(policy.check(kStart + milliseconds(99)) == Step::kNone);
  CHECK(policy.depth() == 1);
  CHECK(policy.check(kStart + milliseconds(100)) == Step::kNone);
  CHECK(policy.depth() == 2);
  CHECK(policy.check(kStart + milliseconds(200)) == Step::kDrain);  // nothing completed in it: failed, back to 1
  CHECK(policy.depth() == 1);
}

TEST_CASE("depth target: under latency_percentile=100 a miss lowers the depth at once, and at depth 1 fails the job") {
  JobDepthTarget policy(targeting(microseconds(500), 100.0), 8);
  policy.begin(kStart);
  Clock::time_point now = kStart;
  for (std::uint32_t expected : {2u, 4u}) {
    now += milliseconds(100);
    CHECK(policy.completed(microseconds(100), now) == Completion::kOk);
    policy.check(now);
    CHECK(policy.depth() == expected);
  }
  CHECK(policy.completed(microseconds(501), now) == Completion::kRampedDown);
  CHECK(policy.depth() == 3);  // halfway down to 2, the last that passed
  CHECK(policy.completed(microseconds(501), now) == Completion::kRampedDown);
  CHECK(policy.depth() == 2);
  CHECK(policy.completed(microseconds(501), now) == Completion::kRampedDown);
  CHECK(policy.depth() == 1);  // 2 was the last that passed: one lower
  CHECK(policy.completed(microseconds(501), now) == Completion::kFatal);
  CHECK(policy.completed(microseconds(500), now) == Completion::kOk);  // at the target is within it
}

TEST_CASE("depth target: latency_run keeps adjusting and never ends the job") {
  Search search{JobDepthTarget(targeting(microseconds(500), 99.0, true), 4)};
  search.policy.begin(kStart);
  const auto fast = [](std::uint32_t) { return microseconds(100); };
  for (int window = 0; window < 6; ++window) CHECK(search.window(fast) == Step::kNone);
  CHECK(search.depths == std::vector<std::uint32_t>{1, 2, 4, 4, 4, 4});
}

TEST_CASE("depth target: the queue fills only to the depth found so far") {
  JobDepthTarget policy(targeting(microseconds(500), 99.0), 8);
  policy.begin(kStart);
  CHECK(policy.usable_slots(0, 8) == 1);
  CHECK(policy.usable_slots(1, 7) == 0);
  policy.completed(microseconds(1), kStart);
  policy.check(kStart + milliseconds(100));
  CHECK(policy.usable_slots(0, 8) == 2);
  CHECK(policy.usable_slots(1, 3) == 1);
}

TEST_CASE("depth target: iodepth_low drains a full queue to the low water mark before it refills") {
  WorkloadSpec spec;
  spec.iodepth_low = 4;
  const JobDepthTarget low(spec, 16);
  CHECK(low.drain_further(true, 10));
  CHECK_FALSE(low.drain_further(true, 4));
  CHECK_FALSE(low.drain_further(false, 10));  // the reap did not begin with the queue full
  spec.iodepth_low = 0;                       // not given: iodepth, one reap
  CHECK_FALSE(JobDepthTarget(spec, 16).drain_further(true, 15));
  spec.iodepth_low = 40;  // above iodepth: iodepth, as fio's fixup
  CHECK_FALSE(JobDepthTarget(spec, 16).drain_further(true, 15));
}

}  // namespace
}  // namespace bench
