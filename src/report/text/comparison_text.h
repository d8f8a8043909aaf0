#pragma once
// The comparison as text for a terminal (UTF-8: "×", "±", "µ"), every line at most kComparisonTextWidth columns:
// the groups (base first, with files and run counts), what to read first (Comparison::caveats), the answer
// (compare/ranking.h: per test, the groups best first), the rules, then one block per test:
//
//   Block write (block_write)
//     group  throughput       CPU        p50 latency   p99 latency  max latency
//     host   512 MiB/s ±2%    36.0% ±3%  12.0 µs ±4%   45.0 µs ±4%  8510 µs ±4%
//     guest  215 MiB/s ±1%    36.0% ±3%  21.1 µs ±4%   139 µs ±4%   15000 µs ±4%
//     guest vs host: throughput 0.42× host (worse, beyond noise); CPU about the same; ...
//
// a figure and its unit per cell (the runs' spread as a share of the mean), the latencies of a test in one unit;
// a group whose name would make its row too wide has its name on a line of its own. The mean ± standard deviation
// stay in the CSV, JSON and HTML. Then, for guests whose runs carry a host view, where their time went
// (report/text/host_view_text.h). Then the notes. A value marked '*' comes from at least one run shorter than
// 0.5 s. Control characters in labels show escaped. A run whose job failed in a test is named under its rows:
//     FAILED: guest run 1 (guest.json): error 84: verify: ...; its figures are left out
#include <cstddef>
#include <string>

#include "compare/comparison.h"

namespace bench {

inline constexpr std::size_t kComparisonTextWidth = 120;

std::string format_comparison_text(const Comparison& comparison);

}  // namespace bench
