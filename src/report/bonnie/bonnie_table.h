#pragma once
// The human-readable table in bonnie++ 2.00a's layout (the one bon_csv2txt prints too), column for column,
// with bench++'s fixes: the file tests show their real rates (bonnie++ 2.00a prints the file count) and the
// ID field shows a non-default seeker count (bonnie++ drops it). Rates: KiB/s (K = 1024) shown as
// k/m/g, seeks/s, files/s; "+++++" when a phase ran under 0.5 s; the Latency row is each phase's maximum.
#include <string>

#include "result/run_result.h"

namespace bench {

// The table for one run: the I/O section (absent when run.info.setup.io is nullopt, i.e. "-s 0") and the
// file section (a single empty line when run.info.setup.files is nullopt, i.e. "-n 0"). Phases absent from
// run.phases show blank cells. The fsync latency phase is not part of this table. Ends with '\n'.
std::string format_bonnie_table(const RunResult& run);

}  // namespace bench
