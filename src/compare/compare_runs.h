#pragma once
// compare_runs: runs into groups and groups side by side, by the rules compare/comparison.h states (groups,
// metrics, failed jobs, noise, rounds). Its steps: compare/run_grouping.h (runs into groups, notes on how they
// differ) and compare/round_pairing.h (ratios by rounds). Pure.
#include <span>

#include "compare/comparison.h"

namespace bench {

// REQUIRES: runs not empty. Throws UsageError when the runs form fewer than two groups (e.g. every file holds
// the same label under group_by_label).
Comparison compare_runs(std::span<const SourcedRun> runs, const CompareOptions& options);

// The same from runs folded as they were read (compare/run_grouping.h): compare_runs folds its span and calls this.
class RunFolder;
Comparison compare_folded(const RunFolder& folder);

}  // namespace bench
