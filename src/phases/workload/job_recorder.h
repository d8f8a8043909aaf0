#pragma once
// What a workload job measures of its requests, in one place its loop (phases/workload/workload_job.cpp) hands each
// submission, reap and completed request to: each request's latency (fio's lat; on an engine that is not
// is_synchronous its slat and clat apart), the per-second series and fio's bandwidth and IOPS windows, the time in
// flight, fio's I/O depth distributions (once per submission and per reap, never per request) and, for a job that
// writes fio's logs, a sample per request. Into the job's JobMeasurement (phases/phase.h), parts in IoDirection's
// order (part_index). Requests submitted during ramp_time are done but not measured, but for fio's figures of a job
// that ends within its ramp (end_in_ramp).
//
// Pure but for the process's CPU time and the thread's usage read once as the ramp ends, and fio's log epoch clock
// read once as the measurement begins: the caller reads the clock and hands each time
// in. Inline: it runs once per request on the timed path.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/io_engine.h"
#include "phases/phase.h"
#include "result/workload_spec.h"

namespace bench {

// Where a job's reads, writes and syncs go in its JobMeasurement (phases/phase.h): parts in IoDirection's order.
inline std::size_t part_index(IoDirection direction) { return static_cast<std::size_t>(direction); }
inline constexpr std::size_t kWorkloadParts = 4;

class JobRecorder {
 public:
  using Clock = std::chrono::steady_clock;
  using nanoseconds = std::chrono::nanoseconds;

  // `slots`: the job's request slots (IoRequest::buffer_index < slots); `splits_latency`: slat and clat apart
  // (the engine is not is_synchronous); `job_bytes`: one pass's bytes, the logs' room for a job not time_based.
  // Sizes result.parts to kWorkloadParts.
  JobRecorder(const WorkloadSpec& spec, std::uint32_t slots, bool splits_latency, std::uint64_t job_bytes,
              JobMeasurement& result);

  // The measured window begins at `measure_start` (the job's start plus ramp_time); with fio's log_unix_epoch or
  // log_alternate_epoch, the epoch clock is read now (JobMeasurement::log_epoch_ms, as fio's set_epoch_time).
  void begin(Clock::time_point measure_start) {
    measure_start_ = measure_start;
    last_completion_ = measure_start;
    result_.measured_from = measure_start;
    if (epoch_clock_) result_.log_epoch_ms = epoch_now_ms(*epoch_clock_);
  }
  Clock::time_point measure_start() const { return measure_start_; }
  // The figures start afresh at `now`, nothing in flight (latency_target='s final run, fio's reset_all_stats): what
  // was measured before is dropped, the CPU time and the thread's usage count from now.
  void restart(Clock::time_point now);
  // The last measured completion (measure_start() when none).
  Clock::time_point last_completion() const { return last_completion_; }

  // A writing job's verify read-back (fio's do_verify) begins at `now`: its reads are the job's reads, measured over
  // a window of their own (PartMeasurement::own_window: fio's read runtime is the verify's), their series from its
  // start, their log samples from the job's (fio's epoch). end_read_back closes the window at `now`.
  void begin_read_back(Clock::time_point now) {
    result_.parts[part_index(IoDirection::kRead)].own_window = PartMeasurement::Window{now, nanoseconds(0)};
  }
  void end_read_back(Clock::time_point now) {
    PartMeasurement::Window& window = *result_.parts[part_index(IoDirection::kRead)].own_window;
    window.elapsed = std::chrono::duration_cast<nanoseconds>(now - window.from);
  }

  // Whether the job has a ramp_time: only then need the loop ask ramping().
  bool ramps() const { return ramps_; }
  // Whether `now` is still in the ramp; the first time it is not, notes the process's CPU time and the thread's
  // usage (JobMeasurement::cpu_at_measured_from, usage_at_measured_from: %CPU covers the measured window only).
  bool ramping(Clock::time_point now);

  // A batch about to go to the engine at `now`: each request's submission time (fio's start_time).
  void stamp_submitted(std::span<const IoRequest> batch, Clock::time_point now) {
    for (const IoRequest& request : batch) submitted_at_[request.buffer_index] = now;
  }
  bool splits_latency() const { return splits_latency_; }
  // The batch's submit call returned at `now` (fio's issue_time): only when splits_latency().
  void stamp_issued(std::span<const IoRequest> batch, Clock::time_point now) {
    for (const IoRequest& request : batch) issued_at_[request.buffer_index] = now;
  }

  // fio's I/O depth distributions (result/workload_result.h IoDepthCounts): `requests` submitted together with
  // `in_flight` already in the engine (the depth they reach), reads and writes or a sync, which fio's levels count
  // too (`in_ramp`: submitted in the ramp, counted apart); and a reap that returned `completions` at `now` (counted
  // from the measured window's start, the ramp's apart).
  void count_submission(std::size_t requests, std::size_t in_flight, bool in_ramp = false) {
    IoDepthCounts& depths = in_ramp ? ramp_.depths : result_.depths;
    ++depths.submit[IoDepthCounts::count_range(requests)];
    depths.level[IoDepthCounts::level_range(in_flight + requests)] += requests;
  }
  void count_reap(std::size_t completions, Clock::time_point now) {
    IoDepthCounts& depths = now >= measure_start_ ? result_.depths : ramp_.depths;
    ++depths.complete[IoDepthCounts::count_range(completions)];
  }

  // fio's figures of a job whose work ended within its ramp_time, `start` being the job's start: the ramp never
  // ended, so nothing reset what fio counts through it (time.c ramp_time_over, libfio.c reset_all_stats), and the
  // job reports the ramp's requests, bytes and depth distributions over its whole time from `start`, without any
  // latency, bandwidth or IOPS sample (fio takes none in the ramp: io_u.c should_account). A job is taken to have
  // ended within its ramp when its measured window holds no request (one whose last requests came back just after
  // the ramp's end reports the ramp's figures too, rather than none). Returns whether it did; the measurement is
  // then the ramp's, and last_completion() and measure_start() are the ramp's.
  bool end_in_ramp(Clock::time_point start);

  // fio's lat of the request in `slot` completed at `completed`: from its submission.
  nanoseconds latency_of(std::uint32_t slot, Clock::time_point completed) const {
    return std::chrono::duration_cast<nanoseconds>(completed - submitted_at_[slot]);
  }

  // A read, write or trim from `slot` that moved its `length` bytes at `offset` with I/O priority `priority` (the
  // kernel's ioprio value: result/io_sample.h), reaped at `completed`; not measured when submitted before the
  // measured window.
  void completed(IoOp op, std::uint32_t slot, std::uint32_t length, std::uint64_t offset, std::uint16_t priority,
                 Clock::time_point completed) {
    const Clock::time_point submitted = submitted_at_[slot];
    if (submitted < measure_start_) return count_in_ramp(direction_of(op), length, completed);  // not measured
    PartMeasurement& direction = result_.parts[part_index(direction_of(op))];
    const auto latency = std::chrono::duration_cast<nanoseconds>(completed - submitted);
    direction.latency.record(static_cast<std::uint64_t>(latency.count()));
    const nanoseconds slat = splits_latency_ ? record_split(direction, slot, completed) : nanoseconds(0);
    direction.bytes += length;
    ++direction.operations;
    const auto since_start = completed - measure_start_;
    const auto since_series_start = completed - (direction.own_window ? direction.own_window->from : measure_start_);
    const auto second = static_cast<std::size_t>(since_series_start / std::chrono::seconds(1));
    add_to(direction.bytes_per_second, second, length);
    add_to(direction.operations_per_second, second, 1);
    add_to(direction.latency_ns_per_second, second, static_cast<std::uint64_t>(latency.count()));
    add_to(direction.bytes_per_bw_window, static_cast<std::size_t>(since_series_start / bw_window_), length);
    add_to(direction.operations_per_iops_window, static_cast<std::size_t>(since_series_start / iops_window_), 1);
    result_.time_in_flight += latency;
    if (completed > last_completion_) last_completion_ = completed;
    if (logs_) {  // fio's logs
      result_.samples.push_back({std::chrono::duration_cast<nanoseconds>(since_start), latency, slat, offset, length,
                                 direction_of(op), priority, 0});
    }
  }

  // A sync (fsync or fdatasync, alone in flight: its submission and its reap counted as such) submitted at
  // `submitted`, reaped at `completed` with `completions` (0 or 1); `succeeded`: its latency is recorded too.
  void synced(Clock::time_point submitted, Clock::time_point completed, std::size_t completions, bool succeeded) {
    if (submitted < measure_start_) {
      count_submission(1, 0, true);
      ++ramp_.depths.complete[IoDepthCounts::count_range(completions)];
      return count_in_ramp(IoDirection::kSync, 0, completed);
    }
    count_submission(1, 0);
    ++result_.depths.complete[IoDepthCounts::count_range(completions)];
    if (!succeeded) return;
    const auto latency = std::chrono::duration_cast<nanoseconds>(completed - submitted);
    PartMeasurement& syncs = result_.parts[part_index(IoDirection::kSync)];
    syncs.latency.record(static_cast<std::uint64_t>(latency.count()));
    ++syncs.operations;
    const auto second = static_cast<std::size_t>((completed - measure_start_) / std::chrono::seconds(1));
    add_to(syncs.operations_per_second, second, 1);
    if (completed > last_completion_) last_completion_ = completed;
  }

 private:
  // What fio counts of the ramp's requests (the figures end_in_ramp reports): each direction's requests and bytes
  // (fio's total_io_u and io_bytes), the depth distributions, and the last completion.
  struct RampTally {
    std::array<std::uint64_t, kWorkloadParts> operations{};
    std::array<std::uint64_t, kWorkloadParts> bytes{};
    IoDepthCounts depths;
    Clock::time_point last_completion{};
  };
  void count_in_ramp(IoDirection direction, std::uint32_t length, Clock::time_point completed) {
    ++ramp_.operations[part_index(direction)];
    ramp_.bytes[part_index(direction)] += length;
    ramp_.last_completion = std::max(ramp_.last_completion, completed);
  }

  // The result part a completed request of `op` counts in.
  static IoDirection direction_of(IoOp op) {
    if (op == IoOp::kWrite) return IoDirection::kWrite;
    if (op == IoOp::kTrim) return IoDirection::kTrim;
    return IoDirection::kRead;
  }
  // clock_gettime(`clock`) in whole ms; throws std::system_error for a clock the kernel does not have.
  static std::uint64_t epoch_now_ms(std::uint32_t clock);
  static void add_to(std::vector<std::uint64_t>& series, std::size_t index, std::uint64_t amount) {
    if (series.size() <= index) series.resize(index + 1, 0);
    series[index] += amount;
  }
  // fio's slat and clat apart (phases/phase.h PartMeasurement); returns the slat.
  nanoseconds record_split(PartMeasurement& direction, std::uint32_t slot, Clock::time_point completed) {
    const Clock::time_point issued = issued_at_[slot];
    const auto slat = std::chrono::duration_cast<nanoseconds>(issued - submitted_at_[slot]);
    direction.submission_latency.record(static_cast<std::uint64_t>(slat.count()));
    direction.completion_latency.record(
        static_cast<std::uint64_t>(std::chrono::duration_cast<nanoseconds>(completed - issued).count()));
    return slat;
  }

  std::vector<Clock::time_point> submitted_at_;  // when each slot's batch was submitted (fio's start_time)
  std::vector<Clock::time_point> issued_at_;     // when that submit call returned (fio's issue_time), if split
  bool splits_latency_;
  bool logs_;
  std::optional<std::uint32_t> epoch_clock_;  // log_alternate_epoch_clock_id, with log_unix/alternate_epoch only
  bool ramps_;
  std::chrono::milliseconds bw_window_;    // bwavgtime=
  std::chrono::milliseconds iops_window_;  // iopsavgtime=
  Clock::time_point measure_start_{};
  Clock::time_point last_completion_{};
  RampTally ramp_;
  JobMeasurement& result_;
};

}  // namespace bench
