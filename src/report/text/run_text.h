#pragma once
// The human text of one bonnie-style run, as the benchmark prints it after the run (and, for the tests that
// finished, after a failure): where it ran, bonnie++'s table with a line saying what its units are, then the
// measured section and, under MPI, the ranks' section. Each part is its own writer; this puts them in order.
#include <string>

#include "result/run_result.h"

namespace bench {

// Ends with '\n'. REQUIRES: run.phases not empty (a run without tests has nothing to show).
std::string format_run_text(const RunResult& run);

// Any run as bench++ prints it after the run: format_run_text for bonnie-style tests; for bench++ job and suite
// the placement line, the workload table and a suite's own table. "" for a run without tests.
std::string format_result_text(const RunResult& run);

// The lines under bonnie++'s table that say what its cells mean: K = 1024 for the byte rates (with the I/O
// tests), what "+++++" is and, when -s was not given, how its default was chosen. Ends with '\n'.
std::string bonnie_table_legend(const RunSetup& setup);

}  // namespace bench
