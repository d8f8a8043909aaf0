#pragma once
// Derived metrics: pure functions of a PhaseResult.
#include <chrono>
#include <cstdint>
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

// The measurer's cost per request: `cpu` (user + system) in seconds per million `requests`; nullopt for 0 requests.
std::optional<double> cpu_seconds_per_million_requests(std::chrono::nanoseconds cpu, std::uint64_t requests);
// %CPU per job: cpu_percent over the part's workers (a workload's jobs); nullopt if elapsed is 0 or no workers.
std::optional<double> cpu_percent_per_job(const PhaseResult& result);
// Above this %CPU per job the measurer may be the limit: each job's thread spent most of a core in bench++ itself
// (its bookkeeping, and the system calls that submit and reap), so a faster device would not show.
inline constexpr double kMeasurerBusyPercentPerJob = 80;
// True when cpu_percent_per_job exceeds kMeasurerBusyPercentPerJob.
bool measurer_near_cpu_bound(const PhaseResult& result);

}  // namespace bench
