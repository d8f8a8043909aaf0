#pragma once
// When a workload job stops, in one place its loop (phases/workload/workload_job.cpp) asks: whether it may issue more,
// whether it is stopping and why. The rules, as fio 3.33 applies them:
//   - a pass's size: without time_based a pass issues size= bytes (the regions' sum, or size= if less: the job's
//     bytes), io_size= spreads passes over the region until that much is issued, loops= makes that many passes
//     (with io_size=, that many times io_size=);
//     number_ios= caps a pass's requests, time_based or not; trimwrite's trims and writes count twice (each byte
//     trimmed, then written);
//   - runtime= after the ramp, and fio's exitall (another job of the fio group ended): the job stops as at its
//     end, and its measured time runs to the moment the stop was decided;
//   - another job of the group failed (abort), or a stop signal (the signal is recorded in the measurement);
//   - the job's own failures: a request the kernel failed or that moved fewer bytes than asked (the first is
//     kept), a verify= mismatch (the first), rate_min= or rate_iops_min= not kept (phases/workload/job_rate.h RateFloor,
//     checked after reaps, from the measured window's start).
// Pure: the caller reads the clock and hands the time in; the stop flags are the runner's atomics.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <system_error>

#include "engine/io_engine.h"
#include "phases/workload/job_rate.h"
#include "result/workload_spec.h"

namespace bench {

class JobStopRules {
 public:
  using Clock = std::chrono::steady_clock;

  // The runner's flags the job watches.
  struct Signals {
    const std::atomic<int>& interrupt_signal;  // non-zero once a stop was requested
    const std::atomic<bool>* abort = nullptr;      // another job of the group failed; may be null
    const std::atomic<bool>* group_end = nullptr;  // fio's exitall: a job of the fio group ended; may be null
  };
  // `job_bytes`: what one pass issues at most; `pass_ends_at_size`: false where fio never ends a pass at its size
  // (a synchronous engine's bytes never count as queued, and under file_service_type=zipf|pareto|normal its files
  // are never done: on to io_size=). The stop signal seen is written to `stop_signal` (JobMeasurement's).
  JobStopRules(const WorkloadSpec& spec, std::uint64_t job_bytes, bool pass_ends_at_size, Signals signals,
               int& stop_signal);

  // The job's start and its measured window's (after ramp_time): runtime= counts from the latter.
  void begin(Clock::time_point start, Clock::time_point measure_start);

  // Why the job stopped issuing before its passes were done: the first reason seen.
  enum class Cause {
    kNone, kRuntime, kExitall, kAbort, kSignal, kError, kVerify, kRateFloor, kSteadyState, kDepthFound, kFull
  };
  Cause cause() const { return cause_; }
  bool stopping() const { return cause_ != Cause::kNone; }
  // Whether the job may issue another request in this pass.
  bool issuing() const { return !stopping() && !pass_done_; }

  // --- A pass's size.
  // Counts one request issued: its bytes toward size= and io_size=, the ramp's too (fio's io_issue_bytes, which the
  // ramp's end leaves), and the request toward number_ios=, which counts afresh from the ramp's end (fio's
  // io_blocks, which the ramp's end resets: libfio.c reset_all_stats; a job that ends within its ramp counts them all).
  void issued(std::uint32_t bytes, bool in_ramp) {
    issued_bytes_ += bytes;
    if (in_ramp) {
      ++ramp_requests_;
    } else {
      past_ramp_ = true;
      ++issued_requests_;
    }
  }
  // Whether this pass has issued what it may (it is then done); `write_owed`: trimwrite's write of the block
  // just trimmed is still to go, and goes first. Asked per request: inline.
  bool pass_full(bool write_owed) {
    if (ios_ != 0 && (past_ramp_ ? issued_requests_ : ramp_requests_) >= ios_) {  // a cap, time_based or not
      pass_done_ = true;
      return true;
    }
    if (time_based_) return false;
    const std::uint64_t io_left = io_bytes_ == 0 ? pass_bytes_ : io_bytes_ - issued_before_pass_;
    const std::uint64_t pass_bytes = pass_ends_at_size_ && pass_bytes_ < io_left ? pass_bytes_ : io_left;
    if (issued_bytes_ >= pass_bytes && !write_owed) {
      pass_done_ = true;
      return true;
    }
    return false;
  }
  // Every file of the job is done for this pass (phases/workload/job_places.h).
  void end_pass() { pass_done_ = true; }
  bool pass_done() const { return pass_done_; }
  // After pass `passes_done` (1 for the first), with nothing in flight: whether the job makes another (loops=,
  // io_size=); if so, its counts start over.
  bool next_pass(std::uint32_t passes_done);

  // --- Stops from outside and from the clock.
  // runtime='s end, exitall, abort and a stop signal, at `now`. Asked after each reap: inline.
  void check(Clock::time_point now) {
    if (now >= deadline_ && !stopping()) {
      stop(Cause::kRuntime);
      stopped_at_ = now;
    }
    if (signals_.abort != nullptr && signals_.abort->load(std::memory_order_relaxed)) stop(Cause::kAbort);
    if (signals_.group_end != nullptr && signals_.group_end->load(std::memory_order_relaxed) && !stopping()) {
      stop(Cause::kExitall);
      stopped_at_ = now;
    }
    const int signal_number = signals_.interrupt_signal.load(std::memory_order_relaxed);
    if (signal_number != 0) {
      stop(Cause::kSignal);
      stop_signal_ = signal_number;
    }
  }
  // rate_min= / rate_iops_min=, where fio checks them: after reaps (never while a pacing wait sleeps).
  void completed(IoOp op, std::uint32_t bytes) {
    if (floor_.active()) floor_.completed(op, bytes);
  }
  void check_rate_floor(Clock::time_point now) {
    if (floor_.active()) check_floor(now);
  }
  // fio's steady state was attained at `now` (phases/workload/job_steady_state.h): the job stops as at runtime's end.
  void steady_state_attained(Clock::time_point now) {
    if (stopping()) return;
    stop(Cause::kSteadyState);
    stopped_at_ = now;
  }
  // latency_target='s search ended at `now` (phases/workload/job_depth_target.h): the job stops as at runtime's end.
  void depth_found(Clock::time_point now) {
    if (stopping()) return;
    stop(Cause::kDepthFound);
    stopped_at_ = now;
  }
  // fill_device=1: a write found the filesystem full (ENOSPC, EDQUOT): the job stops as at its end, with no error
  // (fio's clears it).
  void filesystem_full() { stop(Cause::kFull); }
  // The job's figures start afresh at `now` (latency_target='s final run): runtime= counts from then, as fio's
  // reset_all_stats moves its epoch.
  void restart_runtime(Clock::time_point now) {
    if (runtime_.count() > 0) deadline_ = now + runtime_;
  }
  Clock::time_point deadline() const { return deadline_; }  // runtime='s end (the clock's max without runtime=)
  // When runtime='s end, exitall or steady state stopped the job (the clock's epoch when neither did).
  Clock::time_point stopped_at() const { return stopped_at_; }

  // --- The job's failures.
  // The request (`op` of `length` bytes at `offset` of `file`) came back with `result` (a negative errno, or
  // the bytes moved): the job's error, unless it has one already ("cannot read FILE at offset N[: M of L bytes]").
  void fail_request(IoOp op, std::int64_t result, std::uint32_t length, const std::string& file, std::uint64_t offset);
  // A verify= check's failure line (phases/workload/workload_data.h JobData::after_read): the first stops the job.
  void fail_verify(std::string failure);
  // A request took longer than max_latency= (or latency_target= at depth 1): the job's error, ETIMEDOUT with
  // `message` (fio's lat_fatal), unless it has one already.
  void fail_latency(std::string message) {
    stop(Cause::kError);
    if (!error_) error_ = std::system_error(ETIMEDOUT, std::generic_category(), message);
  }
  bool verify_failed() const { return verify_failure_.has_value(); }
  bool failed() const { return error_ || verify_failure_ || rate_failure_; }
  // Throws the job's failure, if any: the request's std::system_error, else VerifyError, else the rate floor's
  // std::runtime_error ("workload 'NAME': rate_min=... not met, got ...").
  void throw_failure() const;

 private:
  void stop(Cause cause) {
    if (cause_ == Cause::kNone) cause_ = cause;
  }
  void check_floor(Clock::time_point now);
  std::uint64_t per_byte(std::uint64_t amount) const { return trims_then_writes_ ? 2 * amount : amount; }

  const std::string& name_;
  // the pass's size
  std::uint64_t pass_bytes_;    // size= counted per byte (0 when time_based)
  std::uint64_t io_bytes_;      // io_size= counted per byte (0: none)
  std::uint64_t ios_;           // number_ios= counted per byte (0: no cap)
  std::uint32_t loops_;
  bool time_based_;
  bool trims_then_writes_;
  bool pass_ends_at_size_;
  bool pass_done_ = false;
  std::uint64_t issued_bytes_ = 0;        // in this pass, ramp included
  std::uint64_t issued_requests_ = 0;     // in this pass, after the ramp
  std::uint64_t ramp_requests_ = 0;       // in this pass, in the ramp
  bool past_ramp_ = false;                // a request went after the ramp
  std::uint64_t issued_before_pass_ = 0;  // bytes issued by the earlier passes (of this loop, with io_size=)
  std::uint32_t loops_done_ = 0;          // with io_size=: the loops (of io_size= each) done
  // the clock and the flags
  std::chrono::nanoseconds runtime_;
  Signals signals_;
  int& stop_signal_;
  Clock::time_point start_{};
  Clock::time_point measure_start_{};
  Clock::time_point deadline_ = Clock::time_point::max();
  Clock::time_point stopped_at_{};
  Cause cause_ = Cause::kNone;
  // failures
  RateFloor floor_;
  std::optional<std::system_error> error_;
  std::optional<std::string> verify_failure_;
  std::optional<std::string> rate_failure_;
};

}  // namespace bench
