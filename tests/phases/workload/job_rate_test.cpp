// phases/workload/job_rate.h: fio's pacing (rate=, rate_iops=) and minimum rates (rate_min=, rate_iops_min=) per
// direction, the trims' included, as pure arithmetic over the times the caller hands in.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "phases/workload/job_rate.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::nanoseconds;

WorkloadSpec paced(IoPattern pattern) {
  WorkloadSpec spec;
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  for (DirectionBlockSizes& direction : spec.block_sizes.direction) direction.bs = 4096;
  return spec;
}

// Issues `count` requests of `op` as soon as each is due: the due time of each, in microseconds from the start.
std::vector<std::int64_t> due_times(RatePacer& pacer, IoOp op, int count) {
  std::vector<std::int64_t> times;
  for (int i = 0; i < count; ++i) {
    const RatePacer::Next next = pacer.next(op, nanoseconds(0));
    times.push_back(std::chrono::duration_cast<microseconds>(next.due).count());
    pacer.issued(next.op, 4096);
  }
  return times;
}

}  // namespace

TEST_CASE("job rate: a trim job is paced by its trim rate alone, in requests or bytes") {
  WorkloadSpec spec = paced(IoPattern::kRandTrim);
  spec.rate_iops = {0, 0, 200};  // rate_iops=,,200: one trim each 5 ms
  RatePacer by_requests(spec, 1);
  CHECK(due_times(by_requests, IoOp::kTrim, 4) == std::vector<std::int64_t>{0, 5000, 10000, 15000});
  CHECK(by_requests.next(IoOp::kTrim, milliseconds(20)).op == IoOp::kTrim);

  spec.rate_iops = {0, 0, 0};
  spec.rate_bytes = {0, 0, 800 * 1024};  // rate=,,800k: 4 KiB each 5 ms
  RatePacer by_bytes(spec, 1);
  CHECK(due_times(by_bytes, IoOp::kTrim, 3) == std::vector<std::int64_t>{0, 5000, 10000});

  spec.rate_bytes = {800 * 1024, 800 * 1024, 0};  // the reads' and writes' rates hold no trim back
  RatePacer other_directions(spec, 1);
  CHECK(due_times(other_directions, IoOp::kTrim, 3) == std::vector<std::int64_t>{0, 0, 0});
}

TEST_CASE("job rate: the schedule starts afresh at the ramp's end, as fio's reset_all_stats") {
  WorkloadSpec spec = paced(IoPattern::kRandRead);
  spec.rate_iops = {200, 0, 0};  // one read each 5 ms
  RatePacer pacer(spec, 1);
  CHECK(due_times(pacer, IoOp::kRead, 3) == std::vector<std::int64_t>{0, 5000, 10000});
  pacer.restart();
  CHECK(due_times(pacer, IoOp::kRead, 3) == std::vector<std::int64_t>{0, 5000, 10000});
}

TEST_CASE("job rate: rate_iops= of trims counts the trims' smallest request (fio's min_bs[DDIR_TRIM])") {
  WorkloadSpec spec = paced(IoPattern::kTrim);
  spec.block_sizes.direction[2].bs = 16384;
  spec.block_bytes = 16384;
  spec.rate_iops = {0, 0, 100};  // 100 trims of 16 KiB a second: one each 10 ms
  RatePacer pacer(spec, 1);
  pacer.issued(IoOp::kTrim, 16384);
  CHECK(pacer.next(IoOp::kTrim, nanoseconds(0)).due == milliseconds(10));
}

TEST_CASE("job rate: a trimwrite job is paced by its write rate: each trim goes when its write is due") {
  WorkloadSpec spec = paced(IoPattern::kTrimWrite);
  spec.rate_iops = {0, 100, 400};  // writes 100 a second, trims 400: fio follows the writes' alone
  RatePacer pacer(spec, 1);
  std::vector<std::int64_t> trims, writes;
  for (int pair = 0; pair < 3; ++pair) {
    const RatePacer::Next trim = pacer.next(IoOp::kTrim, nanoseconds(0));
    CHECK(trim.op == IoOp::kTrim);
    trims.push_back(std::chrono::duration_cast<microseconds>(trim.due).count());
    pacer.issued(IoOp::kTrim, 4096);
    const RatePacer::Next write = pacer.next(IoOp::kWrite, nanoseconds(0));
    CHECK(write.op == IoOp::kWrite);
    writes.push_back(std::chrono::duration_cast<microseconds>(write.due).count());
    pacer.issued(IoOp::kWrite, 4096);
  }
  CHECK(trims == std::vector<std::int64_t>{0, 10000, 20000});
  CHECK(writes == trims);  // the trim moves nothing on: its write is due with it

  spec.rate_iops = {0, 0, 200};  // a trim rate alone: fio's write direction is never due later, nothing waits
  RatePacer trims_only(spec, 1);
  CHECK(due_times(trims_only, IoOp::kTrim, 3) == std::vector<std::int64_t>{0, 0, 0});
  CHECK(trims_only.next(IoOp::kWrite, nanoseconds(0)).due == nanoseconds(0));
}

TEST_CASE("job rate: rate_iops_min= of trims fails a trim job that falls under it, with fio's message") {
  WorkloadSpec spec = paced(IoPattern::kRandTrim);
  spec.rate_iops_min = {0, 0, 50};
  RateFloor floor(spec);
  REQUIRE(floor.active());
  for (int i = 0; i < 100; ++i) floor.completed(IoOp::kTrim, 4096);
  CHECK_FALSE(floor.check(milliseconds(1999)));  // fio's 2 s settle
  CHECK_FALSE(floor.check(milliseconds(2000)));  // the first check sets the mark
  for (int i = 0; i < 60; ++i) floor.completed(IoOp::kTrim, 4096);
  CHECK_FALSE(floor.check(milliseconds(2999)));  // not a whole ratecycle yet
  CHECK_FALSE(floor.check(milliseconds(3000)));  // 60 in the second: kept
  for (int i = 0; i < 12; ++i) floor.completed(IoOp::kTrim, 4096);
  const std::optional<std::string> failed = floor.check(milliseconds(4000));
  REQUIRE(failed);
  CHECK(*failed == "rate_iops_min=50 not met, got 12 IOPS");
}

TEST_CASE("job rate: rate_min= per direction: the writes of a trimwrite job cannot make up for its trims") {
  WorkloadSpec spec = paced(IoPattern::kTrimWrite);
  spec.rate_min_bytes = {0, 0, 1 << 20};  // trims: 1 MiB/s
  RateFloor floor(spec);
  floor.completed(IoOp::kTrim, 4096);
  CHECK_FALSE(floor.check(milliseconds(2000)));
  for (int i = 0; i < 1024; ++i) floor.completed(IoOp::kWrite, 4096);  // 4 MiB of writes, no trim
  const std::optional<std::string> failed = floor.check(milliseconds(3000));
  REQUIRE(failed);
  CHECK(*failed == "rate_min=1048576B/s not met, got 0B/s");

  WorkloadSpec reads = paced(IoPattern::kRandRead);
  reads.rate_min_bytes = {0, 0, 1 << 20};
  RateFloor never_trims(reads);
  for (int i = 0; i < 10; ++i) never_trims.completed(IoOp::kRead, 4096);
  CHECK_FALSE(never_trims.check(milliseconds(2000)));
  CHECK_FALSE(never_trims.check(milliseconds(5000)));  // a direction that completed nothing is not checked
}

}  // namespace bench

namespace bench {

TEST_CASE("job rate: rate_cycle= is the window of rate_iops_min='s checks (fio's ratecycle)") {
  WorkloadSpec spec = paced(IoPattern::kRandRead);
  spec.rate_iops_min = {100, 0, 0};
  spec.rate_cycle = milliseconds(250);
  RateFloor floor(spec);
  floor.completed(IoOp::kRead, 4096);
  CHECK_FALSE(floor.check(milliseconds(2000)));  // the mark
  for (int i = 0; i < 10; ++i) floor.completed(IoOp::kRead, 4096);
  CHECK_FALSE(floor.check(milliseconds(2249)));  // not a whole cycle yet
  // 10 requests in 250 ms: 40 a second, under 100 (with fio's default of 1000 ms, no check would be due yet)
  const std::optional<std::string> failed = floor.check(milliseconds(2250));
  REQUIRE(failed);
  CHECK(*failed == "rate_iops_min=100 not met, got 40 IOPS");
}

TEST_CASE("job rate: a stall with rate_ignore_thinktime counts as time at the rate, less one request (fio's)") {
  WorkloadSpec spec = paced(IoPattern::kRead);
  spec.rate_iops = {100, 0, 0};  // one 4 KiB read each 10 ms
  RatePacer pacer(spec, 1);
  CHECK(due_times(pacer, IoOp::kRead, 2) == std::vector<std::int64_t>{0, 10000});
  // A 50 ms stall after the second read: 5 reads' worth missed, less one: 4 more count as issued. The next read's
  // due time was set before the stall (20 ms: it goes at once after it), the one after follows from the stall.
  pacer.stalled(IoOp::kRead, milliseconds(50));
  CHECK(due_times(pacer, IoOp::kRead, 2) == std::vector<std::int64_t>{20000, 70000});

  // A stall shorter than one request's time at the rate: its bytes alone count (fio's `over` is 0).
  RatePacer short_stall(spec, 1);
  due_times(short_stall, IoOp::kRead, 1);
  short_stall.stalled(IoOp::kRead, milliseconds(5));  // 2048 bytes missed
  CHECK(due_times(short_stall, IoOp::kRead, 2) == std::vector<std::int64_t>{10000, 25000});

  RatePacer other_direction(spec, 1);  // a direction without a rate is left alone
  other_direction.stalled(IoOp::kWrite, milliseconds(50));
  CHECK(due_times(other_direction, IoOp::kRead, 3) == std::vector<std::int64_t>{0, 10000, 20000});
}

}  // namespace bench
