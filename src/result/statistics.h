#pragma once
// Run-to-run statistics across repeats (not per-operation: those come from histograms).
#include <cstddef>
#include <span>

namespace bench {

struct MeanStddev {
  double mean = 0;
  double stddev = 0;  // sample standard deviation (n - 1); 0 for fewer than two values
  std::size_t count = 0;
};

// Mean and sample standard deviation folded one value at a time (Welford's update: stable for values of very
// different magnitudes), so a caller that sees values as they arrive keeps three numbers, not the values.
// Adding the values of a span in order gives exactly mean_stddev(span).
class MeanStddevAccumulator {
 public:
  void add(double value);
  MeanStddev result() const;
  std::size_t count() const { return n_; }

 private:
  double mean_ = 0;
  double squares_ = 0;
  std::size_t n_ = 0;
};

MeanStddev mean_stddev(std::span<const double> values);

}  // namespace bench
