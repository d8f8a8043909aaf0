#pragma once
// A worker's context over a temporary directory, as the runner builds it: the data file, the file tests'
// directory and the fsync test's file all live in `dir`; it is worker 0 of a run of setup.seed. Tests set `setup`
// and run phases directly.
#include <atomic>
#include <filesystem>

#include "phases/bonnie/bonnie_test.h"
#include "phases/rng.h"
#include "phases/seeds.h"
#include "test_support.h"

namespace bench::test {

// A setup that runs every test (with its specs' defaults).
inline RunSetup every_test_spec() {
  RunSetup setup;
  setup.io = IoSpec{};
  setup.files = FileSpec{};
  setup.sync_test = SyncTestSpec{};
  return setup;
}

struct PhaseFixture {
  TempDir dir;
  RunSetup setup = every_test_spec();
  LatencyHistogram latency;
  Rng rng{1};
  WorkerState state;
  std::atomic<int> interrupt{0};

  std::filesystem::path data() const { return dir.path() / "data"; }
  // A fresh context; the latency of the phase run before is cleared.
  PhaseContext context() {
    latency.clear();
    return PhaseContext{.setup = setup,
                        .data_file = data(),
                        .files_dir = dir.path() / "files",
                        .latency = latency,
                        .rng = rng,
                        .state = state,
                        .interrupt_signal = interrupt,
                        .sync_file = dir.path() / "fsync",
                        .pattern_seed = pattern_seed(setup.seed, 0)};
  }
  // prepare() then run(), as the runner does (untimed here).
  WorkDone run(const BonnieTest& phase) {
    PhaseContext c = context();
    phase.prepare(c);
    return phase.measure(c);
  }
};

}  // namespace bench::test
