#pragma once
// The comparison as CSV, one row per (test, metric, group), for spreadsheets. Header row:
//   test, metric, unit, better, group, role, label, files, runs, measured_runs, state, mean, stddev,
//   under_min_time, ratio_to_base, verdict, noise, phrase, failed_runs, error_code, error, place
// test: phase key; metric: throughput|cpu_percent|latency_p50|latency_p99|latency_max;
// unit: bytes_per_sec|seeks_per_sec|files_per_sec|syncs_per_sec|percent|ns; better: higher|lower;
// role: base|other; files: the group's files joined with "; ";
// state: measured|not_measured|not_recorded|absent|failed;
// mean, stddev: in `unit`, 3 decimals, empty unless measured; under_min_time: 1 when a run lasted under 0.5 s;
// ratio_to_base: mean / base mean, 6 decimals; verdict: better|worse|same; noise: beyond|within|unknown
// (these three empty for the base and where either side is not measured); phrase: the words of the text table;
// failed_runs: the group's runs whose job failed in the test (left out of mean and stddev; state failed when all
// did); error_code, error: the first of those runs' error number and message, empty when none failed; place: the
// group's place in the answer's ranking of the metric (compare/ranking.h: "1", "2=" when not ranked apart from a
// neighbour), empty for metrics not ranked.
// With a host view (compare/host_view_decomposition.h: some group's runs carry one), four columns more at the
// end: direction, median, low, high (empty in the rows above), and after those rows one row per group, workload,
// direction and figure: test = the workload (a window's tests joined with "+"), metric = the figure's keyword, unit
// ns|percent|ratio|us, runs = the group's runs of the workload, measured_runs = those that measured the figure,
// state measured|not_recorded, direction all|read|write, median, low, high over those runs (3 decimals); a row
// "reading" (phrase: the reading, or why there are no figures) first, a row "note" per note (phrase: the note).
// RFC 4180 quoting (report/csv/csv_field.h), records end in "\n".
#include <string>

#include "compare/comparison.h"

namespace bench {

std::string format_comparison_csv(const Comparison& comparison);

}  // namespace bench
