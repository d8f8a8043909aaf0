// phases/workload/job_pacing.h: the one question a workload job's loop asks before each request (when may it go?), as pure
// answers over the times the test hands in; today's rule is fio's rate= / rate_iops= (phases/workload/job_rate.h).
#include <doctest/doctest.h>

#include <chrono>

#include "phases/workload/job_pacing.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using Clock = JobPacing::Clock;

WorkloadSpec spec_of(IoPattern pattern) {
  WorkloadSpec spec;
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  for (DirectionBlockSizes& direction : spec.block_sizes.direction) direction.bs = 4096;
  return spec;
}

const Clock::time_point kStart = Clock::time_point{} + std::chrono::hours(1);

}  // namespace

TEST_CASE("job pacing: without a rule every request goes now, as drawn") {
  JobPacing pacing(spec_of(IoPattern::kRandRw), 1);
  CHECK(!pacing.paces());
  pacing.begin(kStart);
  for (const IoOp op : {IoOp::kRead, IoOp::kWrite, IoOp::kTrim}) {
    const JobPacing::Decision decision = pacing.next(op, kStart);
    CHECK(decision.op == op);
    CHECK(!decision.wait_until);
    pacing.issued(op, 4096);
  }
}

TEST_CASE("job pacing: rate_iops= holds each request until its time after the job's start") {
  WorkloadSpec spec = spec_of(IoPattern::kRandRead);
  spec.rate_iops = {200, 0, 0};  // one read each 5 ms
  JobPacing pacing(spec, 1);
  REQUIRE(pacing.paces());
  pacing.begin(kStart);
  CHECK(!pacing.next(IoOp::kRead, kStart).wait_until);  // the first goes at once
  pacing.issued(IoOp::kRead, 4096);
  const JobPacing::Decision held = pacing.next(IoOp::kRead, kStart + milliseconds(1));
  REQUIRE(held.wait_until);
  CHECK(*held.wait_until == kStart + milliseconds(5));
  CHECK(held.op == IoOp::kRead);
  CHECK(!pacing.next(IoOp::kRead, kStart + milliseconds(5)).wait_until);  // due: it goes
  pacing.issued(IoOp::kRead, 4096);
  CHECK(*pacing.next(IoOp::kRead, kStart + milliseconds(6)).wait_until == kStart + milliseconds(10));
}

TEST_CASE("job pacing: in a read and write mix the direction that is due goes instead of the one held back") {
  WorkloadSpec spec = spec_of(IoPattern::kRandRw);
  spec.read_percent = 50;
  spec.rate_iops = {0, 100, 0};  // writes paced at one each 10 ms, reads not at all
  JobPacing pacing(spec, 1);
  pacing.begin(kStart);
  pacing.issued(IoOp::kWrite, 4096);
  const JobPacing::Decision decision = pacing.next(IoOp::kWrite, kStart + milliseconds(2));
  CHECK(decision.op == IoOp::kRead);
  CHECK(!decision.wait_until);
}

}  // namespace bench
