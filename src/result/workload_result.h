#pragma once
// What a workload measured, as plain data. A workload's results are PhaseResults (id PhaseId::kWorkload), one per
// direction that had requests (reads, writes, syncs), so every writer and compare shows them as tests; the
// WorkloadPart beside each says which workload and direction it is and what ran it. The workload's spec is in
// the run's setup (RunSetup::workloads), found by name.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/engine_kind.h"
#include "result/steady_state.h"

namespace bench {

enum class IoDirection { kRead, kWrite, kSync };

struct WorkloadPart {
  std::string workload;              // WorkloadSpec::name
  IoDirection direction = IoDirection::kRead;
  std::optional<std::uint32_t> job;  // one job's own part (numjobs > 1 without group_reporting); nullopt: all jobs
  EngineKind engine = EngineKind::kPsync;  // what ran it
  std::uint32_t engine_depth = 1;         // requests in flight per job, as run
  std::string engine_note;                // why that engine and depth, when not what the spec implies
  // The mean number of read and write requests in flight per job over the measured time (Little's law: their
  // times in flight over the time); the same in every part of a workload.
  double mean_depth = 0;
  // The measurer's own cost: CPU seconds bench++'s process spent (user + system, over the part's measured window,
  // PhaseResult::cpu) per million requests of the whole workload (every direction and job, syncs included), the same
  // in every part of a workload; beside IOPS it says when the tool, not the device, is the limit. Under MPI rank
  // 0's own. nullopt without requests, or when a file written before it was recorded is read.
  std::optional<double> cpu_per_million_requests;
  std::vector<double> per_second;     // this direction's requests completed in each whole second, in order
  std::optional<SteadyState> steady;  // of per_second; nullopt under kSteadyMinimumSeconds or not time_based
};

}  // namespace bench
