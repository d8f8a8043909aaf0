// phases/workload/job_recorder.h: what a workload job records of each submission, reap and completed request, with the
// times the test hands in (no engine, no clock): latencies (slat and clat apart when asked), the per-second series
// and fio's windows, the time in flight, fio's depth counts, log samples, syncs, and the ramp left out (but for a
// job that ends within it, which reports the ramp's requests as fio's).
#include <doctest/doctest.h>

#include <chrono>
#include <vector>

#include "phases/workload/job_recorder.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = JobRecorder::Clock;

const Clock::time_point kStart = Clock::time_point{} + std::chrono::hours(1);

WorkloadSpec spec_of() {
  WorkloadSpec spec;
  spec.block_bytes = 4096;
  return spec;
}

IoRequest request_in(std::uint32_t slot, IoOp op = IoOp::kRead) { return {op, 0, 0, 4096, slot, slot}; }

}  // namespace

TEST_CASE("job recorder: a completed request's latency runs from its batch's submission to its reaping") {
  const WorkloadSpec spec = spec_of();
  JobMeasurement result;
  JobRecorder recorder(spec, 2, false, 0, result);
  REQUIRE(result.parts.size() == kWorkloadParts);
  recorder.begin(kStart);
  CHECK(result.measured_from == kStart);
  const std::vector<IoRequest> batch{request_in(0), request_in(1, IoOp::kWrite)};
  recorder.stamp_submitted(batch, kStart + milliseconds(1500));
  recorder.completed(IoOp::kRead, 0, 4096, 0, 0, kStart + milliseconds(1500) + microseconds(100));
  recorder.completed(IoOp::kWrite, 1, 4096, 0, 0, kStart + milliseconds(1500) + microseconds(300));

  const PartMeasurement& reads = result.parts[part_index(IoDirection::kRead)];
  CHECK(reads.operations == 1);
  CHECK(reads.bytes == 4096);
  CHECK(reads.latency.count() == 1);
  CHECK(reads.latency.max_ns() == 100'000);
  CHECK(reads.submission_latency.count() == 0);  // not split: a synchronous engine's
  CHECK(reads.bytes_per_second == std::vector<std::uint64_t>{0, 4096});  // in the job's second second
  CHECK(reads.operations_per_second == std::vector<std::uint64_t>{0, 1});
  CHECK(reads.latency_ns_per_second == std::vector<std::uint64_t>{0, 100'000});
  CHECK(reads.bytes_per_bw_window == std::vector<std::uint64_t>{0, 0, 0, 4096});  // bwavgtime=500 ms
  CHECK(reads.operations_per_iops_window == std::vector<std::uint64_t>{0, 0, 0, 1});
  CHECK(result.parts[part_index(IoDirection::kWrite)].latency.max_ns() == 300'000);
  CHECK(result.time_in_flight == microseconds(400));
  CHECK(recorder.last_completion() == kStart + milliseconds(1500) + microseconds(300));
  CHECK(result.samples.size() == 0);  // no logs asked for
}

TEST_CASE("job recorder: on an engine that completes after its submit call, slat and clat apart") {
  const WorkloadSpec spec = spec_of();
  JobMeasurement result;
  JobRecorder recorder(spec, 1, true, 0, result);
  recorder.begin(kStart);
  const std::vector<IoRequest> batch{request_in(0)};
  recorder.stamp_submitted(batch, kStart + microseconds(10));
  recorder.stamp_issued(batch, kStart + microseconds(12));
  recorder.completed(IoOp::kRead, 0, 4096, 0, 0, kStart + microseconds(50));
  const PartMeasurement& reads = result.parts[part_index(IoDirection::kRead)];
  CHECK(reads.latency.max_ns() == 40'000);
  CHECK(reads.submission_latency.max_ns() == 2'000);
  CHECK(reads.completion_latency.max_ns() == 38'000);
}

TEST_CASE("job recorder: requests submitted in the ramp are not measured, and the ramp's end notes the CPU time") {
  WorkloadSpec spec = spec_of();
  spec.ramp_time = seconds(1);
  JobMeasurement result;
  JobRecorder recorder(spec, 1, false, 0, result);
  REQUIRE(recorder.ramps());
  recorder.begin(kStart);
  CHECK(recorder.ramping(kStart - milliseconds(1)));
  CHECK(!result.cpu_at_measured_from);
  const std::vector<IoRequest> batch{request_in(0)};
  recorder.stamp_submitted(batch, kStart - microseconds(5));
  recorder.completed(IoOp::kRead, 0, 4096, 0, 0, kStart + microseconds(5));  // done after the ramp, submitted in it
  recorder.count_reap(1, kStart - microseconds(1));
  CHECK(result.parts[0].operations == 0);
  CHECK(result.depths.complete == IoDepthCounts{}.complete);
  CHECK(recorder.last_completion() == kStart);
  CHECK(!recorder.ramping(kStart));
  CHECK(result.cpu_at_measured_from);
  CHECK(!JobRecorder(spec_of(), 1, false, 0, result).ramps());
}

TEST_CASE("job recorder: fio's depth counts, per submission and per reap") {
  const WorkloadSpec spec = spec_of();
  JobMeasurement result;
  JobRecorder recorder(spec, 32, true, 0, result);
  recorder.begin(kStart);
  recorder.count_submission(4, 28);  // four more reach a depth of 32
  recorder.count_submission(1, 0);
  recorder.count_reap(5, kStart);
  CHECK(result.depths.submit[1] == 2);   // 1-4 requests per submission, twice
  CHECK(result.depths.level[5] == 4);    // 32-63 in flight, four requests
  CHECK(result.depths.level[0] == 1);    // 1 in flight
  CHECK(result.depths.complete[2] == 1);  // 5-8 per reap
}

TEST_CASE("job recorder: a sample per measured request for fio's logs, reserved ahead when the count is known") {
  WorkloadSpec spec = spec_of();
  spec.lat_log = "x";
  JobMeasurement result;
  JobRecorder recorder(spec, 1, false, 3 * 4096, result);
  recorder.begin(kStart);
  const std::vector<IoRequest> batch{request_in(0, IoOp::kWrite)};
  recorder.stamp_submitted(batch, kStart + microseconds(1));
  recorder.completed(IoOp::kWrite, 0, 4096, 0, 0, kStart + microseconds(21));
  REQUIRE(result.samples.size() == 1);
  result.samples.for_each([](const IoSample& sample) {
    CHECK(sample.direction == IoDirection::kWrite);
    CHECK(sample.bytes == 4096);
    CHECK(sample.latency == microseconds(20));
    CHECK(sample.completed == microseconds(21));
  });
}

TEST_CASE("job recorder: a sync counts as a submission and a reap, its latency only when it succeeded") {
  const WorkloadSpec spec = spec_of();
  JobMeasurement result;
  JobRecorder recorder(spec, 1, false, 0, result);
  recorder.begin(kStart);
  recorder.synced(kStart + seconds(2), kStart + seconds(2) + milliseconds(3), 1, true);
  recorder.synced(kStart + seconds(3), kStart + seconds(3) + milliseconds(1), 1, false);
  recorder.synced(kStart - seconds(1), kStart + milliseconds(1), 1, true);  // in the ramp: not counted
  const PartMeasurement& syncs = result.parts[part_index(IoDirection::kSync)];
  CHECK(syncs.operations == 1);
  CHECK(syncs.latency.max_ns() == 3'000'000);
  CHECK(syncs.operations_per_second == std::vector<std::uint64_t>{0, 0, 1});
  CHECK(result.depths.submit[1] == 2);
  CHECK(result.depths.complete[1] == 2);
  CHECK(recorder.last_completion() == kStart + seconds(2) + milliseconds(3));
}

TEST_CASE("job recorder: a job that ends within its ramp reports the ramp's requests, bytes and depths, no latency") {
  WorkloadSpec spec = spec_of();
  spec.ramp_time = seconds(2);
  JobMeasurement result;
  JobRecorder recorder(spec, 2, false, 0, result);
  const Clock::time_point job_start = kStart - seconds(2);
  recorder.begin(kStart);  // the measured window would begin 2 s after the job's start
  const std::vector<IoRequest> batch{request_in(0), request_in(1, IoOp::kWrite)};
  recorder.stamp_submitted(batch, job_start + milliseconds(10));
  recorder.count_submission(2, 0, true);
  recorder.count_reap(2, job_start + milliseconds(11));
  recorder.completed(IoOp::kRead, 0, 4096, 0, 0, job_start + milliseconds(11));
  recorder.completed(IoOp::kWrite, 1, 8192, 0, 0, job_start + milliseconds(12));
  recorder.synced(job_start + milliseconds(13), job_start + milliseconds(14), 1, true);
  CHECK(result.parts[part_index(IoDirection::kRead)].operations == 0);  // not measured while in the ramp
  CHECK(result.depths.submit == IoDepthCounts{}.submit);

  REQUIRE(recorder.end_in_ramp(job_start));
  const PartMeasurement& reads = result.parts[part_index(IoDirection::kRead)];
  CHECK(reads.operations == 1);
  CHECK(reads.bytes == 4096);
  CHECK(reads.latency.count() == 0);  // fio takes no latency sample in the ramp
  CHECK(reads.bytes_per_bw_window.empty());
  CHECK(reads.operations_per_iops_window.empty());
  CHECK(result.parts[part_index(IoDirection::kWrite)].bytes == 8192);
  CHECK(result.parts[part_index(IoDirection::kSync)].operations == 1);
  CHECK(result.parts[part_index(IoDirection::kSync)].latency.count() == 0);
  CHECK(result.depths.submit[1] == 2);  // the batch of two and the sync
  CHECK(result.depths.level[1] == 2);   // two in flight
  CHECK(result.depths.level[0] == 1);   // the sync
  CHECK(result.depths.complete[1] == 2);
  CHECK(result.measured_from == job_start);  // over the job's whole time
  CHECK(recorder.measure_start() == job_start);
  CHECK(recorder.last_completion() == job_start + milliseconds(14));
  CHECK(result.time_in_flight == std::chrono::nanoseconds(0));
  CHECK(!result.cpu_at_measured_from);  // its CPU counts from its start
}

TEST_CASE("job recorder: a job that measured a request, or ramps not, or did nothing, keeps its measurement") {
  WorkloadSpec spec = spec_of();
  spec.ramp_time = seconds(1);
  JobMeasurement result;
  JobRecorder recorder(spec, 2, false, 0, result);
  recorder.begin(kStart);
  CHECK(!recorder.end_in_ramp(kStart - seconds(1)));  // nothing done at all
  const std::vector<IoRequest> ramp{request_in(0)};
  recorder.stamp_submitted(ramp, kStart - milliseconds(5));
  recorder.completed(IoOp::kRead, 0, 4096, 0, 0, kStart - milliseconds(4));
  const std::vector<IoRequest> measured{request_in(1)};
  recorder.stamp_submitted(measured, kStart + milliseconds(5));
  recorder.completed(IoOp::kRead, 1, 4096, 0, 0, kStart + milliseconds(6));
  CHECK(!recorder.end_in_ramp(kStart - seconds(1)));
  CHECK(result.parts[part_index(IoDirection::kRead)].operations == 1);  // the measured one only
  CHECK(result.measured_from == kStart);

  JobMeasurement unramped;
  JobRecorder plain(spec_of(), 1, false, 0, unramped);
  plain.begin(kStart);
  CHECK(!plain.end_in_ramp(kStart));
}

}  // namespace bench
