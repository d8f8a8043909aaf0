#pragma once
// How a rank's steps end in agreements (run/rank_group.h), for both runners (run/runner.cpp for the bonnie-style
// tests, run/workload_runner.cpp for workloads): each step that may fail on one rank is run guarded, and its
// failure handed to the next agreement, so that every rank reaches it whatever happened and all stop together.
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>

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

}  // namespace bench
