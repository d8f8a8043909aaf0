#pragma once
// How a rank's steps end in agreements (run/rank_group.h): each step that may fail on one rank is run guarded, and
// its failure handed to the next agreement, so that every rank reaches it whatever happened and all stop together;
// and what the ranks agree on before they plan (run/runner.h): rank 0's seed and free space, whether io_uring can
// run on every rank, and that every rank made a plan of the same shape.
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <string>

#include "run/rank_group.h"

namespace bench {

// Runs `step`, returning what it threw (null when it did not).
template <typename Step>
std::exception_ptr guarded(Step&& step) {
  try {
    step();
  } catch (...) {
    return std::current_exception();
  }
  return nullptr;
}

// An InterruptedError once `interrupt` holds a stop signal, else null.
std::exception_ptr interruption(const std::atomic<int>& interrupt);

// One agreement of a run (collective). A stop signal is this rank's failure even when no step noticed it yet,
// and then `remove_own_files` runs before the rank waits for the others: after passing a stop signal on, the
// launcher kills the ranks soon (Open MPI: 1 s), which may catch one waiting for a slower rank.
// Throws on every rank what RankGroup::agree throws.
void agree_after_step(RankGroup& group, std::exception_ptr failure, const std::atomic<int>& interrupt,
                      const std::function<void()>& remove_own_files);

// Collective: rank 0's `mine`, on every rank. Without -z every rank drew a seed of its own, and rank 0's is the
// one the outputs record, so it is the one every rank runs with (each mixes its rank in where streams must
// differ: phases/seeds.h, the workload runner). Throws on every rank (an agreement) when what came is no seed.
std::uint32_t rank_zero_seed(RankGroup& group, std::uint32_t mine);

// Collective: rank 0's `mine`, on every rank (as eight bytes, never as text to parse again).
std::uint64_t rank_zero_word(RankGroup& group, std::uint64_t mine);

// Collective. Why io_uring cannot run, as every rank is to take it: this rank's own `mine` when alone; with
// several ranks rank 0's reason when it has one, else "not allowed on rank R (HOST)" for the lowest rank that
// cannot run it; nullopt when every rank can. So every rank chooses the same engine for a workload.
std::optional<std::string> agree_io_uring_refusal(RankGroup& group, const std::optional<std::string>& mine);

// Collective. Throws UsageError on a rank whose plan's `shape` (plan/plan.h plan_shape) differs from rank 0's, as
// when a job file differs between hosts: the ranks could not run in lockstep.
void check_same_shape(RankGroup& group, const std::string& shape);

}  // namespace bench
