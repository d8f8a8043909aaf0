#include "result/statistics.h"

#include <cmath>

namespace bench {

void MeanStddevAccumulator::add(double value) {
  ++n_;
  const double delta = value - mean_;
  mean_ += delta / static_cast<double>(n_);
  squares_ += delta * (value - mean_);
}

MeanStddev MeanStddevAccumulator::result() const {
  MeanStddev result;
  result.count = n_;
  if (n_ == 0) return result;
  result.mean = mean_;
  result.stddev = n_ > 1 ? std::sqrt(squares_ / static_cast<double>(n_ - 1)) : 0.0;
  return result;
}

MeanStddev mean_stddev(std::span<const double> values) {
  MeanStddevAccumulator accumulator;
  for (const double value : values) accumulator.add(value);
  return accumulator.result();
}

}  // namespace bench
