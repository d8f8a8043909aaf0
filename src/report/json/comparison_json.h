#pragma once
// The comparison as one JSON document:
//   {"tool": "bench++", "kind": "comparison", "format_version": 1, "ratio_rule": "...", "noise_rule": "...",
//    "caveats": ["..."] (what changes what the figures mean),
//    "answer": [{test, metric, better, order: [{group, place, ratio_to_base, ratio_low, ratio_high, rounds,
//                ratio_to_next, apart_from_next}...] (best first, compare/ranking.h), word (null when all apart)}...],
//    "groups": [{name, role ("base"|"other"), label, files: [...], runs, from_bonnie,
//                placement ("host", "guest on kvm"...; null when not recorded)}...],
//    "tests": [{test (phase key), title, metrics: [{metric, unit, better ("higher"|"lower"),
//               values: [{group, state, runs, measured_runs, mean, stddev, under_min_time, ratio_to_base,
//                         verdict, noise, phrase, failed_runs}...]}...],
//               failures: [{group, file, run (from 1), code, message}...]}...],
//    "notes": ["..."] (the caveats, then the other notes),
//    "host_view": {units: {FIGURE: "ns"|"percent"|"ratio"|"us"...},
//                  groups: [{group, workloads: [{workload, tests: [...], runs, by_rounds, tcg, why_none, reading,
//                            directions: [{direction ("all"|"read"|"write"), figures: {FIGURE: {median, low, high,
//                            runs, values (what median and range are over: rounds or runs)} or null},
//                            notes: [...]}...]}...]}...]}
//      (only when some group's runs carry a host view: compare/host_view_decomposition.h names the figures)}
// Keywords and units as in comparison_csv.h; numbers in the raw unit (bytes/s, ns, percent), mean and stddev
// rounded to 3 decimals and ratio_to_base to 6 (as in the CSV); "no value" is null (mean and stddev unless
// measured; ratio_to_base, verdict and noise for the base and where either side is not measured). A run whose job
// failed in a test is in the test's failures, with its error number (code) and message, and counted in the
// failed_runs of its group's values, which leave it out (state "failed" when every run did). Written with
// nlohmann/json as the JSON report is: pretty-printed with two spaces, text that is not valid UTF-8 with U+FFFD
// in place of the bad bytes.
#include <string>

#include "compare/comparison.h"

namespace bench {

// Pretty-printed, ending in '\n'.
std::string format_comparison_json(const Comparison& comparison);

}  // namespace bench
