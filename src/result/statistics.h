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

MeanStddev mean_stddev(std::span<const double> values);

}  // namespace bench
