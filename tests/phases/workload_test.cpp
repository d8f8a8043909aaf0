// The workload phase's parts on small real files: a job's loop through both engines (requests counted, the
// queue kept full, syncs every N writes, ramp, runtime, a stop signal), a group's jobs at once, the files'
// rules (bench++ never writes what it did not create; one rank of several has its own), and the steady-state
// verdict.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <numeric>
#include <thread>

#include "phases/workload_files.h"
#include "phases/engine_choice.h"
#include "phases/workload_phase.h"
#include "phases/workload_job.h"
#include "platform/io_uring_ring.h"
#include "result/errors.h"
#include "result/steady_state.h"
#include "engine/engine_test_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

constexpr std::uint64_t kMiB = 1 << 20;

WorkloadSpec spec_of(IoPattern pattern, std::uint32_t iodepth, EngineKind engine) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  spec.size_bytes = 2 * kMiB;
  spec.iodepth = iodepth;
  spec.engine = engine;
  spec.fio_engine = engine == EngineKind::kIoUring ? "io_uring" : "psync";
  return spec;
}

// A workload's jobs as the runner runs them (run/runner.h): each on a thread of its own, with its context and
// measurement (phases/workload_phase.h), started at once (no barrier here). The first failure is rethrown.
std::vector<JobMeasurement> run_jobs(const WorkloadSpec& spec, std::vector<JobTarget>& targets, EngineKind engine,
                                     std::uint32_t depth, std::uint64_t seed, WorkloadFiles& files,
                                     const std::atomic<int>& interrupt) {
  const std::unique_ptr<Phase> phase = make_workload_phase(spec, targets, EngineChoice{engine, depth, ""}, seed, files);
  std::vector<JobMeasurement> jobs(spec.jobs);
  std::vector<Rng> rngs(spec.jobs, Rng(0));
  std::vector<WorkerState> states(spec.jobs);
  std::vector<LatencyHistogram> unused(spec.jobs);
  std::vector<std::exception_ptr> failures(spec.jobs);
  std::vector<std::thread> threads;
  for (std::uint32_t j = 0; j < spec.jobs; ++j) {
    jobs[j].parts.resize(phase->parts().size());
    threads.emplace_back([&, j] {
      try {
        PhaseContext context{.setup = RunSetup{}, .data_file = {}, .files_dir = {}, .latency = unused[j],
                             .rng = rngs[j], .state = states[j], .interrupt_signal = interrupt, .worker_index = j,
                             .sync_file = {}, .measurement = &jobs[j]};
        phase->prepare(context);
        phase->run(context);
      } catch (...) {
        failures[j] = std::current_exception();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
  return jobs;
}

// Runs one workload of one or more jobs in `dir` and returns its jobs' measurements.
std::vector<JobMeasurement> run_one(const WorkloadSpec& spec, const fs::path& dir, const std::atomic<int>& interrupt) {
  WorkloadFiles files(dir);
  std::vector<JobTarget> targets = files.plan(spec, {});
  const EngineChoice choice = choose_engine(spec, std::nullopt);
  return run_jobs(spec, targets, choice.engine, choice.depth, 42, files, interrupt);
}

bool io_uring_here() { return !test::skip_if(test::io_uring_skip_reason()); }

}  // namespace

TEST_CASE("workload: one pass of random reads at QD1, QD8 and QD32: every block once, the queue kept full") {
  for (const EngineKind engine : {EngineKind::kIoUring, EngineKind::kPsyncThreads}) {
    if (engine == EngineKind::kIoUring && !io_uring_here()) continue;
    for (const std::uint32_t depth : {1u, 8u, 32u}) {
      CAPTURE(depth);
      CAPTURE(static_cast<int>(engine));
      test::TempDir dir;
      WorkloadSpec spec = spec_of(IoPattern::kRandRead, depth, EngineKind::kIoUring);
      spec.direct = true;
      const std::atomic<int> interrupt{0};
      WorkloadFiles files(dir.path());
      std::vector<JobTarget> targets = files.plan(spec, {});
      files.prepare(spec, targets);
      // The engine and its depth as the phase would choose them, with io_uring refused for the threads' case
      // (psync itself at QD1).
      const bool refused = engine == EngineKind::kPsyncThreads;
      const EngineChoice choice =
          choose_engine(spec, refused ? std::optional<std::string>("refused here") : std::nullopt);
      CHECK(choice.engine == (refused && depth == 1 ? EngineKind::kPsync : engine));
      CHECK(choice.depth == depth);
      const std::vector<JobMeasurement> measurement = run_jobs(spec, targets, choice.engine, choice.depth, 7, files, interrupt);
      REQUIRE(measurement.size() == 1);
      const JobMeasurement& job = measurement.front();
      CHECK(job.parts[0].latency.count() == 512);  // 2 MiB / 4 KiB, each block once
      CHECK(job.parts[0].bytes == 2 * kMiB);
      CHECK(job.parts[1].latency.count() == 0);
      CHECK(std::accumulate(job.parts[0].bytes_per_second.begin(), job.parts[0].bytes_per_second.end(), std::uint64_t{0}) ==
            2 * kMiB);
      const double mean_depth = static_cast<double>(job.time_in_flight.count()) / static_cast<double>(job.elapsed.count());
      CHECK(mean_depth <= depth + 0.01);
      if (depth > 1) CHECK(mean_depth > 0.5 * depth);  // the queue is kept full (ends of the run aside)
    }
  }
}

TEST_CASE("workload: writes with fdatasync every 4 and an end fsync, mixed 70/30 reads and writes") {
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec writes = spec_of(IoPattern::kWrite, 8, EngineKind::kIoUring);
  if (!io_uring_here()) writes.engine = EngineKind::kPsync;
  writes.fdatasync_every = 4;
  writes.end_fsync = true;
  writes.size_bytes = 256 * 1024;
  const std::vector<JobMeasurement> synced = run_one(writes, dir.path(), interrupt);
  const JobMeasurement& job = synced.front();
  CHECK(job.parts[1].latency.count() == 64);
  CHECK(job.parts[2].latency.count() == 16 + 1);  // after every 4 writes, then the end fsync

  WorkloadSpec mixed = spec_of(IoPattern::kRandRw, 4, EngineKind::kPsync);
  mixed.read_percent = 70;
  mixed.size_bytes = 4 * kMiB;
  const JobMeasurement mix = run_one(mixed, dir.path(), interrupt).front();
  CHECK(mix.parts[0].latency.count() + mix.parts[1].latency.count() == 1024);
  const double read_share = static_cast<double>(mix.parts[0].latency.count()) / 1024;
  CHECK(read_share > 0.6);
  CHECK(read_share < 0.8);
}

TEST_CASE("workload: time_based loops until runtime, ramp_time is done but not measured, a stop signal ends it") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kRead, 1, EngineKind::kPsync);
  spec.size_bytes = 64 * 1024;  // 16 blocks: many passes in the time
  spec.time_based = true;
  spec.runtime = milliseconds(300);
  spec.ramp_time = milliseconds(100);
  const std::atomic<int> interrupt{0};
  const auto start = std::chrono::steady_clock::now();
  const JobMeasurement job = run_one(spec, dir.path(), interrupt).front();
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(took >= milliseconds(400));
  CHECK(job.parts[0].latency.count() > 16);  // more than one pass
  CHECK(job.elapsed >= milliseconds(300));
  CHECK(job.elapsed < milliseconds(3000));
  CHECK(job.stop_signal == 0);

  std::atomic<int> stop{0};
  spec.runtime = std::chrono::seconds(60);
  std::thread stopper([&] {
    std::this_thread::sleep_for(milliseconds(200));
    stop.store(SIGINT);
  });
  const auto stopped_at = std::chrono::steady_clock::now();
  const JobMeasurement stopped = run_one(spec, dir.path(), stop).front();
  stopper.join();
  CHECK(stopped.stop_signal == SIGINT);
  CHECK(std::chrono::steady_clock::now() - stopped_at < std::chrono::seconds(10));
}

TEST_CASE("workload: the jobs of a workload run at once, each on a file of its own") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kRandWrite, 2, EngineKind::kPsync);
  spec.jobs = 3;
  spec.size_bytes = kMiB;
  const std::atomic<int> interrupt{0};
  WorkloadFiles files(dir.path());
  std::vector<JobTarget> targets = files.plan(spec, {});
  REQUIRE(targets.size() == 3);
  files.prepare(spec, targets);
  for (std::uint32_t job = 0; job < 3; ++job) {
    CHECK(targets[job].path.filename() == "w." + std::to_string(job) + ".0");
    CHECK(fs::file_size(targets[job].path) == kMiB);
  }
  const std::vector<JobMeasurement> measurement = run_jobs(spec, targets, EngineKind::kPsync, 2, 1, files, interrupt);
  REQUIRE(measurement.size() == 3);
  for (const JobMeasurement& job : measurement) CHECK(job.parts[1].latency.count() == 256);
}

TEST_CASE("workload files: what bench++ did not create is only read, and what it created goes away") {
  test::TempDir dir;
  const fs::path users_file = dir.path() / "precious.dat";
  std::ofstream(users_file) << std::string(64 * 1024, 'x');
  const auto error_of = [&](const WorkloadSpec& spec) {
    return test::error_of<UsageError>([&] { WorkloadFiles(dir.path()).plan(spec, {}); });
  };
  WorkloadSpec spec = spec_of(IoPattern::kRandWrite, 1, EngineKind::kPsync);
  spec.filename = users_file.string();
  spec.size_bytes = 0;
  CHECK(error_of(spec) == "workload 'w': it writes, and '" + users_file.string() +
                              "' exists and was not created by bench++: bench++ only reads it unless "
                              "--allow-overwrite=" + users_file.string() + " says otherwise");
  spec.pattern = IoPattern::kRandRw;
  CHECK(!error_of(spec).empty());
  spec.pattern = IoPattern::kRandRead;
  CHECK(error_of(spec).empty());
  spec.size_bytes = kMiB;
  CHECK(error_of(spec).find("holds 65536 bytes, less than size=1048576") != std::string::npos);
  spec.size_bytes = 0;
  spec.size_percent = 50;
  {
    WorkloadFiles files(dir.path());
    std::vector<JobTarget> targets = files.plan(spec, {});
    CHECK(targets.front().region_bytes == 32 * 1024);
    files.prepare(spec, targets);
    const std::atomic<int> interrupt{0};
    CHECK(run_jobs(spec, targets, EngineKind::kPsync, 1, 1, files, interrupt).front().parts[0].latency.count() == 8);
  }
  CHECK(test::read_file(users_file) == std::string(64 * 1024, 'x'));  // untouched, and still there

  spec.overwrite_allowed = true;
  spec.pattern = IoPattern::kRandWrite;
  CHECK(error_of(spec).empty());

  WorkloadSpec created = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  created.filename = "made-by-bench.dat";
  {
    WorkloadFiles files(dir.path());
    std::vector<JobTarget> targets = files.plan(created, {});
    CHECK(!targets.front().exists);
    files.prepare(created, targets);
    CHECK(fs::file_size(dir.path() / "made-by-bench.dat") == 2 * kMiB);
  }
  CHECK(!fs::exists(dir.path() / "made-by-bench.dat"));
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"precious.dat"});

  created.unlink = false;
  {
    WorkloadFiles files(dir.path());
    std::vector<JobTarget> targets = files.plan(created, {});
    files.prepare(created, targets);
    CHECK(files.kept_files() == std::vector<fs::path>{dir.path() / "made-by-bench.dat"});
  }
  CHECK(fs::exists(dir.path() / "made-by-bench.dat"));

  WorkloadSpec elsewhere = spec_of(IoPattern::kRead, 1, EngineKind::kPsync);
  elsewhere.directory = (dir.path() / "missing").string();
  CHECK(error_of(elsewhere) == "workload 'w': directory '" + elsewhere.directory + "' does not exist");
}

TEST_CASE("workload files: one rank of several has files of its own, and a shared file only to read") {
  test::TempDir dir;
  const fs::path users_file = dir.path() / "shared.dat";
  std::ofstream(users_file) << std::string(64 * 1024, 'x');
  WorkloadSpec own = spec_of(IoPattern::kRandWrite, 1, EngineKind::kPsync);
  own.filename = "test-file";  // a suite's one test file: each rank's own, in its private directory
  own.jobs = 2;
  WorkloadSpec reads = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  reads.filename = users_file.string();
  reads.size_bytes = 0;
  {
    WorkloadFiles files(dir.path(), 2);
    std::vector<JobTarget> targets = files.plan(own, {});
    REQUIRE(targets.size() == 2);
    CHECK(targets[0].is_private);
    CHECK(targets[0].path == "test-file");
    files.prepare(own, targets);
    const std::vector<std::string> made = test::list_tree(dir.path());
    REQUIRE(made.size() == 3);
    CHECK(made[0].starts_with("bench++-job.rank-2."));
    CHECK(made[1] == made[0] + "/test-file");
    CHECK(made[2] == "shared.dat");
    CHECK(!files.plan(reads, {}).front().is_private);  // an existing file every rank only reads
    files.remove_created();
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"shared.dat"});
    files.remove_created();  // nothing left to do, nor for the destructor
  }
  const auto error_of = [&](const WorkloadSpec& spec) {
    return test::error_of<UsageError>([&] { WorkloadFiles(dir.path(), 1).plan(spec, {}); });
  };
  WorkloadSpec writes_shared = reads;
  writes_shared.pattern = IoPattern::kWrite;
  writes_shared.overwrite_allowed = true;  // not for every rank at once
  CHECK(error_of(writes_shared).find("every MPI rank would write '" + users_file.string() + "'") != std::string::npos);
  WorkloadSpec creates_shared = reads;
  creates_shared.filename = (dir.path() / "new.dat").string();
  creates_shared.size_bytes = kMiB;
  CHECK(error_of(creates_shared).find("every MPI rank would create") != std::string::npos);
  WorkloadSpec nested = own;
  nested.filename = "sub/test-file";
  CHECK(error_of(nested).find("give a name without '/'") != std::string::npos);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"shared.dat"});
}

TEST_CASE("steady state: a flat series is steady, a falling one is not, a short one has no verdict") {
  const std::vector<double> flat = {100, 101, 99, 100, 102, 98, 100, 101, 99};
  const auto steady = judge_steady_state(flat);
  REQUIRE(steady.has_value());
  CHECK(steady->steady);
  const std::vector<double> falling = {100, 99, 101, 80, 79, 81, 60, 61, 59};
  const auto not_steady = judge_steady_state(falling);
  REQUIRE(not_steady.has_value());
  CHECK(!not_steady->steady);
  CHECK(not_steady->first_third_mean == doctest::Approx(100));
  CHECK(not_steady->last_third_mean == doctest::Approx(60));
  // A noisy run whose thirds differ by less than the noise is steady.
  const std::vector<double> noisy = {50, 150, 100, 60, 140, 100, 120, 40, 130};
  CHECK(judge_steady_state(noisy)->steady);
  const std::vector<double> too_short = {1, 2, 3, 4, 5};
  CHECK(!judge_steady_state(too_short).has_value());
}

}  // namespace bench
