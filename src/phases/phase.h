#pragma once
// The phase interface: one timed step of a run ("Sequential Output, Block"). A phase is stateless
// (run() is const); everything it reads or keeps between phases is in the PhaseContext it is given.
// The runner calls prepare() untimed, then run() timed (wall and CPU), once per worker, on the worker's
// own thread and context. Phases never print, never exit, and throw on failure.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "phases/rng.h"
#include "result/errors.h"
#include "result/phase_id.h"
#include "result/run_setup.h"

namespace bench {

// What a worker keeps from one phase to the next within a run (e.g. the names the create phases made).
struct WorkerState {
  std::vector<std::string> file_names;  // paths relative to PhaseContext::files_dir, in creation order
};

// The work a phase reports: operations in its WorkUnit, and bytes moved.
struct WorkDone {
  std::uint64_t operations = 0;
  std::uint64_t bytes = 0;
};

// Everything a phase reads or keeps, given by the runner; built with designated initializers.
struct PhaseContext {
  const RunSetup& setup;            // what the run was asked to do, the same for every worker
  std::filesystem::path data_file;  // the I/O tests' file (inside the worker's private directory)
  std::filesystem::path files_dir;  // the directory the file tests create their files in
  LatencyHistogram& latency;        // record one sample per operation (see each phase for what an op is)
  Rng& rng;                         // seeded from the run's seed, the worker and the phase (phases/seeds.h)
  WorkerState& state;
  const std::atomic<int>& interrupt_signal;  // non-zero once a stop was requested
  std::uint32_t worker_index = 0;
  std::filesystem::path sync_file;  // the fsync latency test's file
  std::atomic<std::uint64_t>* operations_started = nullptr;  // progress counter read by the runner
  // The seed of this worker's data pattern (phases/seeds.h pattern_seed): the block write and --verify's checks
  // use it, and it differs for every worker of every rank.
  std::uint64_t pattern_seed = 0;

  // The specs of the tests that run. REQUIRES (checked: std::bad_optional_access): a phase of that test, which
  // phase_list.h makes only when the spec is there.
  const IoSpec& io() const { return setup.io.value(); }
  const FileSpec& files() const { return setup.files.value(); }
  const SyncTestSpec& sync_test() const { return setup.sync_test.value(); }

  // Throws InterruptedError when a stop was requested. Cheap: one relaxed atomic load.
  void check_interrupt() const {
    const int signal_number = interrupt_signal.load(std::memory_order_relaxed);
    if (signal_number != 0) throw InterruptedError(signal_number);
  }

  // Call once before each operation (the unit expected_operations() counts in phase_list.h): counts it
  // for the progress display, then check_interrupt(). Safe from several threads of one worker.
  void begin_operation() const {
    if (operations_started != nullptr) operations_started->fetch_add(1, std::memory_order_relaxed);
    check_interrupt();
  }
};

class Phase {
 public:
  virtual ~Phase() = default;
  virtual PhaseId id() const = 0;
  // Untimed set-up (name generation, cache dropping). Default: nothing.
  virtual void prepare(PhaseContext& /*context*/) const {}
  // The timed work, including the final fsync/close. Records latency samples into context.latency.
  virtual WorkDone run(PhaseContext& context) const = 0;
};

}  // namespace bench
