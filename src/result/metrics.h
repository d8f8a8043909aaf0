#pragma once
// Derived metrics: pure functions of a PhaseResult.
#include <chrono>
#include <optional>

#include "result/run_result.h"

namespace bench {

// bonnie++'s threshold: a test shorter than this is shown as "+++++" in the bonnie-compatible outputs.
inline constexpr std::chrono::milliseconds kMinMeaningfulTime{500};

// Work per second in the phase's unit (bytes/s for byte phases); nullopt when elapsed is zero.
std::optional<double> rate_per_second(const PhaseResult& result);
// Process CPU time over wall time, in percent; may exceed 100 with several threads. nullopt if elapsed is 0.
std::optional<double> cpu_percent(const PhaseResult& result);
// True when the phase ran for less than kMinMeaningfulTime.
bool too_fast(const PhaseResult& result);

}  // namespace bench
