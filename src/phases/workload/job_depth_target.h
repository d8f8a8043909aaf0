#pragma once
// How deep a workload job's queue may go now and when a full queue is filled again, as its loop
// (phases/workload/workload_job.cpp) asks before each batch and after each reap. fio 3.33's rules:
//   - latency_target= (io_u.c lat_target_init, lat_target_check, lat_target_success, __lat_target_failed and
//     queue_full): the job starts at depth 1; each request that takes longer than the target is a miss. At the end
//     of each latency_window= the window passes when at least latency_percentile= % of its requests were no miss:
//     the depth then doubles (up to iodepth) while no window failed, else moves halfway up to the lowest depth that
//     failed; a failed window moves it halfway down to the highest that passed. With latency_percentile=100 a single
//     miss fails the window at once (and the queue drains before the next request goes); a miss at depth 1 is then
//     the job's error. When a passing window leaves the depth where it was, the search is over: the job drains its
//     queue, starts its figures afresh (fio's reset_all_stats: the report covers the found depth alone) and ends
//     after one more window (latency_run=1: it keeps adjusting instead, to its runtime or size).
//   - iodepth_low= (backend.c wait_for_completions): once the queue is full, the loop reaps until no more than
//     iodepth_low are in flight before it fills it again (default iodepth: one reap).
// Pure: the caller reads the clock and hands each latency in.
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "result/workload_spec.h"

namespace bench {

class JobDepthTarget {
 public:
  using Clock = std::chrono::steady_clock;

  // `depth`: the job's iodepth (its request slots).
  JobDepthTarget(const WorkloadSpec& spec, std::uint32_t depth);

  // Whether latency_target= searches the depth (else depth() is the job's iodepth throughout).
  bool searches() const { return target_.count() > 0; }
  // The job's start: the first window begins (fio's lat_target_init).
  void begin(Clock::time_point now);

  // The depth the queue may fill to now (fio's latency_qd).
  std::uint32_t depth() const { return depth_; }
  // Of `free_slots` free request slots with `in_flight` requests in the engine, how many may be filled now.
  std::size_t usable_slots(std::size_t in_flight, std::size_t free_slots) const {
    const std::size_t room = depth_ > in_flight ? depth_ - in_flight : 0;
    return free_slots < room ? free_slots : room;
  }
  // After a reap that began with the queue full, whether to reap again with `in_flight` left (iodepth_low=).
  bool drain_further(bool was_full, std::size_t in_flight) const { return was_full && in_flight > low_water_; }

  // A read, write or trim completed whole at `now` after `latency` (fio's lat: from its submission). What the loop
  // does then:
  enum class Completion {
    kOk,         // nothing
    kRampedDown, // a miss under latency_percentile=100 lowered the depth: drain the queue before the next request
    kFatal,      // a miss at depth 1 under latency_percentile=100: the job fails (ETIMEDOUT, as fio's lat_fatal)
  };
  Completion completed(std::chrono::nanoseconds latency, Clock::time_point now);

  // Asked after each reap outside the ramp (fio's lat_target_check): at `now`, whether a window ended and what
  // the loop does then.
  enum class Step {
    kNone,      // nothing (no window ended, or the depth moved: the queue follows depth())
    kDrain,     // the depth went down: drain the queue before the next request
    kFinalRun,  // the search is over: drain the queue, start the figures afresh at `now`, run one more window
    kDone,      // the final window passed at the same depth: the job ends, as at its runtime's end
  };
  Step check(Clock::time_point now);

  std::chrono::nanoseconds target() const { return target_; }

 private:
  void new_window(Clock::time_point now);
  Step passed(Clock::time_point now);
  bool failed(Clock::time_point now);  // false at depth 1 (nothing lower to go to)

  std::chrono::nanoseconds target_;
  std::chrono::nanoseconds window_;
  double percentile_;
  bool keeps_adjusting_;  // latency_run=1
  std::uint32_t max_depth_;
  std::size_t low_water_;
  std::uint32_t depth_;
  std::uint32_t lowest_failed_;   // fio's latency_qd_high: iodepth until a window failed
  std::uint32_t highest_passed_;  // fio's latency_qd_low
  std::uint32_t passes_at_edge_ = 0;  // fio's latency_stable_count
  bool final_run_ = false;            // fio's latency_end_run
  std::uint64_t completed_ = 0;
  std::uint64_t completed_at_window_ = 0;
  std::uint64_t misses_ = 0;  // in this window
  Clock::time_point window_start_{};
};

}  // namespace bench
