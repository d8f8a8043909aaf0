#pragma once
// Whether a time-based run was steady: its rate per second in the first third of the measured time against the
// last third. A storage device that slows down as it fills its write cache, or a guest whose host starts
// throttling it, shows here instead of being averaged away. Pure.
#include <cstddef>
#include <optional>
#include <span>

namespace bench {

struct SteadyState {
  double first_third_mean = 0;  // per-second rate in the first third of the seconds
  double last_third_mean = 0;   // ... and in the last third
  // What chance alone would move the difference by: twice the standard error of the difference of the two
  // means, from the spread of the seconds within each third.
  double noise = 0;
  bool steady = true;  // the difference is within the noise, or under kSteadyTolerance of the first third's mean
};

// Differences under this share of the first third's mean count as steady however quiet the run (a 2 % drift
// over a minute is no news about a disk).
inline constexpr double kSteadyTolerance = 0.05;
// The fewest whole seconds a verdict needs (two per third).
inline constexpr std::size_t kSteadyMinimumSeconds = 6;

// The verdict on a run's per-second rates (operations or bytes per second, one value per whole second, in
// order); nullopt when there are fewer than kSteadyMinimumSeconds.
std::optional<SteadyState> judge_steady_state(std::span<const double> per_second);

}  // namespace bench
