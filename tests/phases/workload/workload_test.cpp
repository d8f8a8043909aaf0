// The workload phase's parts on small real files: a job's loop through both engines (requests counted, the
// queue kept full, syncs every N writes, ramp, runtime, a stop signal), a group's jobs at once, the files'
// rules (bench++ never writes what it did not create; one rank of several has its own), and the steady-state
// verdict.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <fstream>
#include <numeric>
#include <thread>

#include "phases/workload/workload_files.h"
#include "phases/workload/engine_choice.h"
#include "phases/workload/workload_phase.h"
#include "phases/workload/workload_job.h"
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
// measurement (phases/workload/workload_phase.h), started at once (no barrier here). The first failure is rethrown.
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
  // After each 4 writes but the last (a due sync goes before the next request, as fio's); the end fsync is no sync
  // request (fio's backend.c do_io).
  CHECK(job.parts[2].latency.count() == 15);

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
  CHECK(job.elapsed < std::chrono::seconds(10));  // runtime ended it (time_based alone never ends): a loaded machine's margin
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

TEST_CASE("workload: a job whose work ends within its ramp_time reports the ramp's requests, as fio's") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = 256 * 1024;  // 64 reads, done long before the ramp ends
  spec.ramp_time = std::chrono::seconds(30);
  const std::atomic<int> interrupt{0};
  const auto start = std::chrono::steady_clock::now();
  const JobMeasurement job = run_one(spec, dir.path(), interrupt).front();
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));  // no wait for the ramp's end
  CHECK(job.parts[0].operations == 64);
  CHECK(job.parts[0].bytes == 256 * 1024);
  CHECK(job.parts[0].latency.count() == 0);  // no latency sample in the ramp
  CHECK(job.depths.level[0] == 64);
  CHECK(job.elapsed > std::chrono::nanoseconds(0));
  CHECK(job.measured_from >= start);  // over the job's whole time, from its start
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

TEST_CASE("workload: loops= makes that many passes, each over every block once (fio re-seeds each loop)") {
  test::TempDir dir;
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = kMiB;
  spec.loops = 3;
  const std::atomic<int> interrupt{0};
  const std::vector<JobMeasurement> jobs = run_one(spec, dir.path(), interrupt);
  REQUIRE(jobs.size() == 1);
  CHECK(jobs[0].parts[0].operations == 3 * 256);
  CHECK(jobs[0].parts[0].bytes == 3 * kMiB);
  spec.pattern = IoPattern::kWrite;  // sequential too
  spec.loops = 2;
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[1].bytes == 2 * kMiB);
  // number_ios= ends each pass after that many requests, time_based or not; fsync_on_close= changes no request.
  spec.number_ios = 10;
  spec.fsync_on_close = true;
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[1].operations == 20);
  spec.loops = 1;
  spec.time_based = true;
  spec.runtime = std::chrono::seconds(5);
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[1].operations == 10);
}

TEST_CASE("workload: rate_iops= and rate= never issue ahead of the rate, the other direction is not held") {
  using std::chrono::duration_cast;
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 4, EngineKind::kPsync);
  spec.size_bytes = 256 * 1024;  // 64 requests: the last is due 63/200 s after the start
  spec.rate_iops = {200, 200};
  const auto before = std::chrono::steady_clock::now();
  const std::vector<JobMeasurement> paced = run_one(spec, dir.path(), interrupt);
  const auto took = std::chrono::steady_clock::now() - before;
  CHECK(paced[0].parts[0].operations == 64);
  CHECK(took >= milliseconds(315));
  // rate= in bytes: 64 KiB/s of 4 KiB reads is 16 a second; 8 requests, the last due at 7/16 s.
  spec.size_bytes = 32 * 1024;
  spec.rate_iops = {0, 0};
  spec.rate_bytes = {64 * 1024, 0};
  const auto bytes_before = std::chrono::steady_clock::now();
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[0].operations == 8);
  CHECK(std::chrono::steady_clock::now() - bytes_before >= milliseconds(437));
  // A limit on writes only (rate=,64k) does not hold a read job back: 256 reads at once.
  spec.size_bytes = kMiB;
  spec.rate_bytes = {0, 64 * 1024};
  const auto free_before = std::chrono::steady_clock::now();
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[0].operations == 256);
  CHECK(std::chrono::steady_clock::now() - free_before < std::chrono::seconds(10));  // not 16 s
  // rate_process=poisson: random gaps, 100 a second on average: 30 requests take well over a tenth of a second.
  spec.size_bytes = 30 * 4096;
  spec.rate_bytes = {0, 0};
  spec.rate_iops = {100, 100};
  spec.rate_poisson = true;
  const auto poisson_before = std::chrono::steady_clock::now();
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[0].operations == 30);
  CHECK(std::chrono::steady_clock::now() - poisson_before >= milliseconds(100));
}

TEST_CASE("workload: thinktime= stalls after every thinktime_blocks requests, the last too, inside the job's time") {
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRead, 1, EngineKind::kPsync);
  spec.size_bytes = 64 * 1024;  // 16 requests: a stall of 20 ms after every 4, as fio 3.33 makes 4 of them
  spec.thinktime = milliseconds(20);
  spec.thinktime_spin = milliseconds(5);
  spec.thinktime_blocks = 4;
  const std::vector<JobMeasurement> jobs = run_one(spec, dir.path(), interrupt);
  CHECK(jobs[0].parts[0].operations == 16);
  // A lower bound (a stall is never cut short): the four stalls, the one after the last request included (three
  // would be 60 ms), inside the measured time.
  CHECK(jobs[0].elapsed >= milliseconds(80));
  // At a depth of 8, counting what is issued: a stall after the 8th and the 16th, each once those in flight are done.
  if (!io_uring_here()) return;
  spec = spec_of(IoPattern::kRandRead, 8, EngineKind::kIoUring);
  spec.size_bytes = 64 * 1024;
  spec.thinktime = milliseconds(20);
  spec.thinktime_blocks = 8;
  spec.thinktime_blocks_issue = true;
  const std::vector<JobMeasurement> deep = run_one(spec, dir.path(), interrupt);
  CHECK(deep[0].parts[0].operations == 16);
  CHECK(deep[0].elapsed >= milliseconds(40));
}

TEST_CASE("workload: a stop signal ends a rate-limited job while it waits for its rate") {
  test::TempDir dir;
  std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = kMiB;
  spec.rate_iops = {2, 2};  // 256 requests would take two minutes
  std::thread stopper([&] {
    std::this_thread::sleep_for(milliseconds(300));
    interrupt = SIGINT;
  });
  const auto before = std::chrono::steady_clock::now();
  const std::vector<JobMeasurement> jobs = run_one(spec, dir.path(), interrupt);
  stopper.join();
  CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(20));
  CHECK(jobs[0].stop_signal == SIGINT);
  CHECK(jobs[0].parts[0].operations <= 2);
}

TEST_CASE("workload: startdelay= starts the job that much later, its measurement starts then") {
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = 64 * 1024;
  spec.start_delay = milliseconds(200);
  const auto before = std::chrono::steady_clock::now();
  const std::vector<JobMeasurement> jobs = run_one(spec, dir.path(), interrupt);
  CHECK(jobs[0].measured_from >= before + milliseconds(200));
  CHECK(jobs[0].parts[0].operations == 16);
}

TEST_CASE("workload: create_only= lays the file out and makes no request, overwrite= fills a writer's file first") {
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = 256 * 1024;
  spec.create_only = true;
  const std::vector<JobMeasurement> jobs = run_one(spec, dir.path(), interrupt);
  CHECK(jobs[0].parts[0].operations == 0);
  CHECK(jobs[0].parts[1].operations == 0);
  // overwrite=1: the writer's file holds data (not the zeros of an allocation) before its first write.
  WorkloadSpec writer = spec_of(IoPattern::kWrite, 1, EngineKind::kPsync);
  writer.size_bytes = 256 * 1024;
  writer.overwrite = true;
  writer.unlink = false;
  writer.create_only = true;  // so that nothing but the layout writes it
  WorkloadFiles files(dir.path());
  std::vector<JobTarget> targets = files.plan(writer, {});
  files.prepare(writer, targets);
  std::ifstream in(targets[0].path, std::ios::binary);
  std::vector<char> bytes(4096);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  CHECK(std::count(bytes.begin(), bytes.end(), '\0') < 64);
}

TEST_CASE("workload: cpus_allowed= runs the job on those CPUs, CPUs that are not there are an error") {
  test::TempDir dir;
  const std::atomic<int> interrupt{0};
  WorkloadSpec spec = spec_of(IoPattern::kRandRead, 1, EngineKind::kPsync);
  spec.size_bytes = 64 * 1024;
  cpu_set_t mine;
  REQUIRE(sched_getaffinity(0, sizeof(mine), &mine) == 0);
  std::uint32_t allowed = 0;
  while (!CPU_ISSET(allowed, &mine)) ++allowed;
  spec.cpus_allowed = {allowed};
  CHECK(run_one(spec, dir.path(), interrupt)[0].parts[0].operations == 16);
  spec.cpus_allowed = {1023};  // no machine this runs on has CPU 1023
  CHECK(test::contains(test::error_of<std::system_error>([&] { run_one(spec, dir.path(), interrupt); }),
                       "cannot run the job on the CPUs of cpus_allowed="));
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
