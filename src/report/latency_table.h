#pragma once
// Human sections that bonnie++ lacks: latency percentiles per test (including the fsync latency test),
// and the mean ± standard deviation of each test across -x repeats.
#include <cstdint>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// "850ns", "12.3us", "4.56ms", "1.23s": three significant digits, unit chosen by magnitude.
std::string format_duration_ns(double nanoseconds);

// The percentile table of one run: one row per test that recorded latency; ends with '\n'. Empty when
// no test recorded any.
std::string format_latency_table(const RunResult& run);

// Mean ± standard deviation across runs of each test's rate and %CPU, and p99 latency. Empty for < 2 runs.
std::string format_repeat_summary(const std::vector<RunResult>& runs);

}  // namespace bench
