// phases/workload/job_stop.h: when a workload job stops and why, with the times and flags the test hands in: a pass's size
// (size=, io_size=, number_ios=, loops=, trimwrite's double count), runtime=, exitall, the group's abort, a stop
// signal, rate_min=, and the job's own failures in the order they are thrown.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <system_error>

#include "phases/workload/job_stop.h"
#include "phases/workload/workload_data.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = JobStopRules::Clock;
using Cause = JobStopRules::Cause;

const Clock::time_point kStart = Clock::time_point{} + std::chrono::hours(1);

WorkloadSpec spec_of(IoPattern pattern = IoPattern::kRead) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  return spec;
}

// The runner's flags, and the measurement's stop signal, for one job.
struct Flags {
  std::atomic<int> interrupt{0};
  std::atomic<bool> abort{false};
  std::atomic<bool> group_end{false};
  int stop_signal = 0;
  JobStopRules rules(const WorkloadSpec& spec, std::uint64_t job_bytes, bool pass_ends_at_size = true) {
    return JobStopRules(spec, job_bytes, pass_ends_at_size, {interrupt, &abort, &group_end}, stop_signal);
  }
};

// Issues 4 KiB requests until the pass is full: how many went.
int requests_in_pass(JobStopRules& rules, bool in_ramp = false) {
  int requests = 0;
  while (!rules.pass_full(false) && requests < 1000) {
    rules.issued(4096, in_ramp);
    ++requests;
  }
  return requests;
}

}  // namespace

TEST_CASE("job stop: a pass issues the job's bytes, and loops= makes that many passes") {
  WorkloadSpec spec = spec_of();
  spec.loops = 3;
  Flags flags;
  JobStopRules rules = flags.rules(spec, 4 * 4096);
  rules.begin(kStart, kStart);
  CHECK(rules.issuing());
  for (std::uint32_t pass = 1; pass <= 3; ++pass) {
    CAPTURE(pass);
    CHECK(requests_in_pass(rules) == 4);
    CHECK(rules.pass_done());
    CHECK(!rules.issuing());
    CHECK(rules.next_pass(pass) == (pass < 3));
  }
  CHECK(rules.cause() == Cause::kNone);  // done, not stopped
}

TEST_CASE("job stop: the ramp's bytes count toward size=, number_ios= counts afresh from the ramp's end, as fio's") {
  WorkloadSpec spec = spec_of();
  Flags flags;
  JobStopRules rules = flags.rules(spec, 3 * 4096);
  rules.issued(4096, true);
  rules.issued(4096, true);
  CHECK(requests_in_pass(rules) == 1);  // fio's io_issue_bytes: the ramp's end does not reset them
  JobStopRules in_ramp = flags.rules(spec, 3 * 4096);
  CHECK(requests_in_pass(in_ramp, true) == 3);  // a job whose work ends within its ramp issues size= there

  spec.number_ios = 3;
  spec.time_based = true;  // number_ios is a cap, time_based or not
  JobStopRules capped = flags.rules(spec, 2 * 4096);
  capped.issued(4096, true);
  capped.issued(4096, true);
  CHECK(requests_in_pass(capped) == 3);  // fio's io_blocks: the ramp's end resets them
  JobStopRules capped_in_ramp = flags.rules(spec, 2 * 4096);
  CHECK(requests_in_pass(capped_in_ramp, true) == 3);  // ... and until then count the ramp's
}

TEST_CASE("job stop: io_size= spreads passes over the region until that much is issued") {
  WorkloadSpec spec = spec_of();
  spec.io_size = 5 * 4096;
  Flags flags;
  JobStopRules rules = flags.rules(spec, 2 * 4096);
  CHECK(requests_in_pass(rules) == 2);
  REQUIRE(rules.next_pass(1));
  CHECK(requests_in_pass(rules) == 2);
  REQUIRE(rules.next_pass(2));
  CHECK(requests_in_pass(rules) == 1);  // the last pass stops at io_size
  CHECK(!rules.next_pass(3));

  // Where a pass never ends at its size (a synchronous engine under file_service_type=zipf), on to io_size.
  JobStopRules whole = flags.rules(spec, 2 * 4096, false);
  CHECK(requests_in_pass(whole) == 5);
}

TEST_CASE("job stop: io_size= with loops= issues io_size= that many times, as fio's keep_running") {
  WorkloadSpec spec = spec_of();
  spec.io_size = 3 * 4096;
  spec.loops = 2;
  Flags flags;
  JobStopRules rules = flags.rules(spec, 2 * 4096);
  CHECK(requests_in_pass(rules) == 2);
  REQUIRE(rules.next_pass(1));
  CHECK(requests_in_pass(rules) == 1);  // the first loop's io_size
  REQUIRE(rules.next_pass(2));
  CHECK(requests_in_pass(rules) == 2);  // the second loop starts over
  REQUIRE(rules.next_pass(3));
  CHECK(requests_in_pass(rules) == 1);
  CHECK(!rules.next_pass(4));

  spec.io_size = 4096;  // less than a pass: one short pass per loop
  JobStopRules short_loops = flags.rules(spec, 2 * 4096);
  CHECK(requests_in_pass(short_loops) == 1);
  REQUIRE(short_loops.next_pass(1));
  CHECK(requests_in_pass(short_loops) == 1);
  CHECK(!short_loops.next_pass(2));
}

TEST_CASE("job stop: trimwrite counts each byte twice, and its owed write goes before the pass ends") {
  const WorkloadSpec spec = spec_of(IoPattern::kTrimWrite);
  Flags flags;
  JobStopRules rules = flags.rules(spec, 2 * 4096);
  for (int i = 0; i < 3; ++i) rules.issued(4096, false);
  CHECK(!rules.pass_full(false));
  rules.issued(4096, false);
  CHECK(!rules.pass_full(true));  // a trimmed block's write is still owed
  CHECK(rules.pass_full(false));
}

TEST_CASE("job stop: runtime= ends the job at the measured window's start plus runtime, and says when") {
  WorkloadSpec spec = spec_of();
  spec.runtime = seconds(10);
  spec.time_based = true;
  Flags flags;
  JobStopRules rules = flags.rules(spec, 4096);
  rules.begin(kStart, kStart + seconds(2));  // ramp_time=2
  CHECK(rules.deadline() == kStart + seconds(12));
  rules.check(kStart + seconds(11));
  CHECK(!rules.stopping());
  rules.check(kStart + seconds(12) + milliseconds(3));
  CHECK(rules.cause() == Cause::kRuntime);
  CHECK(rules.stopped_at() == kStart + seconds(12) + milliseconds(3));
  CHECK(!rules.issuing());
  rules.check(kStart + seconds(13));  // the first stop's time is kept
  CHECK(rules.stopped_at() == kStart + seconds(12) + milliseconds(3));
  CHECK(!rules.failed());
  CHECK_NOTHROW(rules.throw_failure());

  Flags no_runtime;
  JobStopRules endless = no_runtime.rules(spec_of(), 4096);
  endless.begin(kStart, kStart);
  CHECK(endless.deadline() == Clock::time_point::max());
}

TEST_CASE("job stop: exitall, the group's abort and a stop signal, each with its cause") {
  const WorkloadSpec spec = spec_of();
  {
    Flags flags;
    JobStopRules rules = flags.rules(spec, 4096);
    rules.begin(kStart, kStart);
    flags.group_end = true;
    rules.check(kStart + seconds(1));
    CHECK(rules.cause() == Cause::kExitall);
    CHECK(rules.stopped_at() == kStart + seconds(1));  // measured to the stop, as at runtime's end
  }
  {
    Flags flags;
    JobStopRules rules = flags.rules(spec, 4096);
    rules.begin(kStart, kStart);
    flags.abort = true;
    rules.check(kStart + seconds(1));
    CHECK(rules.cause() == Cause::kAbort);
    CHECK(rules.stopped_at() == Clock::time_point{});  // measured to its last completion
  }
  {
    Flags flags;
    JobStopRules rules = flags.rules(spec, 4096);
    rules.begin(kStart, kStart);
    rules.check(kStart);
    CHECK(!rules.stopping());
    flags.interrupt = 15;
    rules.check(kStart + seconds(1));
    CHECK(rules.cause() == Cause::kSignal);
    CHECK(flags.stop_signal == 15);  // recorded in the measurement
  }
}

TEST_CASE("job stop: rate_min= is checked from 2 s after the start, once a second, and fails the job") {
  WorkloadSpec spec = spec_of();
  spec.rate_min_bytes = {1024 * 1024, 0, 0};
  Flags flags;
  JobStopRules rules = flags.rules(spec, 4096);
  rules.begin(kStart, kStart);
  rules.completed(IoOp::kRead, 4096);
  rules.check_rate_floor(kStart + seconds(2));  // the first check sets the mark
  CHECK(!rules.stopping());
  rules.completed(IoOp::kRead, 512 * 1024);
  rules.check_rate_floor(kStart + seconds(3));  // 512 KiB in the second since: under 1 MiB/s
  CHECK(rules.cause() == Cause::kRateFloor);
  CHECK(rules.failed());
  CHECK_THROWS_WITH_AS(rules.throw_failure(), "workload 'w': rate_min=1048576B/s not met, got 524288B/s",
                       std::runtime_error);
}

TEST_CASE("job stop: a failed request's error, the first kept, thrown before a verify failure") {
  const WorkloadSpec spec = spec_of();
  Flags flags;
  JobStopRules rules = flags.rules(spec, 4096);
  rules.fail_verify("bad block at offset 0 in f");
  CHECK(rules.cause() == Cause::kVerify);
  CHECK_THROWS_AS(rules.throw_failure(), VerifyError);
  rules.fail_request(IoOp::kWrite, 100, 4096, "f", 8192);
  rules.fail_request(IoOp::kRead, -5, 4096, "g", 0);  // a later one: the first is kept
  CHECK(rules.cause() == Cause::kVerify);             // the first reason to stop
  try {
    rules.throw_failure();
    FAIL("no failure thrown");
  } catch (const std::system_error& error) {
    CHECK(error.code().value() == EIO);
    CHECK(std::string(error.what()).starts_with("cannot write f at offset 8192: 100 of 4096 bytes"));
  }
  Flags other;
  JobStopRules failed = other.rules(spec, 4096);
  failed.fail_request(IoOp::kFsync, -28, 0, "f", 0);
  try {
    failed.throw_failure();
    FAIL("no failure thrown");
  } catch (const std::system_error& error) {
    CHECK(error.code().value() == 28);
    CHECK(std::string(error.what()).starts_with("cannot sync f at offset 0"));
  }
}

}  // namespace bench
