#include "run/test_results.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::nanoseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

// A plan of one randrw workload run by `jobs` jobs (each job's own parts too when `each_job`).
Plan randrw_plan(std::uint32_t jobs, bool each_job) {
  Plan plan;
  WorkloadSpec spec;
  spec.name = "mix";
  plan.setup.workloads.push_back(spec);
  PlannedTest test;
  test.workload = 0;
  test.jobs = jobs;
  test.reports_each_job = each_job;
  test.engine = EngineChoice{EngineKind::kIoUring, 32, ""};
  plan.groups.push_back({test});
  return plan;
}

// A job that read `reads` and wrote `writes` requests over 2 s, starting at `zero`.
JobMeasurement job(Clock::time_point zero, std::uint64_t reads, std::uint64_t writes) {
  JobMeasurement m;
  m.parts.resize(2);
  m.parts[0].operations = reads;
  m.parts[1].operations = writes;
  m.measured_from = zero;
  m.elapsed = seconds(2);
  return m;
}

const std::vector<TestId> kParts = {TestId{PhaseId::kWorkload, "mix", IoDirection::kRead, std::nullopt},
                                    TestId{PhaseId::kWorkload, "mix", IoDirection::kWrite, std::nullopt}};

TEST_CASE("test results: the measurer's CPU per million requests counts the whole workload, in every part") {
  const Clock::time_point zero = Clock::now();
  const Plan plan = randrw_plan(2, true);
  // Two jobs, 600k + 200k and 150k + 50k requests: 1 M in all; the process spent 3 s of CPU over the group.
  const std::vector<JobMeasurement> jobs = {job(zero, 600'000, 200'000), job(zero, 150'000, 50'000)};
  const CpuWindow cpu{seconds(10), seconds(13)};
  const std::vector<LocalResult> results = local_results(plan, plan.groups[0][0], kParts, jobs, {}, cpu, zero);
  REQUIRE(results.size() == 6);  // reads and writes of both jobs, then of each job
  for (const LocalResult& local : results) {
    REQUIRE(local.result.workload);
    REQUIRE(local.result.workload->cpu_per_million_requests);
    // Not the reads' own 750k (4 s per million) nor one job's: 3 s over 1 M requests.
    CHECK(*local.result.workload->cpu_per_million_requests == doctest::Approx(3.0));
  }
  CHECK(results[0].result.operations == 750'000);
  CHECK(results[1].result.operations == 250'000);
}

TEST_CASE("test results: after a ramp the CPU counts from the measured window, and no requests give no figure") {
  const Clock::time_point zero = Clock::now();
  const Plan plan = randrw_plan(1, false);
  std::vector<JobMeasurement> jobs = {job(zero, 400'000, 100'000)};
  jobs[0].cpu_at_measured_from = seconds(12);  // 2 s of ramp CPU before the window are not the workload's
  const CpuWindow cpu{seconds(10), seconds(13)};
  std::vector<LocalResult> results = local_results(plan, plan.groups[0][0], kParts, jobs, {}, cpu, zero);
  REQUIRE(results.size() == 2);
  CHECK(*results[0].result.workload->cpu_per_million_requests == doctest::Approx(2.0));  // 1 s over 0.5 M

  const std::vector<JobMeasurement> idle = {job(zero, 0, 0)};
  results = local_results(plan, plan.groups[0][0], kParts, idle, {}, cpu, zero);
  REQUIRE(results.size() == 2);
  CHECK_FALSE(results[0].result.workload->cpu_per_million_requests);
  CHECK_FALSE(results[1].result.workload->cpu_per_million_requests);
}

}  // namespace
TEST_CASE("test results: a failed job's failure is in its parts and the whole's, its first part reported when empty") {
  const Clock::time_point zero = Clock::now();
  const Plan plan = randrw_plan(2, true);
  std::vector<JobMeasurement> jobs = {job(zero, 10, 5), job(zero, 0, 0)};
  jobs[1].failure = JobFailure{84, "verify: bad block"};
  const std::vector<LocalResult> results =
      local_results(plan, plan.groups[0][0], kParts, jobs, {}, CpuWindow{seconds(1), seconds(2)}, zero);
  REQUIRE(results.size() == 6);  // the whole's reads and writes, then job 0's, then job 1's
  for (std::size_t r : {0, 1, 4, 5}) {
    REQUIRE(results[r].result.workload);
    REQUIRE(results[r].result.workload->failure);
    CHECK(*results[r].result.workload->failure == JobFailure{84, "verify: bad block"});
  }
  CHECK_FALSE(results[2].result.workload->failure);  // job 0 ran to its end
  CHECK_FALSE(results[3].result.workload->failure);
  // Job 1 did nothing: its reads (the spec's first direction) are reported all the same, its writes not.
  CHECK(is_reported(results[4], results[4].result));
  CHECK_FALSE(is_reported(results[5], results[5].result));
  CHECK(is_reported(results[0], results[0].result));  // the whole had requests
  // Without a failure a job without requests reports nothing.
  const std::vector<JobMeasurement> quiet = {job(zero, 0, 0)};
  const Plan alone = randrw_plan(1, false);
  const std::vector<LocalResult> none =
      local_results(alone, alone.groups[0][0], kParts, quiet, {}, CpuWindow{seconds(1), seconds(2)}, zero);
  for (const LocalResult& local : none) CHECK_FALSE(is_reported(local, local.result));
}

TEST_CASE("test results: fio's bw and iops samples, one per window but the one the job's end closes") {
  using std::chrono::milliseconds;
  const std::vector<std::uint64_t> series = {5, 5, 5, 5, 1};
  const auto count = [&series](milliseconds elapsed, milliseconds runtime) {
    return sampled_windows(series, elapsed, runtime, milliseconds(500)).size();
  };
  // fio 3.33, runtime=2s time_based: 3 samples of 500 ms (its runtime 2001 ms); runtime=2002ms: 4; runtime=3s: 5.
  CHECK(count(milliseconds(2001), milliseconds(2000)) == 3);
  CHECK(count(milliseconds(2004), milliseconds(2000)) == 3);  // a job stopped by its runtime ends there
  CHECK(count(milliseconds(2003), milliseconds(2002)) == 4);
  CHECK(count(milliseconds(3002), milliseconds(3000)) == 5);
  // A job that ends by its size: the windows that ended before it, but the one its end closes.
  CHECK(count(milliseconds(2000), milliseconds(0)) == 3);
  CHECK(count(milliseconds(2100), milliseconds(0)) == 4);
  CHECK(count(milliseconds(400), milliseconds(0)) == 0);
  CHECK(sampled_windows(series, milliseconds(2100), milliseconds(0), milliseconds(500)) ==
        std::vector<std::uint64_t>{5, 5, 5, 5});
}

}  // namespace bench
