#pragma once
// Runs the benchmark: for each repeat (-x), each selected phase in order, on every worker (-c)
// concurrently. What every phase shares lives here once: the private directory, per-worker contexts,
// the start barrier, wall and CPU timing, histogram merging, interrupt checks and cleanup.
#include <atomic>
#include <vector>

#include "cli/config.h"
#include "result/run_observer.h"
#include "result/run_result.h"

namespace bench {

// Runs everything `config` asks for inside a private directory under config.directory, reporting each
// phase to `observer` as it finishes. `base_info` carries the facts that do not change between repeats
// (label, host, kernel...); the runner fills run_index and started_utc. Returns one RunResult per repeat.
// Throws on the first failure (InterruptedError when `interrupt` becomes non-zero) after removing
// everything it created.
std::vector<RunResult> run_benchmark(const Config& config, const RunInfo& base_info, RunObserver& observer,
                                     const std::atomic<int>& interrupt);

// Free bytes a run needs on the target filesystem (all workers), for the up-front check.
std::uint64_t bytes_needed(const Config& config);

}  // namespace bench
