#pragma once
// When a run's figures may be a busy machine's rather than the disk's: other processes used more than
// kBusyMachinePercent of all CPUs' time during the run (RunInfo::other_cpu_percent, platform/cpu_load.h). A
// quarter of the machine is half a CPU of two: enough, in a QD1 latency run, for a job's wake-ups to wait behind
// others' work (bench++ measured 2.2-2.4x fio's latency beside a load before its jobs had sessions of their own).
// The run text says so under the run; compare, for each group with such runs.
#include <cstdint>
#include <optional>
#include <string>

#include "result/run_result.h"

namespace bench {

inline constexpr std::uint64_t kBusyMachinePercent = 25;

// Whether the run's recorded figure is above kBusyMachinePercent (false when not recorded).
bool ran_on_busy_machine(const RunInfo& info);

// "other processes used 87 % of the machine's CPU time during the run (bench++'s own not counted): its figures may
// show the load as much as the disk" when ran_on_busy_machine(info); nullopt otherwise.
std::optional<std::string> busy_machine_note(const RunInfo& info);

}  // namespace bench
