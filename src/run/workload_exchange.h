#pragma once
// What the ranks of an MPI job agree on before they run workloads (bench++ job and suite under an MPI launcher),
// and how each result's per-rank parts become one. Every rank runs every workload on files of its own, a group
// of workloads that run at once (a stonewall group) at a time, starting together after a barrier; then each of
// the group's results (a workload direction, all jobs or one job's) is brought together on rank 0 and combined
// as IOR and fio's client/server "All clients" do (combine_workload_ranks):
//   - requests, bytes, CPU and jobs summed over the ranks;
//   - elapsed from the earliest rank's start to the latest rank's end, each an offset from the barrier before
//     the group on the rank's own clock (clocks of different hosts are never compared): IOPS and bandwidth are
//     all the work over that span;
//   - the latency histograms merged by adding buckets, the summary (percentiles, min, max, mean) read from the
//     merged one, never averaged;
//   - the per-second series summed second by second (each rank's seconds counted from the start of its own
//     measurement), the steady-state verdict judged on that sum;
//   - the mean depth kept per job: the mean over the ranks (each runs as many jobs);
//   - the workload, direction, job, engine, depth and note: rank 0's (the ranks run the same engine:
//     agree_io_uring_refusal);
//   - PhaseResult::ranks: every rank's part, which the Ranks section and JSON's "mpi" object show.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "result/run_result.h"
#include "result/workload_spec.h"
#include "run/rank_exchange.h"
#include "run/rank_group.h"

namespace bench {

// Collective. Why io_uring cannot run, as every rank is to take it: this rank's own `mine` when alone; with
// several ranks rank 0's reason when it has one, else "not allowed on rank R (HOST)" for the lowest rank that
// cannot run it; nullopt when every rank can. So every rank chooses the same engine for a workload.
std::optional<std::string> agree_io_uring_refusal(RankGroup& group, const std::optional<std::string>& mine);

// What makes the ranks' exchanges line up: the workloads' names, jobs, reporting and stonewall groups, and the
// number of runs. Pure.
std::string exchange_shape(const std::vector<WorkloadSpec>& workloads, std::uint32_t repeats);

// Collective. Throws UsageError on a rank whose `shape` (exchange_shape) differs from rank 0's, as when a job
// file differs between hosts: the ranks could not run in lockstep.
void check_same_shape(RankGroup& group, const std::string& shape);

// One rank's part of one workload result.
struct WorkloadRankPart {
  RankPart part;  // start and end from the barrier before the group; requests, bytes, CPU, jobs; latency
  std::vector<std::uint64_t> per_second;  // requests completed in each whole second of the rank's measurement
  double mean_depth = 0;                  // requests in flight per job, kept over the rank's measurement
};

// One workload result as rank 0 receives it.
struct WorkloadRanks {
  GatheredParts parts;                    // every rank's part in rank order, the histograms merged
  std::vector<std::uint64_t> per_second;  // summed over the ranks
  std::vector<double> mean_depths;        // per rank, in rank order
};

// Collective. On rank 0: one WorkloadRanks per element of `mine`, in its order. Elsewhere: empty.
// REQUIRES: every rank passes its parts of the same results in the same order.
std::vector<WorkloadRanks> gather_workload_parts(RankGroup& group, std::span<const WorkloadRankPart> mine);

// The whole of one workload result (see above). Pure. `local`: the result as rank 0 measured it, whose
// WorkloadPart names what it is and what ran it. REQUIRES: local.workload, !ranks.parts.ranks.empty().
PhaseResult combine_workload_ranks(const PhaseResult& local, const WorkloadRanks& ranks);

}  // namespace bench
