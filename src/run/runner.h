#pragma once
// Runs the benchmark: for each repeat (-x), each selected phase in order, on every worker (-c)
// concurrently. What every phase shares lives here once: the private directory, per-worker contexts,
// the start barrier, wall and CPU timing, histogram merging, interrupt checks and cleanup.
#include <atomic>
#include <vector>

#include "cli/config.h"
#include "result/run_observer.h"
#include "result/run_result.h"
#include "run/rank_group.h"

namespace bench {

// Runs everything `config` asks for inside a private directory under config.directory, reporting each
// phase to `observer` as it finishes. `base_info` carries the facts about where the run runs (label,
// version, host, kernel, filesystem, placement); the runner fills in its setup (config.setup, the one the
// phases run), run_index and started_utc. Returns one RunResult per repeat.
// Throws on the first failure (InterruptedError when `interrupt` becomes non-zero) after removing
// everything it created.
std::vector<RunResult> run_benchmark(const Config& config, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt);

// The same, run by every rank of `group` in lockstep (collective): a barrier before each phase, each rank in
// its own directory of one private directory (run/run_directory.h), and after each phase the ranks' parts
// combined on rank 0 (run/rank_exchange.h). The results given to `observer` and returned are the whole's on
// rank 0, the rank's own elsewhere (pass those ranks an observer that writes nothing). A failure on any rank
// stops every rank with that rank's error (RankGroup::agree) after the cleanup. info.ranks and info.hosts are
// filled in from the group.
std::vector<RunResult> run_benchmark(const Config& config, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt, RankGroup& group);

}  // namespace bench
