#include "phases/workload/job_depth_target.h"

#include <algorithm>

namespace bench {

JobDepthTarget::JobDepthTarget(const WorkloadSpec& spec, std::uint32_t depth)
    : target_(spec.latency_target),
      window_(spec.latency_window),
      percentile_(spec.latency_percentile),
      keeps_adjusting_(spec.latency_run),
      max_depth_(std::max<std::uint32_t>(depth, 1)),
      // fio's fixup: iodepth_low= not given (0) or above iodepth is iodepth.
      low_water_(spec.iodepth_low == 0 || spec.iodepth_low > max_depth_ ? max_depth_ : spec.iodepth_low),
      depth_(max_depth_),
      lowest_failed_(max_depth_),
      highest_passed_(1) {}

void JobDepthTarget::begin(Clock::time_point now) {
  if (!searches()) return;
  depth_ = 1;
  lowest_failed_ = max_depth_;
  highest_passed_ = 1;
  new_window(now);
}

void JobDepthTarget::new_window(Clock::time_point now) {
  window_start_ = now;
  completed_at_window_ = completed_;
  misses_ = 0;
}

JobDepthTarget::Completion JobDepthTarget::completed(std::chrono::nanoseconds latency, Clock::time_point now) {
  ++completed_;
  if (!searches() || latency <= target_) return Completion::kOk;
  if (percentile_ < 100.0) {
    ++misses_;
    return Completion::kOk;
  }
  return failed(now) ? Completion::kRampedDown : Completion::kFatal;
}

JobDepthTarget::Step JobDepthTarget::check(Clock::time_point now) {
  if (!searches() || now - window_start_ < window_) return Step::kNone;
  const std::uint64_t requests = completed_ - completed_at_window_;
  // fio's share of requests within the target; a window without a completion fails (fio's 0/0 is no number).
  const double within = requests == 0 ? -1.0
                                      : 100.0 * static_cast<double>(requests - std::min(misses_, requests)) /
                                            static_cast<double>(requests);
  if (within >= percentile_) return passed(now);
  return failed(now) ? Step::kDrain : Step::kNone;
}

// fio's lat_target_success: the depth doubles while no window failed (lowest_failed_ still iodepth), else moves
// halfway up to the lowest that failed, which creeps up by one after three passes just under it (else the depth
// found stays below what the target allows).
JobDepthTarget::Step JobDepthTarget::passed(Clock::time_point now) {
  const std::uint32_t before = depth_;
  highest_passed_ = depth_;
  if (depth_ + 1 == lowest_failed_ && ++passes_at_edge_ >= 3) {
    ++lowest_failed_;
    passes_at_edge_ = 0;
  }
  depth_ = lowest_failed_ != max_depth_ ? (depth_ + lowest_failed_) / 2 : depth_ * 2;
  depth_ = std::min(depth_, max_depth_);
  Step step = Step::kNone;
  if (!keeps_adjusting_ && depth_ == before) {
    if (final_run_) return Step::kDone;
    final_run_ = true;
    step = Step::kFinalRun;
  }
  new_window(now);
  return step;
}

// fio's __lat_target_failed: at depth 1 there is nothing lower (false, the window goes on); else the depth moves
// halfway down to the highest that passed (one lower when it is that one) and a new window begins.
bool JobDepthTarget::failed(Clock::time_point now) {
  if (depth_ == 1) return false;
  lowest_failed_ = depth_;
  if (depth_ == highest_passed_) --highest_passed_;
  depth_ = (depth_ + highest_passed_) / 2;
  passes_at_edge_ = 0;
  new_window(now);
  return true;
}

}  // namespace bench
