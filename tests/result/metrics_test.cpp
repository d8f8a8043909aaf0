#include "result/metrics.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

PhaseResult workload_part(seconds elapsed, milliseconds cpu, std::uint32_t jobs) {
  PhaseResult p;
  p.workload = WorkloadPart{};
  p.elapsed = elapsed;
  p.cpu = cpu;
  p.workers = jobs;
  return p;
}

TEST_CASE("metrics: the measurer's CPU seconds per million requests") {
  // 1.5 s of CPU over 3 million requests: 0.5 s per million.
  CHECK(cpu_seconds_per_million_requests(milliseconds(1500), 3'000'000) == doctest::Approx(0.5));
  // 2 ms over 1000 requests: 2 s per million.
  CHECK(cpu_seconds_per_million_requests(milliseconds(2), 1000) == doctest::Approx(2.0));
  CHECK(cpu_seconds_per_million_requests(milliseconds(0), 10) == doctest::Approx(0.0));
  CHECK_FALSE(cpu_seconds_per_million_requests(milliseconds(5), 0));
}

TEST_CASE("metrics: %CPU per job, and the note's threshold of 80 % of a core per job") {
  // 4 jobs for 10 s with 34 s of CPU: 340 %, 85 % per job: busy.
  const PhaseResult busy = workload_part(seconds(10), milliseconds(34'000), 4);
  CHECK(cpu_percent_per_job(busy) == doctest::Approx(85.0));
  CHECK(measurer_near_cpu_bound(busy));
  // The same CPU over 16 jobs: 21.25 % per job.
  const PhaseResult spread = workload_part(seconds(10), milliseconds(34'000), 16);
  CHECK(cpu_percent_per_job(spread) == doctest::Approx(21.25));
  CHECK_FALSE(measurer_near_cpu_bound(spread));
  // Exactly 80 % is not above it.
  CHECK_FALSE(measurer_near_cpu_bound(workload_part(seconds(10), milliseconds(8'000), 1)));
  CHECK(measurer_near_cpu_bound(workload_part(seconds(10), milliseconds(8'001), 1)));
  // No elapsed time or no workers: no figure, no note.
  CHECK_FALSE(cpu_percent_per_job(workload_part(seconds(0), milliseconds(5), 1)));
  CHECK_FALSE(cpu_percent_per_job(workload_part(seconds(1), milliseconds(5), 0)));
  CHECK_FALSE(measurer_near_cpu_bound(workload_part(seconds(0), milliseconds(5), 1)));
}

}  // namespace
}  // namespace bench
