#pragma once
// A latency CDF as an inline SVG chart: for each series (a group of runs of one test), the share of requests that
// completed within a time, on a log time axis (decades marked 1 µs, 10 µs, ...): where a guest's tail departs
// from the host's shows at a glance. Drawn from the histograms kept with every test's results (JSON reports).
#include <string>
#include <vector>

#include "result/run_result.h"  // HistogramBuckets

namespace bench {

struct CdfSeries {
  std::string name;
  const HistogramBuckets* histogram = nullptr;  // empty or nullptr: the series has none and is left out
};

// The <svg> element (no surrounding HTML), or "" when no series has samples. Names are escaped.
std::string latency_cdf_svg(const std::vector<CdfSeries>& series);

// The colour of series i, the same in the chart and its legend.
std::string_view cdf_colour(std::size_t index);

// The stroke-dasharray of series i's line, in the chart and its legend ("": solid), so that lines of one colour
// or lying on one another still tell apart.
std::string_view cdf_dashes(std::size_t index);

}  // namespace bench
