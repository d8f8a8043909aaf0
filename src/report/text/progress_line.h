#pragma once
// The live progress line shown on a terminal while a test runs, e.g.
// "Writing intelligently   45%  123.4 MiB/s  0:12 left". Pure, so it is tested without a terminal.
#include <chrono>
#include <cstdint>
#include <string>

#include "result/phase_id.h"

namespace bench {

// `done` of `total` operations after `elapsed`; `bytes_per_operation` turns byte tests' operations into
// MiB/s (ignored for seeks, files and syncs, shown per second).
std::string format_progress_line(PhaseId id, std::uint64_t done, std::uint64_t total,
                                 std::chrono::nanoseconds elapsed, std::uint64_t bytes_per_operation);

}  // namespace bench
