#pragma once
// A workload's rate over time as an inline SVG line chart: its requests completed in each whole second (the
// per-second series every workload part keeps, WorkloadPart::per_second), one line per series (a run), on a linear
// axis from 0: a rate that drops as a cache fills, or a guest's stalls, show at a glance.
#include <string>
#include <vector>

namespace bench {

struct RateSeries {
  std::string name;
  const std::vector<double>* per_second = nullptr;  // requests in each whole second; fewer than 2: left out
};

// The <figure> (caption and <svg>), or "" when no series has two seconds or more. Names are escaped.
std::string per_second_figure(const std::vector<RateSeries>& series);

// The same chart of each second's mean latency (WorkloadPart::mean_latency_ns_per_second, in ns; a second without
// requests, 0, is a gap in its line), the axis in bench++'s duration units.
std::string latency_per_second_figure(const std::vector<RateSeries>& series);

}  // namespace bench
