#pragma once
// How the run's one seed (-z, or the random one rank 0 drew) becomes the seed of every generator of the
// bonnie++-style tests, so that the seed reproduces every worker's names, sizes, orders and data, and no two
// workers, ranks or phases draw the same stream. Pure. A seed is three bit fields that cannot overlap:
//   bits 63..32  the run's seed
//   bits 31..8   the worker's number across every rank (rank x workers per rank + worker): below kMaxWorkers
//   bits  7..0   what the seed is for: a phase (PhaseId) or, as kPatternField, the worker's data pattern
#include <cstdint>

#include "result/phase_id.h"
#include "result/size_arithmetic.h"

namespace bench {

// Workers a run may have across all its ranks.
inline constexpr std::uint64_t kMaxWorkers = std::uint64_t{1} << 24;

// Whether `ranks` x `workers_per_rank` workers fit the worker field.
constexpr bool workers_fit(std::uint64_t ranks, std::uint64_t workers_per_rank) {
  const CheckedSize workers = checked_multiply(ranks, workers_per_rank);
  return workers && *workers <= kMaxWorkers;
}

// The seed of a worker's generator in one phase (PhaseContext::rng). REQUIRES: worker < kMaxWorkers.
constexpr std::uint64_t phase_seed(std::uint32_t run_seed, std::uint64_t worker, PhaseId id) {
  static_assert(static_cast<std::uint64_t>(PhaseId::kWorkload) < 0xff, "a phase id must fit its field");
  return (std::uint64_t{run_seed} << 32) | (worker << 8) | static_cast<std::uint64_t>(id);
}

// The seed of a worker's data (phases/bonnie/data_pattern.h), for its writer and its verifier alike: no two workers of
// a run write the same bytes. REQUIRES: worker < kMaxWorkers.
constexpr std::uint64_t pattern_seed(std::uint32_t run_seed, std::uint64_t worker) {
  constexpr std::uint64_t kPatternField = 0xff;  // no phase has this id
  return (std::uint64_t{run_seed} << 32) | (worker << 8) | kPatternField;
}

}  // namespace bench
