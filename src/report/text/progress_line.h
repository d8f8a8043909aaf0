#pragma once
// The live progress lines shown on a terminal: a bonnie++-style test's, e.g.
// "Writing intelligently   45%  123.4 MiB/s  0:12 left", and a suite's place in its whole run, e.g.
// "cdm: step 3 of 40   7%  2:31 left", which leads fio's ETA line for the running jobs. Pure, so they are
// tested without a terminal.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "result/phase_id.h"

namespace bench {

// `done` of `total` operations after `elapsed`; `bytes_per_operation` turns byte tests' operations into
// MiB/s (ignored for seeks, files and syncs, shown per second).
std::string format_progress_line(PhaseId id, std::uint64_t done, std::uint64_t total,
                                 std::chrono::nanoseconds elapsed, std::uint64_t bytes_per_operation);

// "NAME: step N of M  P%  m:ss left" for a run of `step_durations.size()` steps (each group of tests of each
// repeat, in order) while step `step` (0-based) has run `in_step` and the whole run `since_start`. Each step's
// expected duration is given when a clock decides it (time_based workloads: plan/plan_duration.h). When every
// step has one, the share done and the time left are those expected durations' (the running step counted up to
// its own); otherwise the share is the steps done, and the time left the time so far extrapolated (none before
// the first step ends).
std::string format_steps_progress(std::string_view name, std::span<const std::optional<std::chrono::nanoseconds>> step_durations,
                                  std::size_t step, std::chrono::nanoseconds in_step, std::chrono::nanoseconds since_start);

// `line` cut to its first `width` characters (a terminal's columns, so that a line redrawn with "\r" never wraps);
// width 0 (not known): the line as it is.
std::string fit_to_width(std::string line, std::size_t width);

}  // namespace bench
