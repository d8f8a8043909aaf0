#include "phases/workload_job.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

#include "phases/job_places.h"
#include "phases/job_rate.h"
#include "measure/stopwatch.h"
#include "phases/rng.h"
#include "engine/refill_policy.h"

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::nanoseconds;
using FilePlace = JobPlaces::FilePlace;

constexpr std::uint64_t kSyncTag = std::numeric_limits<std::uint64_t>::max();

bool trims_then_writes(IoPattern pattern) {
  return pattern == IoPattern::kTrimWrite || pattern == IoPattern::kRandTrimWrite;
}

// The result part a completed request of `op` counts in.
IoDirection direction_of(IoOp op) {
  if (op == IoOp::kWrite) return IoDirection::kWrite;
  if (op == IoOp::kTrim) return IoDirection::kTrim;
  return IoDirection::kRead;
}

void add_to_second(std::vector<std::uint64_t>& series, std::size_t second, std::uint64_t amount) {
  if (series.size() <= second) series.resize(second + 1, 0);
  series[second] += amount;
}

// The loop's state: which slots are free, when each request was submitted, what it was.
class JobLoop {
 public:
  JobLoop(const JobPlan& plan, JobMeasurement& result)
      : plan_(plan),
        spec_(plan.spec),
        places_(plan),
        mix_(plan.seed ^ 0x6d69782d72617465ULL),
        submitted_at_(plan.depth),
        issued_at_(plan.depth),
        splits_latency_(!is_synchronous(plan.engine.kind())),
        refill_({spec_.batch_submit, spec_.batch_complete_min, spec_.batch_complete_max}, plan.depth),
        op_of_slot_(plan.depth),
        offset_of_slot_(plan.depth),
        length_of_slot_(plan.depth),
        file_of_slot_(plan.depth),
        result_(result) {
    result_.parts.resize(kWorkloadParts);
    free_slots_.reserve(plan.depth);
    for (std::uint32_t slot = plan.depth; slot > 0; --slot) free_slots_.push_back(slot - 1);
    batch_.reserve(plan.depth);
    completions_.reserve(plan.depth);
    reserve_samples();
    if (spec_.rate_limited()) rate_.emplace(spec_, plan.seed);
  }

  void run() {
    const Clock::time_point start = Clock::now();
    measure_start_ = start + spec_.ramp_time;
    result_.measured_from = measure_start_;
    deadline_ = spec_.runtime.count() > 0 ? measure_start_ + spec_.runtime : Clock::time_point::max();
    last_completion_ = measure_start_;
    start_ = start;
    for (std::uint32_t loop = 1;; ++loop) {
      run_pass();
      issued_before_pass_ += issued_bytes_;
      // fio's io_size=: passes over the region (each re-seeded, as a loop) until that much is issued.
      const bool io_left = spec_.io_size != 0 && issued_before_pass_ < per_byte(spec_.io_size);
      if (!pass_done_ || stopping_ || (!io_left && loop >= spec_.loops)) break;
      start_next_loop();
    }
    if (!error_ && !verify_failure_ && !rate_failure_ && spec_.end_fsync && writes_ > 0 && result_.stop_signal == 0) {
      for (std::uint32_t file = 0; file < plan_.files.size() && !error_; ++file) sync(IoOp::kFsync, file);  // as fio
    }
    // A time-based run measured until the stop was decided (its runtime at least), as fio's runtime counts; a failed
    // job until its failure, so that what it did before is reported with its time.
    const Clock::time_point end = std::max({last_completion_, measure_start_, stopped_at_});
    result_.elapsed = std::chrono::duration_cast<nanoseconds>(end - measure_start_);
    if (error_) throw *error_;
    if (verify_failure_) throw VerifyError(*verify_failure_);
    if (rate_failure_) throw std::runtime_error(*rate_failure_);
  }

 private:
  // One pass over the job's size (or until runtime, a stop or an error): issues and reaps until nothing is in
  // flight and nothing more is to be issued. As fio: a batch of iodepth_batch_submit requests (fio's default one)
  // goes as soon as that many slots are free, and the loop reaps only when the queue is full or nothing more may
  // go (engine/refill_policy.h).
  void run_pass() {
    while (true) {
      if (issuing()) issue();
      if (rate_wait_until_) {
        wait_for_rate();
        continue;
      }
      if (plan_.engine.in_flight() == 0) {
        if (!issuing()) break;
        continue;  // a sync was due: issue() submits it now that nothing is in flight
      }
      const std::optional<RefillPolicy::Reap> due =
          refill_.reap(plan_.engine.in_flight(), free_slots_.size(), issuing() && !sync_due() && !backlog_check_);
      if (!due) continue;  // a slot is free: the next batch goes first
      reap(due->min, due->max);
      const Clock::time_point now = Clock::now();
      check_stop(now);
      check_rate_floor(now);
    }
  }

  bool issuing() const { return !stopping_ && !pass_done_; }

  // fio's loops=: the next pass starts over the region, with the offsets drawn anew from the same seeds (fio
  // re-seeds each loop with randrepeat, its default) and the random map cleared; with unlink_each_loop, on files
  // made anew (JobPlan::between_loops).
  void start_next_loop() {
    if (plan_.between_loops) plan_.between_loops();
    places_.restart();
    issued_bytes_ = 0;
    issued_requests_ = 0;
    pass_done_ = false;
  }

  // rate= / rate_iops=: the request about to be issued is not due yet. As fio does before it sleeps, waits for
  // what is in flight, then sleeps until it is due (or until runtime ends or a stop signal comes).
  void wait_for_rate() {
    while (plan_.engine.in_flight() > 0) reap(plan_.engine.in_flight(), plan_.depth);
    constexpr auto kLongestNap = std::chrono::milliseconds(20);  // a stop signal is seen within this
    while (!stopping_) {
      const Clock::time_point now = Clock::now();
      check_stop(now);
      if (stopping_ || now >= *rate_wait_until_) break;
      std::this_thread::sleep_until(std::min({*rate_wait_until_, deadline_, now + kLongestNap}));
    }
    rate_wait_until_.reset();
  }

  // Whether the request about to be issued (`op`, which the rate may change to the other direction) may go
  // now; if not, when it may is kept in rate_wait_until_ and the op for the next issue() in pending_op_.
  bool rate_allows(IoOp& op) {
    if (!rate_) return true;
    const Clock::time_point now = Clock::now();
    const RatePacer::Next next = rate_->next(op, std::chrono::duration_cast<nanoseconds>(now - start_));
    op = next.op;
    if (start_ + next.due <= now) return true;
    pending_op_ = op;
    rate_wait_until_ = start_ + next.due;
    return false;
  }

  // Fills up to the refill policy's batch of free slots with requests and submits them as one batch, unless a
  // sync is due (then waits for the queue to empty first, and submits the sync alone). As fio (io_u.c
  // get_rw_ddir), a due sync goes before the next request: none follows a pass's last write, and the next loop
  // starts with it.
  void issue() {
    if (sync_due() && !target_reached()) {
      if (plan_.engine.in_flight() == 0) sync(spec_.fsync_every > 0 && writes_since_fsync_ >= spec_.fsync_every
                                                  ? IoOp::kFsync
                                                  : IoOp::kFdatasync,
                                              last_write_file_);
      return;
    }
    batch_.clear();
    // Without time_based, `size` counts what is issued after the ramp: the measured part covers it.
    const bool in_ramp = spec_.ramp_time.count() > 0 && Clock::now() < measure_start_;
    if (!in_ramp && spec_.ramp_time.count() > 0 && !result_.cpu_at_measured_from) {
      result_.cpu_at_measured_from = process_cpu_time();  // %CPU covers the measured window only
    }
    const std::size_t batch_size = refill_.batch_size(free_slots_.size());
    while (batch_.size() < batch_size && !target_reached()) {
      if (issue_backlog_check()) break;
      IoOp op = pending_op_ ? *pending_op_ : next_direction();
      pending_op_.reset();
      if (!rate_allows(op)) break;
      // trimwrite: the write goes where its trim went (fio's last_start[DDIR_TRIM]), with its length.
      const std::optional<FilePlace> next =
          op == IoOp::kWrite && trimmed_ ? std::exchange(trimmed_, std::nullopt) : places_.next(op);
      if (!next) {  // every file is done (a random pass over every block, or no request fits before the end)
        pass_done_ = true;
        break;
      }
      const std::optional<RequestPlace> place = next->place;
      if (op == IoOp::kTrim && trims_then_writes(spec_.pattern)) trimmed_ = next;
      if (rate_) rate_->issued(op, place->length);
      ++issued_requests_;
      const std::uint64_t offset = plan_.files[next->file].region_offset + place->offset;
      const std::uint32_t slot = free_slots_.back();
      free_slots_.pop_back();
      op_of_slot_[slot] = op;
      offset_of_slot_[slot] = offset;
      length_of_slot_[slot] = place->length;
      file_of_slot_[slot] = next->file;
      if (op == IoOp::kWrite && plan_.data != nullptr && plan_.data->acts_per_write()) plan_.data->before_write(slot, offset);
      batch_.push_back({op, next->file, offset, place->length, slot, slot});
      last_op_ = op;
      if (op == IoOp::kWrite) {
        last_write_file_ = next->file;
        ++writes_since_fsync_;
        ++writes_since_fdatasync_;
      }
      if (!in_ramp) issued_bytes_ += place->length;
      if (sync_due()) break;
    }
    if (batch_.empty()) return;
    const Clock::time_point now = Clock::now();
    for (const IoRequest& request : batch_) submitted_at_[request.buffer_index] = now;
    if (!in_ramp) count_submission(batch_.size());
    plan_.engine.submit(batch_);
    if (splits_latency_) stamp_issued();
  }

  // verify_backlog= (phases/workload_data.h): a written block due for its check is read back through the engine,
  // as fio reads it, alone and once nothing is in flight (its write may be); unmeasured, as the read-back after the
  // writes. True when one waits or went: the batch ends there.
  bool issue_backlog_check() {
    if (plan_.data == nullptr || !plan_.data->keeps_backlog()) return false;
    if (!backlog_check_) backlog_check_ = plan_.data->next_backlog_check(last_op_ == IoOp::kRead);
    if (!backlog_check_) return false;
    if (!batch_.empty() || plan_.engine.in_flight() > 0) return true;
    const std::uint32_t slot = free_slots_.back();
    free_slots_.pop_back();
    op_of_slot_[slot] = IoOp::kRead;
    offset_of_slot_[slot] = *backlog_check_;
    length_of_slot_[slot] = spec_.block_bytes;
    file_of_slot_[slot] = 0;  // the job's first file: the one its data names
    checking_slot_.resize(plan_.depth, false);
    checking_slot_[slot] = true;
    batch_.push_back({IoOp::kRead, 0, *backlog_check_, spec_.block_bytes, slot, slot});
    last_op_ = IoOp::kRead;
    backlog_check_.reset();
    return true;
  }

  // A verify_backlog read reaped: a short read is the job's error, a bad block its verify failure.
  void check_backlog_read(std::uint32_t slot, std::int64_t result) {
    checking_slot_[slot] = false;
    if (result != static_cast<std::int64_t>(length_of_slot_[slot])) {
      record_error(IoOp::kRead, result, file_of_slot_[slot], offset_of_slot_[slot], length_of_slot_[slot]);
      return;
    }
    check_read(slot);
  }

  // fio's slat and clat apart, on an engine that completes requests after its submit call returns (phases/phase.h
  // PartMeasurement): one more clock read per batch, when the call has returned (fio's issue_time); a synchronous
  // engine's requests complete within the call, so it reads no clock here.
  void stamp_issued() {
    const Clock::time_point issued = Clock::now();
    for (const IoRequest& request : batch_) issued_at_[request.buffer_index] = issued;
  }
  // Returns the slat recorded.
  nanoseconds record_split(PartMeasurement& direction, std::uint32_t slot, Clock::time_point completed) {
    const Clock::time_point issued = issued_at_[slot];
    const auto slat = std::chrono::duration_cast<nanoseconds>(issued - submitted_at_[slot]);
    direction.submission_latency.record(static_cast<std::uint64_t>(slat.count()));
    direction.completion_latency.record(
        static_cast<std::uint64_t>(std::chrono::duration_cast<nanoseconds>(completed - issued).count()));
    return slat;
  }

  // fio's I/O depth distributions (result/workload_result.h IoDepthCounts), counted once per submission and
  // per reap, never per request: `requests` about to be submitted (with those in flight: the depth they reach),
  // reads and writes or a sync (which fio's levels count too).
  void count_submission(std::size_t requests) {
    IoDepthCounts& depths = result_.depths;
    ++depths.submit[IoDepthCounts::count_range(requests)];
    depths.level[IoDepthCounts::level_range(plan_.engine.in_flight() + requests)] += requests;
  }
  void count_reap(std::size_t completions) { ++result_.depths.complete[IoDepthCounts::count_range(completions)]; }

  // fio's logs: room for every request of a job that knows their number (one pass over its region), made
  // before the timed work; a time-based job's grow a chunk at a time (phases/phase.h IoSampleLog).
  void reserve_samples() {
    if (!spec_.writes_logs() || spec_.time_based || spec_.block_bytes == 0) return;
    result_.samples.reserve(static_cast<std::size_t>(plan_.job_bytes / spec_.block_bytes));
  }

  bool sync_due() const {
    return (spec_.fsync_every > 0 && writes_since_fsync_ >= spec_.fsync_every) ||
           (spec_.fdatasync_every > 0 && writes_since_fdatasync_ >= spec_.fdatasync_every);
  }

  // Without time_based the job issues `size` bytes: one pass over its region (fio's size, per job).
  bool target_reached() {
    if (spec_.number_ios != 0 && issued_requests_ >= per_byte(spec_.number_ios)) {  // fio's number_ios: a cap, time_based or not
      pass_done_ = true;
      return true;
    }
    if (spec_.time_based) return false;
    const std::uint64_t io_left =
        spec_.io_size == 0 ? per_byte(plan_.job_bytes) : per_byte(spec_.io_size) - issued_before_pass_;
    // fio ends a pass at its size counting the bytes its engine queued: a synchronous engine's never count, so its
    // pass ends when the files are done, which under file_service_type=zipf|pareto|normal is never: on to io_size.
    const bool pass_ends_at_size = !(places_.restarts_files() && is_synchronous(plan_.engine.kind()));
    const std::uint64_t pass_bytes = pass_ends_at_size ? std::min(per_byte(plan_.job_bytes), io_left) : io_left;
    if (issued_bytes_ >= pass_bytes && !trimmed_) {
      pass_done_ = true;
      return true;
    }
    return false;
  }

  // fio's trimwrite trims each byte and then writes it: its size, io_size and number_ios count twice.
  std::uint64_t per_byte(std::uint64_t amount) const { return trims_then_writes(spec_.pattern) ? 2 * amount : amount; }

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

  // Reaps at least `min` and at most `max` completions and accounts for each.
  void reap(std::size_t min, std::size_t max) {
    completions_.clear();
    plan_.engine.reap(min, max, completions_);
    const Clock::time_point now = Clock::now();
    if (now >= measure_start_) count_reap(completions_.size());
    for (const IoCompletion& completion : completions_) {
      if (completion.tag == kSyncTag) continue;  // sync() reaps its own
      const auto slot = static_cast<std::uint32_t>(completion.tag);
      if (slot < checking_slot_.size() && checking_slot_[slot]) {
        check_backlog_read(slot, completion.result);
        free_slots_.push_back(slot);
        continue;
      }
      account(op_of_slot_[slot], slot, now, completion.result, offset_of_slot_[slot]);
      if (op_of_slot_[slot] == IoOp::kRead && plan_.data != nullptr && plan_.data->checks_reads()) check_read(slot);
      free_slots_.push_back(slot);
    }
  }

  void account(IoOp op, std::uint32_t slot, Clock::time_point completed, std::int64_t result, std::uint64_t offset) {
    const Clock::time_point submitted = submitted_at_[slot];
    const bool is_write = op == IoOp::kWrite;
    const std::uint32_t length = length_of_slot_[slot];
    if (result != static_cast<std::int64_t>(length)) {
      record_error(op, result, file_of_slot_[slot], offset, length);
      return;
    }
    if (is_write) ++writes_;
    if (rate_floor_.active()) rate_floor_.completed(op, length);
    if (submitted < measure_start_) return;  // ramp_time: done, not measured
    PartMeasurement& direction = result_.parts[part_index(direction_of(op))];
    const auto latency = std::chrono::duration_cast<nanoseconds>(completed - submitted);
    direction.latency.record(static_cast<std::uint64_t>(latency.count()));
    const nanoseconds slat = splits_latency_ ? record_split(direction, slot, completed) : nanoseconds(0);
    direction.bytes += length;
    ++direction.operations;
    const auto second = static_cast<std::size_t>((completed - measure_start_) / std::chrono::seconds(1));
    add_to_second(direction.bytes_per_second, second, length);
    add_to_second(direction.operations_per_second, second, 1);
    add_to_second(direction.latency_ns_per_second, second, static_cast<std::uint64_t>(latency.count()));
    const auto since_start = completed - measure_start_;
    add_to_second(direction.bytes_per_bw_window, static_cast<std::size_t>(since_start / spec_.bw_avg_time), length);
    add_to_second(direction.operations_per_iops_window, static_cast<std::size_t>(since_start / spec_.iops_avg_time), 1);
    result_.time_in_flight += latency;
    if (completed > last_completion_) last_completion_ = completed;
    if (spec_.writes_logs()) {  // fio's logs (write_*_log: report/fio/fio_log.h)
      result_.samples.push_back({std::chrono::duration_cast<nanoseconds>(completed - measure_start_), latency, slat,
                                 length, direction_of(op), 0});
    }
  }

  // verify= on a reading job: the first bad block stops the job (fio's verify error ends the job too).
  void check_read(std::uint32_t slot) {
    if (verify_failure_) return;
    verify_failure_ = plan_.data->after_read(slot, offset_of_slot_[slot]);
    if (verify_failure_) stopping_ = true;
  }

  void record_error(IoOp op, std::int64_t result, std::uint32_t file, std::uint64_t offset, std::uint32_t length = 0) {
    stopping_ = true;
    if (error_) return;
    const char* verb = op == IoOp::kWrite ? "write" : op == IoOp::kRead ? "read" : op == IoOp::kTrim ? "trim" : "sync";
    if (result < 0) {
      error_ = std::system_error(static_cast<int>(-result), std::generic_category(),
                                 fmt::format("cannot {} {} at offset {}", verb, plan_.files[file].name, offset));
    } else {
      error_ = std::system_error(EIO, std::generic_category(),
                                 fmt::format("cannot {} {} at offset {}: {} of {} bytes", verb, plan_.files[file].name,
                                             offset, result, length));
    }
  }

  // One fsync or fdatasync of `file` with nothing else in flight, timed like any request.
  void sync(IoOp op, std::uint32_t file) {
    const IoRequest request{op, file, 0, 0, 0, kSyncTag};
    const Clock::time_point submitted = Clock::now();
    if (submitted >= measure_start_) count_submission(1);
    plan_.engine.submit({&request, 1});
    completions_.clear();
    plan_.engine.reap(1, 1, completions_);
    const Clock::time_point completed = Clock::now();
    if (submitted >= measure_start_) count_reap(completions_.size());
    writes_since_fsync_ = 0;
    writes_since_fdatasync_ = 0;
    if (completions_.empty() || completions_.front().result < 0) {
      record_error(op, completions_.empty() ? -EIO : completions_.front().result, file, 0);
      return;
    }
    if (submitted < measure_start_) return;
    const auto latency = std::chrono::duration_cast<nanoseconds>(completed - submitted);
    PartMeasurement& syncs = result_.parts[part_index(IoDirection::kSync)];
    syncs.latency.record(static_cast<std::uint64_t>(latency.count()));
    ++syncs.operations;
    const auto second = static_cast<std::size_t>((completed - measure_start_) / std::chrono::seconds(1));
    add_to_second(syncs.operations_per_second, second, 1);
    if (completed > last_completion_) last_completion_ = completed;
  }

  // fio's rate_min=, rate_iops_min=: checked where fio checks them, after completions (never while a rate= wait
  // sleeps), and not during the ramp (fio's in_ramp_time); a job under it fails.
  void check_rate_floor(Clock::time_point now) {
    if (!rate_floor_.active() || stopping_ || now < measure_start_) return;
    if (const std::optional<std::string> failure = rate_floor_.check(now - start_)) {
      rate_failure_ = fmt::format("workload '{}': {}", spec_.name, *failure);
      stopping_ = true;
    }
  }

  void check_stop(Clock::time_point now) {
    if (now >= deadline_ && !stopping_) {
      stopping_ = true;
      stopped_at_ = now;
    }
    if (plan_.abort != nullptr && plan_.abort->load(std::memory_order_relaxed)) stopping_ = true;
    if (plan_.group_end != nullptr && plan_.group_end->load(std::memory_order_relaxed) && !stopping_) {
      stopping_ = true;  // fio's exitall: another job of the group ended
      stopped_at_ = now;
    }
    const int signal_number = plan_.interrupt_signal.load(std::memory_order_relaxed);
    if (signal_number != 0) {
      stopping_ = true;
      result_.stop_signal = signal_number;
    }
  }

  const JobPlan& plan_;
  const WorkloadSpec& spec_;
  JobPlaces places_;                        // where each request goes
  std::uint32_t last_write_file_ = 0;       // fsync=/fdatasync= sync the file written last, as fio
  Rng mix_;
  std::vector<Clock::time_point> submitted_at_;  // when each slot's batch was submitted (fio's start_time)
  std::vector<Clock::time_point> issued_at_;     // when that submit call returned (fio's issue_time), if split
  bool splits_latency_;                          // slat and clat apart: the engine is not is_synchronous
  RefillPolicy refill_;                          // how many go at once, when to reap (fio's iodepth_batch_*)
  std::vector<IoOp> op_of_slot_;
  std::vector<std::uint64_t> offset_of_slot_;
  std::vector<std::uint32_t> length_of_slot_;
  std::vector<std::uint32_t> file_of_slot_;  // each request's length (bs, or drawn: bsrange=, bssplit=)
  std::vector<std::uint32_t> free_slots_;
  std::vector<IoRequest> batch_;
  std::vector<IoCompletion> completions_;
  Clock::time_point measure_start_;
  Clock::time_point deadline_;
  Clock::time_point last_completion_;
  Clock::time_point stopped_at_{};  // when runtime ran out (the epoch when it did not)
  std::uint64_t issued_bytes_ = 0;
  std::uint64_t issued_requests_ = 0;  // in this pass, ramp included (number_ios)
  std::uint64_t issued_before_pass_ = 0;  // bytes issued by the earlier passes (io_size)
  std::uint64_t writes_ = 0;
  std::uint32_t writes_since_fsync_ = 0;
  std::uint32_t writes_since_fdatasync_ = 0;
  bool stopping_ = false;
  bool pass_done_ = false;  // this loop's size is issued
  Clock::time_point start_;
  std::optional<RatePacer> rate_;  // rate= / rate_iops=
  std::optional<IoOp> pending_op_;  // drawn, held back by the rate
  std::optional<FilePlace> trimmed_;  // trimwrite: the block trimmed last, to be written next
  std::optional<Clock::time_point> rate_wait_until_;
  std::optional<std::system_error> error_;
  std::optional<std::string> verify_failure_;
  IoOp last_op_ = IoOp::kRead;                  // the last request issued (fio's last_ddir), for verify_backlog
  std::optional<std::uint64_t> backlog_check_;  // a verify_backlog check waiting for the queue to empty
  std::vector<bool> checking_slot_;             // slots holding a verify_backlog read (sized at the first)
  RateFloor rate_floor_{spec_};              // rate_min= / rate_iops_min=
  std::optional<std::string> rate_failure_;  // the job fell under it
  JobMeasurement& result_;
};

}  // namespace

void run_job(const JobPlan& plan, JobMeasurement& measurement) { JobLoop(plan, measurement).run(); }

}  // namespace bench
