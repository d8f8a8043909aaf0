#pragma once
// What every command that runs on every rank of an MPI job shares (the bonnie-style benchmark, bench++ job and
// suite): joining the job, rank 0's outputs, and how its ranks end.
#include <functional>
#include <optional>

#include "result/run_observer.h"
#include "run/rank_group.h"

namespace bench {

// Writes nothing: the observer of the ranks other than 0 (rank 0 writes every output).
class SilentObserver final : public RunObserver {};

// Runs `run` with rank 0's outputs as its observer (a SilentObserver on the other ranks, whose `outputs` are
// empty); after a failure, rank 0's outputs show what the run finished (report_partial_run) and it is rethrown.
template <typename Outputs, typename Run>
void run_reporting_on_rank_0(std::optional<Outputs>& outputs, Run&& run) {
  SilentObserver silent;
  try {
    run(outputs ? static_cast<RunObserver&>(*outputs) : silent);
  } catch (...) {
    if (outputs) outputs->report_partial_run();
    throw;
  }
}

// Runs `on_rank` as this process's rank of the job it belongs to (join_rank_group: alone without MPI; MPI
// starts and ends here). Returns 0. A failure of rank 0 is rethrown, for main to report and map to the exit
// status; on the other ranks, which fail with the same agreed error, it is dropped and 0 returned, so that rank
// 0 alone says it and its exit status is the job's (a non-zero status here could make mpirun kill rank 0 before
// it has written its message).
int run_as_rank(const std::function<void(RankGroup&)>& on_rank);

}  // namespace bench
