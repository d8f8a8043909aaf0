#pragma once
// fio's steady state (ss=, ss_dur=, ss_ramp=) for one job, as its loop (phases/workload/workload_job.cpp) asks it:
// the job's completed requests and bytes counted from its measured start (after ramp_time, when fio resets its
// counters and its steady-state clock), a check once a second from then (fio's helper thread checks every
// 1000 ms), each check's rates handed to the detection (measure/steady_state_detector.h). When it is attained the
// job stops as at runtime's end. Pure: the caller hands the time in.
#include <chrono>
#include <cstdint>
#include <optional>

#include "measure/steady_state_detector.h"
#include "result/fio_steady_state.h"

namespace bench {

class JobSteadyState {
 public:
  using Clock = std::chrono::steady_clock;

  explicit JobSteadyState(const FioSteadyStateSpec& spec) {
    if (spec.enabled()) watch_.emplace(spec);
  }
  bool active() const { return watch_.has_value(); }
  void begin(Clock::time_point measure_start) {
    measure_start_ = measure_start;
    next_check_ = measure_start + std::chrono::seconds(1);
  }
  // A whole request of `bytes` came back at `now`: counted once the measured window has begun.
  void completed(std::uint32_t bytes, Clock::time_point now) {
    if (!watch_ || now < measure_start_) return;
    ++requests_;
    bytes_ += bytes;
  }
  // At `now`: true when this check attained steady state (once; the job then stops). Asked after each reap.
  bool check(Clock::time_point now) {
    if (!watch_ || now < next_check_ || watch_->detector.attained()) return false;
    while (next_check_ <= now) next_check_ += std::chrono::seconds(1);
    const std::chrono::nanoseconds since_start = now - measure_start_;
    const std::optional<SteadyStateRates> rates = watch_->sampler.check(since_start, requests_, bytes_);
    if (!rates || !watch_->detector.add(*rates)) return false;
    attained_after_ = since_start;
    return true;
  }
  // What the detection found (nullopt without ss_dur=).
  std::optional<FioSteadyStateResult> result() const {
    if (!watch_) return std::nullopt;
    FioSteadyStateResult result = watch_->detector.result();
    result.attained_after = attained_after_;
    return result;
  }

 private:
  struct Watch {
    explicit Watch(const FioSteadyStateSpec& spec) : sampler(spec.ramp), detector(spec) {}
    SteadyStateSampler sampler;
    SteadyStateDetector detector;
  };
  std::optional<Watch> watch_;
  Clock::time_point measure_start_{};
  Clock::time_point next_check_{};
  std::uint64_t requests_ = 0;
  std::uint64_t bytes_ = 0;
  std::optional<std::chrono::nanoseconds> attained_after_;
};

}  // namespace bench
