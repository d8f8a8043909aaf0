#include "result/statistics.h"

#include <cmath>

namespace bench {

MeanStddev mean_stddev(std::span<const double> values) {
  MeanStddev result;
  result.count = values.size();
  if (values.empty()) return result;
  // Welford's update: stable for values of very different magnitudes.
  double mean = 0;
  double squares = 0;
  std::size_t n = 0;
  for (const double value : values) {
    ++n;
    const double delta = value - mean;
    mean += delta / static_cast<double>(n);
    squares += delta * (value - mean);
  }
  result.mean = mean;
  result.stddev = n > 1 ? std::sqrt(squares / static_cast<double>(n - 1)) : 0.0;
  return result;
}

}  // namespace bench
