#pragma once
// What every command that runs on every rank of an MPI job shares (the bonnie-style benchmark, bench++ job and
// suite): joining the job, and how its ranks end.
#include <functional>

#include "result/run_observer.h"
#include "run/rank_group.h"

namespace bench {

// Writes nothing: the observer of the ranks other than 0 (rank 0 writes every output).
class SilentObserver final : public RunObserver {};

// Runs `on_rank` as this process's rank of the job it belongs to (join_rank_group: alone without MPI; MPI
// starts and ends here). Returns 0. A failure of rank 0 is rethrown, for main to report and map to the exit
// status; on the other ranks, which fail with the same agreed error, it is dropped and 0 returned, so that rank
// 0 alone says it and its exit status is the job's (a non-zero status here could make mpirun kill rank 0 before
// it has written its message).
int run_as_rank(const std::function<void(RankGroup&)>& on_rank);

}  // namespace bench
