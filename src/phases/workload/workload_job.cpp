#include "phases/workload/workload_job.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <thread>
#include <utility>

#include "engine/refill_policy.h"
#include "measure/stopwatch.h"
#include "phases/workload/backlog_verify.h"
#include "phases/workload/job_depth_target.h"
#include "phases/workload/job_errors.h"
#include "phases/workload/job_pacing.h"
#include "phases/workload/job_places.h"
#include "phases/workload/job_recorder.h"
#include "phases/workload/job_steady_state.h"
#include "phases/workload/job_stop.h"
#include "phases/rng.h"
#include "phases/workload/sync_schedule.h"

namespace bench {
namespace {

// fio's directions as the progress display counts them (phases/live_io.h): read, write, trim.
std::size_t live_direction(IoOp op) { return op == IoOp::kRead ? 0 : op == IoOp::kWrite ? 1 : 2; }

using Clock = std::chrono::steady_clock;
using FilePlace = JobPlaces::FilePlace;

constexpr std::uint64_t kSyncTag = std::numeric_limits<std::uint64_t>::max();

bool trims_then_writes(IoPattern pattern) {
  return pattern == IoPattern::kTrimWrite || pattern == IoPattern::kRandTrimWrite;
}

// The request slots (the engine's buffer slots, one request in flight each): what each holds, as arrays by slot,
// and which are free.
class RequestSlots {
 public:
  explicit RequestSlots(std::uint32_t depth) : op(depth), offset(depth), length(depth), file(depth) {
    free_.reserve(depth);
    for (std::uint32_t slot = depth; slot > 0; --slot) free_.push_back(slot - 1);
  }
  std::size_t free_count() const { return free_.size(); }
  // REQUIRES: free_count() > 0.
  std::uint32_t take(IoOp request_op, std::uint32_t request_file, std::uint64_t request_offset,
                     std::uint32_t request_length) {
    const std::uint32_t slot = free_.back();
    free_.pop_back();
    op[slot] = request_op;
    offset[slot] = request_offset;
    length[slot] = request_length;
    file[slot] = request_file;
    return slot;
  }
  void release(std::uint32_t slot) { free_.push_back(slot); }

  std::vector<IoOp> op;
  std::vector<std::uint64_t> offset;  // in the file (the region's start added)
  std::vector<std::uint32_t> length;  // bs, or drawn: bsrange=, bssplit=
  std::vector<std::uint32_t> file;    // into JobPlan::files

 private:
  std::vector<std::uint32_t> free_;
};

// The loop: issue, reap and stop. It asks the refill policy when to reap (engine/refill_policy.h), the pacing
// when a request may go (phases/workload/job_pacing.h), the stop rules whether to go on (phases/workload/job_stop.h), the sync
// schedule and verify_backlog what comes between requests (phases/workload/sync_schedule.h, phases/workload/backlog_verify.h), and
// hands what it submits and reaps to the recorder (phases/workload/job_recorder.h).
class JobLoop {
 public:
  JobLoop(const JobPlan& plan, JobMeasurement& result)
      : plan_(plan),
        spec_(plan.spec),
        places_(plan),
        mix_(plan.seed ^ 0x6d69782d72617465ULL),
        refill_({spec_.batch_submit, spec_.batch_complete_min, spec_.batch_complete_max}, plan.depth),
        depth_(spec_, plan.depth),
        slots_(plan.depth),
        recorder_(spec_, plan.depth, !is_synchronous(plan.engine.kind()), plan.job_bytes, result),
        pacing_(spec_, plan.seed, plan.flow),
        syncs_(spec_),
        backlog_(plan.data, plan.depth),
        stop_(spec_, plan.job_bytes, !(places_.restarts_files() && is_synchronous(plan.engine.kind())),
              {plan.interrupt_signal, plan.abort, plan.group_end}, result.stop_signal),
        steady_(spec_.steady_state),
        errors_(spec_.errors, result.errors),
        result_(result) {
    batch_.reserve(plan.depth);
    completions_.reserve(plan.depth);
  }

  void run() {
    const Clock::time_point start = Clock::now();
    const Clock::time_point measure_start = start + spec_.ramp_time;
    recorder_.begin(measure_start);
    stop_.begin(start, measure_start);
    pacing_.begin(start);
    depth_.begin(start);
    steady_.begin(measure_start);
    // verify_only on a writing job: no writes, the read-back alone (fio's do_dry_run, then do_verify).
    const bool writes_nothing = spec_.verify.verify_only && writes_data(spec_.pattern);
    for (std::uint32_t pass = 1; !writes_nothing; ++pass) {
      run_pass();
      if (!stop_.next_pass(pass)) break;
      // fio's loops=: the next pass starts over the region, with the offsets drawn anew from the same seeds and
      // the random map cleared; with unlink_each_loop, on files made anew (JobPlan::between_loops).
      if (plan_.between_loops) plan_.between_loops();
      places_.restart();
    }
    if (syncs_.end_fsync_due() && !stop_.failed() && result_.stop_signal == 0) {
      for (std::uint32_t file = 0; file < plan_.files.size() && !stop_.failed(); ++file) end_fsync(file);
    }
    // A job whose work ended within its ramp_time reports what it did in the ramp, over its whole time, as fio's.
    recorder_.end_in_ramp(start);
    // A time-based run measured until the stop was decided (its runtime at least), as fio's runtime counts; a failed
    // job until its failure, so that what it did before is reported with its time; the end_fsync inside it, as
    // fio's runtime has it (backend.c do_io syncs before the job's runtime is taken).
    // latency_target='s final run starts the figures afresh: the measured window begins there.
    const Clock::time_point measured_from = recorder_.measure_start();
    const Clock::time_point end = std::max(
        {recorder_.last_completion(), measured_from, stop_.stopped_at(), paused_at_end_, end_fsynced_at_});
    result_.elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(end - measured_from);
    if (depth_.searches()) result_.latency_depth = depth_.depth();
    if (plan_.data != nullptr && plan_.data->verifies_after_the_job() && !stop_.failed() && result_.stop_signal == 0) {
      read_back();
    }
    result_.steady_state = steady_.result();
    stop_.throw_failure();
  }

 private:
  // One pass over the job's size (or until a stop): issues and reaps until nothing is in flight and nothing more
  // is to be issued. The loop reaps only when the refill policy says (the queue full, or nothing more may go now).
  void run_pass() {
    while (true) {
      if (plan_.snapshot != nullptr && plan_.snapshot->due()) answer_snapshot();
      if (stop_.issuing()) issue();
      if (pace_) {
        wait_for_pace();
        continue;
      }
      if (plan_.engine.in_flight() == 0) {
        if (!stop_.issuing()) {
          pause_at_pass_end();
          break;
        }
        continue;  // a sync was due: issue() submits it now that nothing is in flight
      }
      const bool may_issue = stop_.issuing() && !syncs_.due() && !backlog_.waiting();
      const std::size_t usable = depth_.usable_slots(plan_.engine.in_flight(), slots_.free_count());
      const std::optional<RefillPolicy::Reap> due = refill_.reap(plan_.engine.in_flight(), usable, may_issue);
      if (!due) continue;  // a slot is free: the next batch goes first
      reap(due->min, due->max);
      while (depth_.drain_further(usable == 0, plan_.engine.in_flight())) {  // iodepth_low
        reap(std::min(due->min, plan_.engine.in_flight()), due->max);
      }
      drain_if_lowered();
      const Clock::time_point now = Clock::now();
      stop_.check(now);
      stop_.check_rate_floor(now);
      if (steady_.check(now)) stop_.steady_state_attained(now);
      if (depth_.searches() && !(recorder_.ramps() && recorder_.ramping(now))) check_depth(now);
    }
  }

  // latency_target='s window check (phases/workload/job_depth_target.h), outside the ramp, as fio's after each
  // request: a lower depth drains the queue first; the search's end drains it and starts the figures afresh (fio's
  // reset_all_stats: runtime= counts from then too); the final window's end stops the job.
  void check_depth(Clock::time_point now) {
    switch (depth_.check(now)) {
      case JobDepthTarget::Step::kNone:
        break;
      case JobDepthTarget::Step::kDrain:
        drain();
        break;
      case JobDepthTarget::Step::kFinalRun: {
        drain();
        const Clock::time_point restart = Clock::now();
        recorder_.restart(restart);
        stop_.restart_runtime(restart);
        break;
      }
      case JobDepthTarget::Step::kDone:
        stop_.depth_found(now);
        break;
    }
  }

  // Reaps every request in flight (fio's io_u_quiesce).
  void drain() {
    while (plan_.engine.in_flight() > 0) reap(plan_.engine.in_flight(), plan_.depth);
  }
  // A miss under latency_percentile=100 lowered the depth as it completed: the queue drains before the next request
  // (misses among the drained ones may lower it further, as fio's).
  void drain_if_lowered() {
    while (std::exchange(depth_lowered_, false)) drain();
  }

  // The runner asked for the measurement so far (phases/job_snapshot.h): a copy with its time and the thread's usage
  // up to now, without the log samples (moved aside, not copied); what it changes is put back whatever happens.
  void answer_snapshot() {
    struct PutBack {
      JobMeasurement& result;
      std::chrono::nanoseconds elapsed;
      std::optional<CpuBreakdown> own_usage;
      IoSampleLog samples;
      ~PutBack() {
        result.elapsed = elapsed;
        result.own_usage = own_usage;
        result.samples = std::move(samples);
      }
    } put_back{result_, result_.elapsed, result_.own_usage, std::exchange(result_.samples, IoSampleLog())};
    const Clock::time_point now = Clock::now();
    const Clock::time_point measure_start = recorder_.measure_start();
    result_.elapsed = now > measure_start ? std::chrono::duration_cast<std::chrono::nanoseconds>(now - measure_start)
                                          : std::chrono::nanoseconds(0);
    const std::optional<CpuBreakdown> usage_now = result_.usage_at_measured_from ? thread_usage() : std::nullopt;
    if (usage_now) result_.own_usage = usage_between(*result_.usage_at_measured_from, *usage_now);
    plan_.snapshot->answer(result_);
  }

  // The pacing held the next request back: as fio does before it sleeps (for its rate, or its thinktime), waits for
  // what is in flight, then sleeps until the request is due, or spins and sleeps through the pause (or until runtime
  // ends or another stop comes).
  void wait_for_pace() {
    const JobPacing::Decision pace = *std::exchange(pace_, std::nullopt);
    while (plan_.engine.in_flight() > 0) reap(plan_.engine.in_flight(), plan_.depth);
    Clock::time_point until = pace.wait_until.value_or(Clock::now());
    if (pace.pause) {
      const Clock::time_point paused = Clock::now();
      until = paused + pace.pause->stall;
      const Clock::time_point spun = paused + pace.pause->spin;  // busy until then, as fio's usec_spin
      for (Clock::time_point now = paused; now < spun && !stop_.stopping(); now = Clock::now()) stop_.check(now);
    }
    constexpr auto kLongestNap = std::chrono::milliseconds(20);  // a stop signal is seen within this
    while (!stop_.stopping()) {
      const Clock::time_point now = Clock::now();
      stop_.check(now);
      if (steady_.check(now)) stop_.steady_state_attained(now);
      if (stop_.stopping() || now >= until) break;
      std::this_thread::sleep_until(std::min({until, stop_.deadline(), now + kLongestNap}));
    }
  }

  // The pass is done, nothing in flight: a pause the pacing owes for the requests issued (fio's thinktime follows
  // every request, the last one too) is taken now, inside the job's measured time; an answer for a next request is not.
  void pause_at_pass_end() {
    if (!pacing_.paces() || stop_.stopping()) return;
    const std::optional<JobPacing::Pause> pause = pacing_.pause_owed(Clock::now());
    if (!pause) return;
    pace_ = JobPacing::Decision{last_op_, std::nullopt, pause};
    wait_for_pace();
    paused_at_end_ = Clock::now();
  }

  // Fills up to the refill policy's batch of free slots and submits them as one batch, unless a sync is due (then
  // waits for the queue to empty first, and submits the sync alone). As fio (io_u.c get_rw_ddir), a due sync goes
  // before the next request.
  void issue() {
    if (syncs_.due() && !stop_.pass_full(trimmed_.has_value())) {
      if (plan_.engine.in_flight() == 0) sync(syncs_.due_op(), syncs_.file());
      return;
    }
    batch_.clear();
    // Without time_based, `size` counts what is issued from the job's start, the ramp's too (as fio's).
    const bool in_ramp = recorder_.ramps() && recorder_.ramping(Clock::now());
    if (recorder_.ramps() && !in_ramp && !std::exchange(past_ramp_, true)) pacing_.ramp_ended(Clock::now());
    const std::size_t batch_size =
        refill_.batch_size(depth_.usable_slots(plan_.engine.in_flight(), slots_.free_count()));
    while (batch_.size() < batch_size && !stop_.pass_full(trimmed_.has_value())) {
      if (backlog_.active() && add_backlog_check()) break;
      if (!add_request(in_ramp) || syncs_.due()) break;
    }
    if (batch_.empty()) return;
    submit_batch(in_ramp);
  }

  // Hands batch_ to the engine, stamped, and counts it in the depth distributions (the ramp's apart).
  void submit_batch(bool in_ramp) {
    recorder_.stamp_submitted(batch_, Clock::now());
    recorder_.count_submission(batch_.size(), plan_.engine.in_flight(), in_ramp);
    plan_.engine.submit(batch_);
    if (recorder_.splits_latency()) recorder_.stamp_issued(batch_, Clock::now());
  }

  // Draws the next request and adds it to the batch; false when none was added: the pacing holds it back (its answer
  // in pace_, the request's direction in held_op_ for the next issue()), or every file is done.
  bool add_request(bool in_ramp) {
    IoOp op = held_op_ ? *held_op_ : next_direction();
    held_op_.reset();
    if (pacing_.paces()) {
      const JobPacing::Decision decision = pacing_.next(op, Clock::now());
      op = decision.op;
      if (decision.wait_until || decision.pause) {
        held_op_ = op;
        pace_ = decision;
        return false;
      }
    }
    if (moves_no_data(plan_.engine.kind())) return add_no_data_request(op, in_ramp);
    // trimwrite: the write goes where its trim went (fio's last_start[DDIR_TRIM]), with its length.
    const std::optional<FilePlace> next =
        op == IoOp::kWrite && trimmed_ ? std::exchange(trimmed_, std::nullopt) : places_.next(op);
    if (!next) {  // every file is done (a random pass over every block, or no request fits before the end)
      stop_.end_pass();
      return false;
    }
    const RequestPlace place = *next->place;
    if (op == IoOp::kTrim && trims_then_writes(spec_.pattern)) trimmed_ = next;
    pacing_.issued(op, place.length);
    stop_.issued(place.length, in_ramp);
    const std::uint64_t offset = plan_.files[next->file].region_offset + place.offset;
    const std::uint32_t slot = slots_.take(op, next->file, offset, place.length);
    if (op == IoOp::kWrite && plan_.data != nullptr && plan_.data->acts_per_write()) {
      plan_.data->before_write(slot, offset, place.length);
    }
    batch_.push_back({op, next->file, offset, place.length, slot, slot});
    last_op_ = op;
    syncs_.issued(op, next->file);
    return true;
  }

  // An engine that moves no data (cpuio): as fio's FIO_NOIO requests, a read of 0 bytes at offset 0 of the first
  // file whatever the job's rw=, which no size ends (its runtime does). `op` is what the pacing was asked for.
  bool add_no_data_request(IoOp op, bool in_ramp) {
    pacing_.issued(op, 0);
    stop_.issued(0, in_ramp);
    const std::uint32_t slot = slots_.take(IoOp::kRead, 0, 0, 0);
    batch_.push_back({IoOp::kRead, 0, 0, 0, slot, slot});
    last_op_ = IoOp::kRead;
    return true;
  }

  // A verify_backlog check due (phases/workload/backlog_verify.h): true when it waits for the queue to empty or went (the
  // batch ends there). It reads the job's first file, the one its data names.
  bool add_backlog_check() {
    const std::optional<std::uint64_t> offset = backlog_.due(last_op_ == IoOp::kRead);
    if (!offset) return false;
    if (!batch_.empty() || plan_.engine.in_flight() > 0) return true;
    const std::uint32_t slot = slots_.take(IoOp::kRead, 0, *offset, spec_.block_bytes);
    backlog_.sent(slot);
    syncs_.issued(IoOp::kRead, 0);
    batch_.push_back({IoOp::kRead, 0, *offset, spec_.block_bytes, slot, slot});
    last_op_ = IoOp::kRead;
    return true;
  }

  IoOp next_direction() {
    switch (spec_.pattern) {
      case IoPattern::kTrim:
      case IoPattern::kRandTrim:
        return IoOp::kTrim;
      case IoPattern::kTrimWrite:
      case IoPattern::kRandTrimWrite:
        return trimmed_ ? IoOp::kWrite : IoOp::kTrim;
      case IoPattern::kRead:
      case IoPattern::kRandRead:
        return IoOp::kRead;
      case IoPattern::kWrite:
      case IoPattern::kRandWrite:
        return IoOp::kWrite;
      case IoPattern::kReadWrite:
      case IoPattern::kRandRw:
        return mix_.below(100) < spec_.read_percent ? IoOp::kRead : IoOp::kWrite;
    }
    return IoOp::kRead;
  }

  // Reaps at least `min` and at most `max` completions and hands each on.
  void reap(std::size_t min, std::size_t max) {
    completions_.clear();
    plan_.engine.reap(min, max, completions_);
    const Clock::time_point now = Clock::now();
    recorder_.count_reap(completions_.size(), now);
    for (const IoCompletion& completion : completions_) {
      if (completion.tag == kSyncTag) continue;  // sync() reaps its own
      complete(static_cast<std::uint32_t>(completion.tag), completion.result, now);
    }
  }

  // The request in `slot` came back with `result` at `now`: a short or failed one is the job's error; a whole one
  // is recorded (a verify_backlog read is not), and a read with verify= is checked.
  void complete(std::uint32_t slot, std::int64_t result, Clock::time_point now) {
    const IoOp op = slots_.op[slot];
    const std::uint32_t length = slots_.length[slot];
    const bool whole = result == static_cast<std::int64_t>(length);
    if (whole) pacing_.completed(op);
    if (!whole && filled_up(op, result)) {
      // fio's fill_device: the filesystem is full, which ends the job without an error; a short write's bytes do
      // not count (fio writes its rest, which ENOSPC fails, and counts none of it).
      stop_.filesystem_full();
    } else if (!whole && !goes_on_after(op, result, slot)) {
      stop_.fail_request(op, result, length, plan_.files[slots_.file[slot]].name, slots_.offset[slot]);
    }
    if (backlog_.holds(slot)) {
      backlog_.reaped(slot);
      if (whole) check_read(slot);
    } else {
      if (whole) {
        if (!reading_back_) check_latency(slot, now);
        if (op == IoOp::kWrite) syncs_.write_completed();
        stop_.completed(op, length);
        recorder_.completed(op, slot, length, slots_.offset[slot], spec_.ioprio_value(), now);
        steady_.completed(length, now);
        if (plan_.live_io != nullptr) plan_.live_io->completed(live_direction(op), length);
      }
      if (op == IoOp::kRead && plan_.data != nullptr && (plan_.data->checks_reads() || reading_back_)) {
        if (whole) check_read(slot);
      }
    }
    slots_.release(slot);
  }

  // Whether a write that came back with `result` (short, or a negative errno) found the filesystem full with
  // fill_device=1 (fio's ENOSPC or EDQUOT; a short write is the full filesystem's first sign).
  bool filled_up(IoOp op, std::int64_t result) const {
    return spec_.fill_device && op == IoOp::kWrite && (result >= 0 || result == -ENOSPC || result == -EDQUOT);
  }

  // fio's latency checks of a completed read, write or trim (io_u.c account_io_completion): over max_latency= of
  // its direction the job fails; latency_target='s search counts it (phases/workload/job_depth_target.h).
  void check_latency(std::uint32_t slot, Clock::time_point now) {
    const std::uint64_t max_us = spec_.max_latency_us[live_direction(slots_.op[slot])];
    if (max_us == 0 && !depth_.searches()) return;
    const std::chrono::nanoseconds latency = recorder_.latency_of(slot, now);
    const auto max = std::chrono::microseconds(max_us);
    if (max_us != 0 && latency > max) fail_latency(slot, latency, max);
    switch (depth_.completed(latency, now)) {
      case JobDepthTarget::Completion::kOk:
        break;
      case JobDepthTarget::Completion::kRampedDown:
        depth_lowered_ = true;
        break;
      case JobDepthTarget::Completion::kFatal:
        fail_latency(slot, latency, depth_.target());
        break;
    }
  }
  // fio's lat_fatal: the job's error (ETIMEDOUT) naming the request.
  void fail_latency(std::uint32_t slot, std::chrono::nanoseconds latency, std::chrono::nanoseconds max) {
    const IoOp op = slots_.op[slot];
    stop_.fail_latency(fmt::format("latency of {} nsec exceeds specified max ({} nsec): {} {} {} {}", latency.count(),
                                   max.count(), plan_.files[slots_.file[slot]].name,
                                   op == IoOp::kRead ? "read" : op == IoOp::kWrite ? "write" : "trim",
                                   slots_.offset[slot], slots_.length[slot]));
  }

  // The request in `slot` came back failed with `result` (a negative errno): whether the job goes on after it
  // (continue_on_error=, ignore_error=: phases/workload/job_errors.h). A short transfer never goes on: fio sends
  // its rest again, bench++ takes it for the job's failure.
  bool goes_on_after(IoOp op, std::int64_t result, std::uint32_t slot) {
    if (result >= 0) return false;
    const int error = static_cast<int>(-result);
    const char* verb = op == IoOp::kWrite ? "write" : op == IoOp::kRead ? "read" : "trim";
    return errors_.request_failed(op, error,
                                  fmt::format("cannot {} {} at offset {}: {}", verb, plan_.files[slots_.file[slot]].name,
                                              slots_.offset[slot], std::strerror(error)));
  }

  // verify= on a reading job: the first bad block stops the job (fio's verify error ends the job too), unless the
  // job goes on after verify errors (continue_on_error=verify|all).
  void check_read(std::uint32_t slot) {
    if (stop_.verify_failed()) return;
    if (std::optional<std::string> failure = plan_.data->after_read(slot, slots_.offset[slot], slots_.length[slot])) {
      const bool goes_on = errors_.verify_failed(*failure) && !spec_.verify.verify_fatal;  // counted either way
      if (!goes_on) stop_.fail_verify(std::move(*failure));
    }
  }

  // fio's do_verify (backend.c): after the job's requests and its end_fsync, every block it wrote read back through
  // its engine, as many at once as its depth, each checked as it is reaped (the first bad block stops it). The reads
  // are the job's reads, as fio counts them (io_bytes, total_ios, latencies, depths), over a window of their own
  // (JobRecorder::begin_read_back); the job's mean depth (Little's law over its time in flight) stays its loop's.
  void read_back() {
    reading_back_ = true;
    const std::chrono::nanoseconds loop_in_flight = result_.time_in_flight;
    recorder_.begin_read_back(Clock::now());
    bool more = true;  // blocks left to read back
    while (true) {  // batches and reaps as the job's loop makes them (the refill policy)
      more = more && !stop_.failed() && plan_.interrupt_signal.load(std::memory_order_relaxed) == 0;
      batch_.clear();
      const std::size_t batch_size = more ? refill_.batch_size(slots_.free_count()) : 0;
      while (batch_.size() < batch_size) {
        const std::optional<JobData::Extent> block = plan_.data->next_read_back();
        if (!block) {
          more = false;
          break;
        }
        const std::uint32_t slot = slots_.take(IoOp::kRead, 0, block->offset, block->length);
        batch_.push_back({IoOp::kRead, 0, block->offset, block->length, slot, slot});
      }
      if (!batch_.empty()) submit_batch(false);
      if (plan_.engine.in_flight() == 0) {
        if (!more) break;
        continue;
      }
      if (const std::optional<RefillPolicy::Reap> due =
              refill_.reap(plan_.engine.in_flight(), slots_.free_count(), more)) {
        reap(due->min, due->max);
      }
    }
    recorder_.end_read_back(recorder_.last_completion());
    result_.time_in_flight = loop_in_flight;
    reading_back_ = false;
  }

  // One fsync or fdatasync of `file` with nothing else in flight, timed like any request.
  void sync(IoOp op, std::uint32_t file) {
    const Clock::time_point submitted = Clock::now();
    const std::int64_t result = sync_alone(op, file);
    const Clock::time_point completed = Clock::now();
    syncs_.synced();
    recorder_.synced(submitted, completed, completions_.size(), result >= 0);
  }

  // end_fsync=1's fsync of `file` after the job's requests: inside the job's time, but no sync request of its
  // own (no latency, no count, no I/O depth), as fio's (backend.c do_io: fio_file_fsync, outside the io_u path).
  void end_fsync(std::uint32_t file) {
    sync_alone(IoOp::kFsync, file);
    end_fsynced_at_ = Clock::now();
  }

  // Submits the sync `op` of `file` alone and reaps it: its result (-EIO when none came back), a failure the job's.
  std::int64_t sync_alone(IoOp op, std::uint32_t file) {
    const IoRequest request{op, file, 0, 0, 0, kSyncTag};
    plan_.engine.submit({&request, 1});
    completions_.clear();
    plan_.engine.reap(1, 1, completions_);
    const std::int64_t result = completions_.empty() ? -EIO : completions_.front().result;
    if (result < 0) stop_.fail_request(op, result, 0, plan_.files[file].name, 0);
    return result;
  }

  const JobPlan& plan_;
  const WorkloadSpec& spec_;
  JobPlaces places_;      // where each request goes
  Rng mix_;               // rw=rw / randrw's direction
  RefillPolicy refill_;   // how many go at once, when to reap (fio's iodepth_batch_*)
  JobDepthTarget depth_;  // how deep the queue goes now (latency_target=), when it refills (iodepth_low=)
  RequestSlots slots_;
  std::vector<IoRequest> batch_;
  std::vector<IoCompletion> completions_;
  JobRecorder recorder_;  // latencies, series, depths, log samples
  JobPacing pacing_;      // rate= / rate_iops=, thinktime=, flow=
  SyncSchedule syncs_;    // fsync= / fdatasync= / end_fsync=
  BacklogVerify backlog_;  // verify_backlog=
  JobStopRules stop_;
  JobSteadyState steady_;  // ss=, ss_dur=: stops the job once steady
  JobErrorPolicy errors_;  // continue_on_error=, ignore_error=: the errors the job goes on after
  IoOp last_op_ = IoOp::kRead;                   // the last request issued (fio's last_ddir), for verify_backlog
  std::optional<IoOp> held_op_;                  // drawn, held back by the pacing
  std::optional<JobPacing::Decision> pace_;       // the pacing's answer that held the request back
  Clock::time_point paused_at_end_{};            // when a pause at a pass's end was over
  Clock::time_point end_fsynced_at_{};           // when end_fsync= was done
  bool reading_back_ = false;                    // in read_back(): each read is checked
  bool depth_lowered_ = false;                   // a completion lowered latency_target='s depth: drain first
  bool past_ramp_ = false;                       // a batch was issued after ramp_time (the pacing was told)
  std::optional<FilePlace> trimmed_;             // trimwrite: the block trimmed last, to be written next
  JobMeasurement& result_;
};

}  // namespace

void run_job(const JobPlan& plan, JobMeasurement& measurement) { JobLoop(plan, measurement).run(); }

}  // namespace bench
