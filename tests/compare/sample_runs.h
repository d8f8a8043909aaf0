#pragma once
// Runs built in code for compare's tests: a block write whose rate the test chooses, in a round of its own.
#include <chrono>
#include <cstdint>
#include <string>

#include "compare/compare_runs.h"

namespace bench::test {

inline constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

// A block write moving 1 GiB in `elapsed_ms` (so its rate is 1 GiB / elapsed), half of it CPU time.
inline PhaseResult gib_block_write(int elapsed_ms) {
  PhaseResult p;
  p.bonnie_test = PhaseId::kBlockWrite;
  p.bytes = kGiB;
  p.operations = kGiB / 8192;
  p.elapsed = std::chrono::milliseconds{elapsed_ms};
  p.cpu = std::chrono::milliseconds{elapsed_ms / 2};
  return p;
}

// One run of `label` doing gib_block_write(elapsed_ms), tagged `more_tags` and round=N unless round is 0, from a
// file of its own named after label and round.
inline SourcedRun round_run(const std::string& label, int round, int elapsed_ms, const std::string& more_tags = "") {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.setup.io = IoSpec{};
  r.run.info.tags = more_tags;
  if (round > 0) r.run.info.tags += (more_tags.empty() ? "" : "; ") + std::string("round=") + std::to_string(round);
  r.run.phases = {gib_block_write(elapsed_ms)};
  r.file = label + "-" + std::to_string(round) + ".json";
  return r;
}

}  // namespace bench::test
