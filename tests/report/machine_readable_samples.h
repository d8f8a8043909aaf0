#pragma once
// Hand-built runs for the spreadsheet CSV and JSON round-trip tests, and a field-by-field comparison of runs
// (the result structs have no operator==). Every latency mean is a whole number of nanoseconds, which the CSV
// keeps exactly.
#include <vector>

#include "result/run_result.h"

namespace bench::test {

// Four runs: "full" (every test, -s and -n data files, label with a comma, quotes and a newline, one test
// without latency; a KVM guest), "files only" (-s 0, hard links, unicode label, run_index 1; a host in a Docker
// container), "io only" (-n 0, the same label as "full" but another start time, a test with zero elapsed time,
// --seek-writes 0) and "symlinks" (both specs, two tests, --seek-writes 100; no placement recorded, as in files
// of an earlier bench++). "full" has bonnie++'s 10 % seek write-backs.
std::vector<RunResult> machine_readable_samples();

// The first run of machine_readable_samples() with a workload "w" in its setup and, as its tests, one workload
// phase per part of `parts` (each part's workload named "w"): a workload's result as the writers see it.
RunResult workload_sample_run(std::vector<WorkloadPart> parts);

// CHECKs that the two lists hold the same runs, field by field. The placement evidence lines and the latency
// histograms are compared only with compare_json_only (the spreadsheet CSV does not carry them).
void check_same_runs(const std::vector<RunResult>& expected, const std::vector<RunResult>& actual,
                     bool compare_json_only = true);

}  // namespace bench::test
