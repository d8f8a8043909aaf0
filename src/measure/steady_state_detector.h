#pragma once
// fio 3.33's steady-state detection (steadystate.c), clock-free: the caller reads the clock once a second (fio's
// helper thread checks every 1000 ms) and hands in the time and the counts. Pure.
//
//   - SteadyStateSampler: one job's rates between two checks, as fio's steadystate_check takes them: requests and
//     bytes per second over the interval's whole milliseconds (integer arithmetic), none until ss_ramp= and one more
//     second have passed since the job's measured start;
//   - SteadyStateDetector: the window of ss_dur= samples (a job's rates, or the sum of its group's under
//     group_reporting) and fio's criterion on it, once the window is full: the least-squares slope (x the sample's
//     place in the window, 0 oldest) or the largest deviation from the window's mean, in percent of that mean with
//     ss=...%, against the limit. Attained: the criterion under the limit (for a slope its magnitude). Once
//     attained it takes no more samples and the job stops (as at runtime's end).
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "result/fio_steady_state.h"

namespace bench {

struct SteadyStateRates {
  std::uint64_t iops = 0;
  std::uint64_t bw = 0;  // bytes per second
  friend bool operator==(const SteadyStateRates&, const SteadyStateRates&) = default;
};

class SteadyStateSampler {
 public:
  explicit SteadyStateSampler(std::chrono::microseconds ramp) : ramp_(ramp), ramp_over_(ramp.count() == 0) {}

  // A check at `since_start` (since the job's measured start) with the job's completed `requests` and `bytes`
  // so far: its rates since the previous check (or the start), or nullopt while ss_ramp= lasts.
  std::optional<SteadyStateRates> check(std::chrono::nanoseconds since_start, std::uint64_t requests,
                                        std::uint64_t bytes);

 private:
  std::chrono::microseconds ramp_;
  bool ramp_over_;
  std::chrono::nanoseconds previous_{0};
  std::uint64_t previous_requests_ = 0;
  std::uint64_t previous_bytes_ = 0;
};

class SteadyStateDetector {
 public:
  // REQUIRES: spec.enabled().
  explicit SteadyStateDetector(const FioSteadyStateSpec& spec);

  // One sample (a job's or its group's rates): true when it attains steady state. After that, ignored.
  bool add(SteadyStateRates rates);
  bool attained() const { return attained_; }
  // What fio reports: the spec, attained, the last criterion, deviation and slope, the window oldest first.
  FioSteadyStateResult result() const;

 private:
  std::uint64_t measured(std::size_t index) const { return uses_iops() ? iops_[index] : bw_[index]; }
  bool uses_iops() const { return spec_.measure == FioSteadyStateSpec::Measure::kIops; }
  bool judge_slope(std::uint64_t new_value);
  bool judge_deviation();
  void advance();

  FioSteadyStateSpec spec_;
  std::uint64_t duration_;
  std::vector<std::uint64_t> iops_;  // the ring, fio's iops_data and bw_data
  std::vector<std::uint64_t> bw_;
  std::uint64_t head_ = 0;  // the oldest sample once the ring is full
  std::uint64_t tail_ = 0;  // where the next sample goes
  bool full_ = false;
  bool attained_ = false;
  // fio's running sums (unsigned, as fio's: their wrap-around cancels out)
  std::uint64_t sum_x_;
  std::uint64_t sum_x_squared_;
  std::uint64_t sum_y_ = 0;
  std::uint64_t sum_xy_ = 0;
  std::uint64_t oldest_y_ = 0;
  double slope_ = 0;
  double deviation_ = 0;
  double criterion_ = 0;
};

}  // namespace bench
