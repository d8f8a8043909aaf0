#include "measure/steady_state_detector.h"

#include <algorithm>
#include <cmath>

namespace bench {

std::optional<SteadyStateRates> SteadyStateSampler::check(std::chrono::nanoseconds since_start,
                                                          std::uint64_t requests, std::uint64_t bytes) {
  // fio begins recording one second after ss_ramp= has elapsed.
  if (!ramp_over_ && since_start >= ramp_ + std::chrono::seconds(1)) ramp_over_ = true;
  // fio's mtime_since: whole milliseconds (fio would divide by zero at 0; one is the least here).
  const auto milliseconds = static_cast<std::uint64_t>(
      std::max<std::int64_t>(1, std::chrono::duration_cast<std::chrono::milliseconds>(since_start - previous_).count()));
  std::optional<SteadyStateRates> rates;
  if (ramp_over_) {
    rates = SteadyStateRates{1000 * (requests - previous_requests_) / milliseconds,
                             1000 * (bytes - previous_bytes_) / milliseconds};
  }
  previous_ = since_start;
  previous_requests_ = requests;
  previous_bytes_ = bytes;
  return rates;
}

SteadyStateDetector::SteadyStateDetector(const FioSteadyStateSpec& spec)
    : spec_(spec),
      duration_(spec.duration_s),
      iops_(duration_),
      bw_(duration_),
      sum_x_(duration_ * (duration_ - 1) / 2),
      sum_x_squared_((duration_ - 1) * duration_ * (2 * duration_ - 1) / 6) {}

bool SteadyStateDetector::add(SteadyStateRates rates) {
  if (attained_) return false;
  iops_[tail_] = rates.iops;
  bw_[tail_] = rates.bw;
  attained_ = spec_.slope ? judge_slope(uses_iops() ? rates.iops : rates.bw) : judge_deviation();
  if (!attained_) advance();  // fio leaves the ring where it is once attained (its JSON starts at head then)
  return attained_;
}

// The ring moves on: the next sample's place, and the oldest's once the ring has come round.
void SteadyStateDetector::advance() {
  tail_ = (tail_ + 1) % duration_;
  if (tail_ <= head_) head_ = (head_ + 1) % duration_;
}

// fio's steadystate_slope: the sums kept as the window slides; every x a whole second apart.
bool SteadyStateDetector::judge_slope(std::uint64_t new_value) {
  if (!full_ && tail_ - head_ != duration_ - 1) return false;
  if (!full_) {
    sum_y_ = 0;
    for (std::uint64_t i = 0; i < duration_; ++i) {
      sum_y_ += measured(i);
      sum_xy_ += i * measured((head_ + i) % duration_);
    }
    full_ = true;
  } else {
    sum_y_ = sum_y_ - oldest_y_ + new_value;
    sum_xy_ = sum_xy_ - sum_y_ + duration_ * new_value;
  }
  oldest_y_ = measured(head_);
  const auto n = static_cast<double>(duration_);
  const auto sum_x = static_cast<double>(sum_x_);
  slope_ = (static_cast<double>(sum_xy_) - sum_x * static_cast<double>(sum_y_) / n) /
           (static_cast<double>(sum_x_squared_) - sum_x * sum_x / n);
  // fio divides by the mean in whole units (its integer sum_y / dur).
  criterion_ = spec_.percent ? 100.0 * slope_ / static_cast<double>(sum_y_ / duration_) : slope_;
  return std::abs(criterion_) < spec_.limit;
}

// fio's steadystate_deviation: the largest distance of a sample of the window from the window's mean.
bool SteadyStateDetector::judge_deviation() {
  if (!full_ && tail_ - head_ != duration_ - 1) return false;
  if (!full_) {
    sum_y_ = 0;
    for (std::uint64_t i = 0; i < duration_; ++i) sum_y_ += measured(i);
    full_ = true;
  } else {
    sum_y_ = sum_y_ - oldest_y_ + measured(tail_);
  }
  oldest_y_ = measured(head_);
  const double mean = static_cast<double>(sum_y_) / static_cast<double>(duration_);
  deviation_ = 0;
  for (std::uint64_t i = 0; i < duration_; ++i) {
    deviation_ = std::max(deviation_, std::abs(static_cast<double>(measured(i)) - mean));
  }
  criterion_ = spec_.percent ? 100.0 * deviation_ / mean : deviation_;
  return criterion_ < spec_.limit;
}

FioSteadyStateResult SteadyStateDetector::result() const {
  FioSteadyStateResult result;
  result.spec = spec_;
  result.attained = attained_;
  result.criterion = criterion_;
  result.max_deviation = deviation_;
  result.slope = slope_;
  // fio's JSON: once attained, or before the ring is full, head is the oldest sample; else (the ring moved on
  // after its last judgement) the one before it.
  const std::uint64_t first = attained_ || !full_ ? head_ : (head_ == 0 ? duration_ - 1 : head_ - 1);
  for (std::uint64_t i = 0; i < duration_; ++i) {
    result.iops.push_back(iops_[(first + i) % duration_]);
    result.bw.push_back(bw_[(first + i) % duration_]);
  }
  return result;
}

}  // namespace bench
