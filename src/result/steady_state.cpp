#include "result/steady_state.h"

#include <cmath>

#include "result/statistics.h"

namespace bench {

std::optional<SteadyState> judge_steady_state(std::span<const double> per_second) {
  if (per_second.size() < kSteadyMinimumSeconds) return std::nullopt;
  const std::size_t third = per_second.size() / 3;
  const MeanStddev first = mean_stddev(per_second.first(third));
  const MeanStddev last = mean_stddev(per_second.last(third));
  SteadyState state;
  state.first_third_mean = first.mean;
  state.last_third_mean = last.mean;
  const double n = static_cast<double>(third);
  state.noise = 2 * std::sqrt(first.stddev * first.stddev / n + last.stddev * last.stddev / n);
  const double difference = std::abs(last.mean - first.mean);
  state.steady = difference <= state.noise || difference < kSteadyTolerance * first.mean;
  return state;
}

}  // namespace bench
