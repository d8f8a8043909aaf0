#pragma once
// Human sections that bonnie++ lacks, printed after its table: every test's measured rate and %CPU (also
// for tests under 0.5 s, which bonnie++'s table hides behind "+++++") with its latency percentiles, a
// verdict line for the fsync latency test, and mean ± standard deviation across -x repeats.
#include <cstdint>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// The width of the test-title column of the sections after bonnie++'s table, so that they line up.
inline constexpr int kTestTitleWidth = 15;

// "850ns", "12.3us", "4.56ms", "1.23s": three significant digits, unit chosen by magnitude.
std::string format_duration_ns(double nanoseconds);

// A rate in the test's unit: "812345 KiB/s" (K = 1024), "5215 seeks/s", "6827 files/s", "512 syncs/s".
std::string format_rate(WorkUnit unit, double per_second);
std::string format_rate(PhaseId id, double per_second);

// One row per test of the run: rate, %CPU, latency min/mean/p50/p90/p99/p99.9/max; then, when random seeks
// ran with --seek-writes other than 10, "Random seeks write back N % of tickets (bonnie++: 10 %)"; then, when
// the fsync latency test ran, a line comparing its p99 with etcd's 10 ms guideline. Ends with '\n'; empty when the
// run has no tests.
std::string format_latency_table(const RunResult& run);

// Mean ± standard deviation across runs of each test's rate and %CPU, and p99 latency. Empty for < 2 runs.
std::string format_repeat_summary(const std::vector<RunResult>& runs);

}  // namespace bench
