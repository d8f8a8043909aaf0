#pragma once
// The test interface: what one job of a test does. Every test of a run, bonnie++'s (phases/bonnie/bonnie_test.h) and a
// fio workload's (phases/workload/workload_phase.h), is a Phase, run by the one runner (run/runner.h): for each group of
// tests that run at once, prepare() once per job, untimed (lay out or drop files, draw names), then run() once per
// job, every job of the group on a thread of its own (a lone job on the runner's thread), released together.
// A phase is stateless (its methods are const): what a job reads or keeps is in the PhaseContext it is given,
// and what it measures goes into the context's JobMeasurement. Phases never print, never exit, and throw on
// failure.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "measure/latency_histogram.h"
#include "phases/live_io.h"
#include "phases/rng.h"
#include "result/errors.h"
#include "result/fio_steady_state.h"
#include "result/io_sample.h"
#include "result/run_setup.h"
#include "result/test_id.h"

namespace bench {

class JobSnapshot;  // phases/job_snapshot.h

// What a worker keeps from one test to the next within a run (e.g. the names the create phases made).
struct WorkerState {
  std::vector<std::string> file_names;  // paths relative to PhaseContext::files_dir, in creation order
};

// The work a bonnie++ test reports: operations in its WorkUnit, and bytes moved.
struct WorkDone {
  std::uint64_t operations = 0;
  std::uint64_t bytes = 0;
};

// How much of what a read test is about to read is in the page cache (PhaseContext::cache_residency).
struct CacheResidency {
  std::uint64_t cached_bytes = 0;
  std::uint64_t bytes = 0;  // what the test reads; 0: not measured
};

// What one job measured of one part of its test: a bonnie++ test has one part (the test), a workload three (its
// reads, writes and syncs: Phase::parts()).
struct PartMeasurement {
  LatencyHistogram latency;      // one sample per timed operation (what an operation is: each test says)
  // A workload's on an engine that is not is_synchronous: fio's slat and clat apart (PhaseResult says what
  // they are); empty otherwise.
  LatencyHistogram submission_latency;
  LatencyHistogram completion_latency;
  std::uint64_t operations = 0;  // in the test's WorkUnit (for a workload: its requests)
  std::uint64_t bytes = 0;
  std::vector<std::uint64_t> bytes_per_second;       // by whole seconds since the measurement began (workloads)
  std::vector<std::uint64_t> operations_per_second;  // ... and the operations completed in each
  std::vector<std::uint64_t> latency_ns_per_second;  // ... and the sum of their latencies (workloads)
  // fio's bandwidth and IOPS samples (workloads' reads and writes): the bytes completed in each window of
  // bwavgtime= ms since the measurement began, and the requests in each window of iopsavgtime= ms.
  std::vector<std::uint64_t> bytes_per_bw_window;
  std::vector<std::uint64_t> operations_per_iops_window;
  // A part measured over a window of its own rather than the job's (JobMeasurement::measured_from, elapsed): a
  // writing job's verify read-back, whose reads fio times apart (its read runtime is the verify's); its series then
  // count from the window's start. nullopt: the job's window.
  struct Window {
    std::chrono::steady_clock::time_point from{};
    std::chrono::nanoseconds elapsed{0};
  };
  std::optional<Window> own_window;
};

// A workload's per-request samples for fio's logs, kept in chunks so that recording one in the timed loop never
// moves (copies) what was recorded before: a chunk is allocated every kChunkSamples requests (80 KiB, below
// malloc's mmap threshold), or the first chunk reserved whole ahead of the timed work (reserve) when the job
// knows how many requests it makes.
class IoSampleLog {
 public:
  static constexpr std::size_t kChunkSamples = 2048;
  // The first chunk's room for `samples` (at most kMaxReserved; later ones kChunkSamples). Call before recording.
  void reserve(std::size_t samples) {
    if (!chunks_.empty()) return;
    chunks_.emplace_back().reserve(std::min(samples, kMaxReserved));
  }
  void push_back(const IoSample& sample) {
    if (chunks_.empty() || chunks_.back().size() == chunks_.back().capacity()) {
      chunks_.emplace_back().reserve(kChunkSamples);
    }
    chunks_.back().push_back(sample);
  }
  template <typename Visit>
  void for_each(Visit visit) const {
    for (const std::vector<IoSample>& chunk : chunks_) {
      for (const IoSample& sample : chunk) visit(sample);
    }
  }
  std::size_t size() const {
    std::size_t total = 0;
    for (const std::vector<IoSample>& chunk : chunks_) total += chunk.size();
    return total;
  }

 private:
  static constexpr std::size_t kMaxReserved = std::size_t{1} << 20;  // 40 MiB
  std::vector<std::vector<IoSample>> chunks_;
};

// What one job measured. run() fills it in.
struct JobMeasurement {
  std::vector<PartMeasurement> parts;  // one per Phase::parts(), in that order (the runner sizes it)
  // When the measurement began (after ramp_time for a workload) on this process's steady clock, and how long it
  // lasted: where the job's measured time lies (the ranks of an MPI job compare such times with the barrier
  // before the group).
  std::chrono::steady_clock::time_point measured_from{};
  std::chrono::nanoseconds elapsed{0};
  // A workload's: the sum of its measured read and write requests' times in flight; over `elapsed`, the mean
  // queue depth the job kept (Little's law).
  std::chrono::nanoseconds time_in_flight{0};
  int stop_signal = 0;  // non-zero: the job stopped early because of this signal
  // The process's CPU time (measure/stopwatch.h) when the measured window began, for a job that ramped first
  // (ramp_time); nullopt: it began when the group was released.
  std::optional<std::chrono::nanoseconds> cpu_at_measured_from;
  // A workload's I/O depth distributions (fio's iodepth_level, iodepth_submit, iodepth_complete).
  IoDepthCounts depths;
  // What the process's CPU time (measure/stopwatch.h) counts of this job outside its group's run: a job in a process
  // of its own (phases/workload/job_process.h) counts whole once it has ended, so this is what it spent before the start line
  // (all of it, when it never got there), which a job on a thread spends before the runner's first reading. The
  // runner takes it out of the group's CPU time. Zero for a job on a thread.
  CpuBreakdown cpu_outside_group;
  // The job's own CPU time, context switches and faults (fio's usr_cpu, sys_cpu, ctx, majf, minf of the job): its
  // thread's (measure/stopwatch.h thread_usage) from the start of its measured window to its end, verify's read-back
  // included; nullopt when not read. `usage_at_measured_from`: the thread's reading as the measured window began (as
  // a ramp_time ended, or as the job's work began; nullopt when not read), from which a status counts it too.
  std::optional<CpuBreakdown> own_usage;
  std::optional<CpuBreakdown> usage_at_measured_from;
  // A workload that writes fio's logs (WorkloadSpec::writes_logs): each measured read and write request, in
  // completion order (result/io_sample.h); empty otherwise.
  IoSampleLog samples;
  // With fio's log_unix_epoch or log_alternate_epoch: clock_gettime(log_alternate_epoch_clock_id) in ms as the
  // measured window began (fio's td->alternate_epoch), which the job's log entries' times add; nullopt otherwise.
  std::optional<std::uint64_t> log_epoch_ms;
  // A workload job with ss_dur= (fio's steady state): what its detection found, whether its job stopped on it.
  std::optional<FioSteadyStateResult> steady_state;
  // A workload job with latency_target= (fio's latency profile): the depth its search ended at; nullopt without.
  std::optional<std::uint32_t> latency_depth;
  // A workload job that failed (set by the runner from what its run() threw): the other jobs go on, and this
  // measurement is what it did before (result/workload_result.h).
  std::optional<JobFailure> failure;
  // A workload job's errors it went on after, and its requests that came back failed (result/error_tolerance.h).
  JobErrors errors;
};

// Where the jobs of a group wait for each other before their timed work (the runner's). Each job's run() calls
// PhaseContext::wait_for_start() exactly once, after its untimed set-up on its own thread (opening files, making
// an engine) and before the work it times.
class JobStart {
 public:
  virtual ~JobStart() = default;
  virtual void arrive_and_wait() = 0;
};

// Everything a job reads or keeps, given by the runner; built with designated initializers.
struct PhaseContext {
  const RunSetup& setup;            // what the run was asked to do, the same for every job
  std::filesystem::path data_file;  // bonnie++'s I/O tests' file (inside the worker's private directory)
  std::filesystem::path files_dir;  // the directory the file tests create their files in
  LatencyHistogram& latency;        // part 0's histogram: where a one-part test (bonnie++'s) records
  Rng& rng;                         // seeded from the run's seed, the worker and the test (phases/seeds.h)
  WorkerState& state;
  const std::atomic<int>& interrupt_signal;  // non-zero once a stop was requested
  std::uint32_t worker_index = 0;            // the job's index among its test's jobs
  std::filesystem::path sync_file;           // the fsync latency test's file
  std::atomic<std::uint64_t>* operations_started = nullptr;  // progress counter read by the runner
  LiveIo* live_io = nullptr;  // a workload job's completed requests and bytes, read by the runner (fio's ETA line)
  // The seed of this worker's data pattern (phases/seeds.h pattern_seed): the block write and --verify's checks
  // use it, and it differs for every worker of every rank.
  std::uint64_t pattern_seed = 0;
  // A read test's prepare() fills it after dropping the cache (phases/bonnie/io_phase_common.h), so the outputs can say
  // when the drop did not take and the rate is the cache's. nullptr: not wanted.
  CacheResidency* cache_residency = nullptr;
  JobMeasurement* measurement = nullptr;     // where run() records; the runner's (nullptr only in prepare)
  const std::atomic<bool>* abort = nullptr;  // set when another job of the group failed: stop as for a signal
  // fio's exitall (Plan::exitall): set when a job of this one's fio group ended; stop as at the end of runtime.
  const std::atomic<bool>* group_end = nullptr;
  JobStart* start = nullptr;                 // nullptr: start at once (a test run alone)
  std::uint32_t rank = 0;                    // this process's rank in an MPI job (0 alone)
  // Where a workload job answers the runner's requests for its measurement so far (phases/job_snapshot.h: fio's
  // --status-interval). nullptr: not asked.
  JobSnapshot* snapshot = nullptr;

  // The specs of the tests that run. REQUIRES (checked: std::bad_optional_access): a phase of that test, which
  // the plan makes only when the spec is there.
  const IoSpec& io() const { return setup.io.value(); }
  const FileSpec& files() const { return setup.files.value(); }
  const SyncTestSpec& sync_test() const { return setup.sync_test.value(); }

  // Throws InterruptedError when a stop was requested. Cheap: one relaxed atomic load.
  void check_interrupt() const {
    const int signal_number = interrupt_signal.load(std::memory_order_relaxed);
    if (signal_number != 0) throw InterruptedError(signal_number);
  }

  // Call once before each operation (the unit Phase::expected_operations() counts): counts it for the progress
  // display, then check_interrupt(). Safe from several threads of one worker.
  void begin_operation() const {
    if (operations_started != nullptr) operations_started->fetch_add(1, std::memory_order_relaxed);
    check_interrupt();
  }

  // See JobStart.
  void wait_for_start() const {
    if (start != nullptr) start->arrive_and_wait();
  }
};

class Phase {
 public:
  virtual ~Phase() = default;
  // The results this test reports, in order: a bonnie++ test its own, a workload its reads, writes and syncs.
  virtual std::vector<TestId> parts() const = 0;
  // What progress says while the group runs: bonnie++'s text ("Writing intelligently") or "Running NAME".
  virtual std::string progress_text() const = 0;
  // How many operations (PhaseContext::begin_operation calls) one job makes: the progress display's 100 %;
  // 0 when not known ahead (a workload).
  virtual std::uint64_t expected_operations(const RunSetup& /*setup*/) const { return 0; }
  // Untimed set-up of one job (laying out its file, dropping the cache, drawing names). Default: nothing.
  virtual void prepare(PhaseContext& /*context*/) const {}
  // The job's work, on its own thread: set-up, wait_for_start(), the timed work (the final fsync/close
  // included), recorded in *context.measurement, measured_from and elapsed included.
  virtual void run(PhaseContext& context) const = 0;

  // How its jobs run, which the runner asks of the phase rather than what kind of test it is. Defaults: neither.
  // Whether its jobs are bonnie++'s workers: each a directory in the run's private one (the data file, the files
  // directory, the fsync file), a worker's state kept from test to test, its RNG and pattern seed drawn per worker.
  // Else each job keeps its own state, and its files are its own business (a workload's, laid out by prepare()).
  virtual bool runs_in_workers() const { return false; }
  // Whether a job's own failure (an I/O error, a verify mismatch, rate_min not kept: run/job_failure.h) is data in
  // its result, the other jobs and groups going on, as fio's job errors; else it aborts the group and the run.
  virtual bool records_job_failure() const { return false; }
  // Where fio's disk_util looks for its devices (platform/disk_stats.h): each job's file, or for a file of
  // bench++'s own (made later in a private directory) the directory it goes in. Empty: it asks for none.
  virtual std::vector<std::filesystem::path> disk_stat_paths() const { return {}; }
  // Whether progress names the group's tests once ("Running NAME...done", as fio's) rather than following one
  // test's operations (bonnie++'s lines, redrawn in place).
  virtual bool progress_by_name() const { return false; }
};

}  // namespace bench
