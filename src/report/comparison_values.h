#pragma once
// How the comparison writers (report/comparison_{text,csv,json,html}.h) show values: a display unit per metric
// row (chosen by the row's largest value, so a row reads in one unit), numbers to about three significant digits
// (ratios: compare/ratio_text.h), and the machine-readable keywords. IEC units for bytes (KiB/s = 1024 bytes/s).
#include <string>
#include <string_view>

#include "compare/comparison.h"
#include "compare/ratio_text.h"

namespace bench {

struct DisplayUnit {
  std::string_view symbol;  // "MiB/s", "seeks/s", "%", "µs"...
  double scale = 1;         // shown value = raw value / scale
};

// The unit a row reads in: throughput in B/s, KiB/s, MiB/s or GiB/s (bytes tests) or per second; CPU in %;
// latency in ns, µs, ms or s.
DisplayUnit display_unit(const TestComparison& test, const MetricRow& row);

// The raw unit of a row's numbers in CSV and JSON: "bytes_per_sec", "seeks_per_sec", "files_per_sec",
// "syncs_per_sec", "percent", "ns".
std::string_view unit_keyword(const TestComparison& test, const MetricRow& row);

// About three significant digits, no exponent: 512 -> "512", 45.26 -> "45.3", 3.14159 -> "3.14", 0.0421 ->
// "0.0421", 0 -> "0".
std::string format_number(double value);

// A measured cell in its row's unit, the stddev to two significant digits: "512 ± 4.1 MiB/s" (no "±" for a
// single value), "(2 of 3 runs)" added
// when some runs gave no value ("(2 of 3 runs, 1 failed)" when a run's job failed). Other states: "not measured
// (under 0.5 s)", "not recorded", "absent", "FAILED".
std::string format_cell_value(const MetricCell& cell, DisplayUnit unit);

// "better", "worse" or "same", then the noise: "worse, beyond noise", "better, within noise",
// "worse, noise unknown" (a single run on each side); "" when there is no verdict or the means are equal.
std::string verdict_text(const MetricCell& cell);

}  // namespace bench
