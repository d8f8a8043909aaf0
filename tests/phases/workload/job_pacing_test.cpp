// phases/workload/job_pacing.h: the one question a workload job's loop asks before each request (when may it go?), as pure
// answers over the times the test hands in: fio's rate= / rate_iops= (phases/workload/job_rate.h) and fio's thinktime=
// family (backend.c handle_thinktime).
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <optional>

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

using std::chrono::microseconds;

WorkloadSpec thinking(microseconds think, microseconds spin, std::optional<std::uint32_t> blocks) {
  WorkloadSpec spec = spec_of(IoPattern::kRead);
  spec.thinktime = think;
  spec.thinktime_spin = spin;
  spec.thinktime_blocks = blocks;
  return spec;
}

// One request issued and, unless `completes` is false, completed; then the question for the next, at `now`.
JobPacing::Decision after_request(JobPacing& pacing, Clock::time_point now, bool completes = true) {
  pacing.issued(IoOp::kRead, 4096);
  if (completes) pacing.completed(IoOp::kRead);
  return pacing.next(IoOp::kRead, now);
}

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

TEST_CASE("job pacing: thinktime= pauses after every thinktime_blocks completed requests, the first part spun") {
  JobPacing pacing(thinking(microseconds(500), microseconds(200), 3), 1);
  REQUIRE(pacing.paces());
  pacing.begin(kStart);
  CHECK(!pacing.next(IoOp::kRead, kStart).pause);  // nothing was issued: nothing owed
  for (int stall = 0; stall < 3; ++stall) {
    CHECK(!after_request(pacing, kStart).pause);
    CHECK(!after_request(pacing, kStart).pause);
    const JobPacing::Decision pause = after_request(pacing, kStart);
    REQUIRE(pause.pause);
    CHECK(pause.pause->stall == microseconds(500));
    CHECK(pause.pause->spin == microseconds(200));
    CHECK(pause.op == IoOp::kRead);
    CHECK(!pause.wait_until);
    CHECK(!pacing.next(IoOp::kRead, kStart).pause);  // taken: asked again after it, the request goes
  }
}

TEST_CASE("job pacing: thinktime_blocks counts completions, checked once after each request, as fio") {
  JobPacing pacing(thinking(microseconds(100), microseconds(0), 2), 1);
  pacing.begin(kStart);
  CHECK(!after_request(pacing, kStart, false).pause);
  CHECK(!after_request(pacing, kStart, false).pause);  // two issued, none completed
  pacing.completed(IoOp::kRead);
  pacing.completed(IoOp::kRead);
  CHECK(!pacing.next(IoOp::kRead, kStart).pause);  // no request since the last check: not checked
  CHECK(after_request(pacing, kStart, false).pause);
  // The count as it stood when the pause was owed (2): the third's completion, in flight during the pause, and one
  // more make the next two.
  pacing.completed(IoOp::kRead);
  CHECK(after_request(pacing, kStart).pause);
}

TEST_CASE("job pacing: thinktime_blocks_type=issue counts the requests issued") {
  WorkloadSpec spec = thinking(microseconds(100), microseconds(0), 2);
  spec.thinktime_blocks_issue = true;
  JobPacing pacing(spec, 1);
  pacing.begin(kStart);
  CHECK(!after_request(pacing, kStart, false).pause);
  CHECK(after_request(pacing, kStart, false).pause);
}

TEST_CASE("job pacing: thinktime_blocks defaults to 1, and 0 pauses after every request too") {
  for (const std::optional<std::uint32_t> blocks : {std::optional<std::uint32_t>{}, std::optional<std::uint32_t>{0}}) {
    JobPacing pacing(thinking(microseconds(100), microseconds(0), blocks), 1);
    pacing.begin(kStart);
    for (int request = 0; request < 3; ++request) {
      CHECK(after_request(pacing, kStart).pause);
      CHECK(!pacing.next(IoOp::kRead, kStart).pause);
    }
  }
}

TEST_CASE("job pacing: thinktime_spin= longer than thinktime= spins the whole pause, as fio's fixup") {
  JobPacing pacing(thinking(microseconds(100), microseconds(900), {}), 1);
  pacing.begin(kStart);
  const JobPacing::Decision pause = after_request(pacing, kStart);
  REQUIRE(pause.pause);
  CHECK(pause.pause->spin == microseconds(100));
  CHECK(pause.pause->stall == microseconds(100));
}

TEST_CASE("job pacing: thinktime_iotime= pauses once I/O ran that long, by time alone without thinktime_blocks") {
  WorkloadSpec spec = thinking(microseconds(1000), microseconds(0), {});
  spec.thinktime_iotime = milliseconds(9);
  JobPacing pacing(spec, 1);
  pacing.begin(kStart);
  // A cycle of iotime + thinktime from the start, then from each pause (fio's last_thinktime).
  CHECK(!after_request(pacing, kStart + milliseconds(1)).pause);
  CHECK(!after_request(pacing, kStart + milliseconds(9)).pause);
  CHECK(after_request(pacing, kStart + milliseconds(10)).pause);
  CHECK(!after_request(pacing, kStart + milliseconds(19)).pause);
  CHECK(after_request(pacing, kStart + milliseconds(20)).pause);
}

TEST_CASE("job pacing: thinktime_iotime= with thinktime_blocks= pauses at whichever comes first") {
  WorkloadSpec spec = thinking(microseconds(1000), microseconds(0), 3);
  spec.thinktime_iotime = milliseconds(9);
  JobPacing pacing(spec, 1);
  pacing.begin(kStart);
  CHECK(!after_request(pacing, kStart).pause);
  CHECK(after_request(pacing, kStart + milliseconds(10)).pause);  // the time, after 2 requests
  CHECK(!after_request(pacing, kStart + milliseconds(11)).pause);
  CHECK(!after_request(pacing, kStart + milliseconds(12)).pause);
  CHECK(after_request(pacing, kStart + milliseconds(13)).pause);  // the count, 3 since the pause
}

TEST_CASE("job pacing: a pause owed goes before the rate's wait, which the next question gives") {
  WorkloadSpec spec = thinking(microseconds(1000), microseconds(0), {});
  spec.rate_iops = {100, 0, 0};  // one read each 10 ms
  JobPacing pacing(spec, 1);
  pacing.begin(kStart);
  CHECK(!pacing.next(IoOp::kRead, kStart).wait_until);
  const JobPacing::Decision pause = after_request(pacing, kStart);
  CHECK(pause.pause);
  CHECK(!pause.wait_until);
  const JobPacing::Decision rate = pacing.next(IoOp::kRead, kStart + milliseconds(1));
  CHECK(!rate.pause);
  REQUIRE(rate.wait_until);
  CHECK(*rate.wait_until == kStart + milliseconds(10));
}

}  // namespace bench
