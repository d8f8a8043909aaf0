// How the run's seed becomes each generator's (phases/seeds.h): fields that cannot overlap, so no two
// (seed, worker, phase) make the same stream, and the data pattern's seed differs from every phase's.
#include "phases/seeds.h"

#include <doctest/doctest.h>

#include <set>

namespace bench {
namespace {

TEST_CASE("seeds: worker 4096 no longer collides with the next run seed, nor any worker with another") {
  // The fields once overlapped: (seed << 20) ^ (worker << 8) ^ phase made worker 4096 of seed S the worker 0 of
  // seed S + 1.
  CHECK(phase_seed(5, 4096, PhaseId::kSeqCreate) != phase_seed(6, 0, PhaseId::kSeqCreate));
  std::set<std::uint64_t> seen;
  std::size_t made = 0;
  for (const std::uint32_t seed : {0u, 1u, 2u, 0xffffffffu}) {
    for (const std::uint64_t worker : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{255}, std::uint64_t{256},
                                       std::uint64_t{4096}, std::uint64_t{65536}, kMaxWorkers - 1}) {
      for (const PhaseId id : kAllPhaseIds) {
        seen.insert(phase_seed(seed, worker, id));
        ++made;
      }
      seen.insert(pattern_seed(seed, worker));
      ++made;
    }
  }
  CHECK(seen.size() == made);
}

TEST_CASE("seeds: the same seed and worker give the same seeds (-z reproduces a run)") {
  CHECK(phase_seed(9, 3, PhaseId::kBlockWrite) == phase_seed(9, 3, PhaseId::kBlockWrite));
  CHECK(pattern_seed(9, 3) == pattern_seed(9, 3));
  CHECK(pattern_seed(9, 3) != pattern_seed(9, 4));
  CHECK(pattern_seed(9, 3) != pattern_seed(10, 3));
}

TEST_CASE("seeds: a run has room for as many workers as the fields hold") {
  CHECK(workers_fit(kMaxWorkers / 200, 200));
  CHECK_FALSE(workers_fit(kMaxWorkers / 200 + 1, 200));
  CHECK_FALSE(workers_fit(0xffffffffu, 200));
}

}  // namespace
}  // namespace bench
