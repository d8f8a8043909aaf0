#pragma once
// The human section of a run of several ranks (MPI), printed after the Measured table: per test, how the
// ranks spread out. Stragglers are what a shared filesystem hides behind an aggregate rate, so each row
// gives the whole's rate (IOR's: all work / (last end - first start)) beside mdtest's figure (the slowest
// rank's own rate times the ranks), when the first and the last rank finished (from the earliest start,
// each rank timed on its own clock) and which rank was slowest, on which host.
#include <string>

#include "result/run_result.h"

namespace bench {

// "Ranks (N)" header and one row per test that has per-rank parts; ends with '\n'. Empty for a run of one
// process (no test has per-rank parts).
std::string format_rank_table(const RunResult& run);

}  // namespace bench
