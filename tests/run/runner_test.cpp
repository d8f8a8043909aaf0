#include "run/runner.h"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <chrono>

#include <cerrno>
#include <cstring>
#include <csignal>
#include <system_error>
#include <functional>
#include <thread>
#include <utility>

#include "cli/workload_command_line.h"
#include "engine/engine_test_support.h"
#include "result/errors.h"
#include "run/run_test_support.h"
#include "test_support.h"

namespace bench {
namespace {

struct Recorder final : RunObserver {
  std::vector<std::string> events;
  std::function<void(PhaseId)> on_start;
  std::function<void(PhaseId)> on_finish;
  void run_started(const RunInfo& info) override { events.push_back("run " + std::to_string(info.run_index)); }
  void group_started(const RunInfo&, const GroupStart& group) override {
    const PhaseId id = group.tests.front().phase;
    events.push_back("start " + std::string(phase_key(id)));
    if (on_start) on_start(id);
  }
  void phase_finished(const RunResult& run, const PhaseResult& phase) override {
    // The phase heard of is the run's last one, the very object (the address of a reference, compared with null
    // here once, could never fail).
    REQUIRE_FALSE(run.phases.empty());
    CHECK(&phase == &run.phases.back());
    events.push_back("done " + std::string(phase_key(phase.id())));
    if (on_finish) on_finish(phase.id());
  }
};

Config small_config(const std::filesystem::path& dir) {
  Config config;
  config.directory = dir;
  config.setup.io = IoSpec{};
  config.setup.io->file_size_bytes = 256 << 10;
  config.setup.io->chunk_bytes = 4096;
  config.setup.io->seeks = 100;
  config.setup.io->seekers = 2;
  config.setup.io->per_char_bytes = 16 << 10;
  config.setup.sync_test = SyncTestSpec{};
  config.setup.sync_test->total_bytes = 2300 * 10;
  config.setup.seed = 5;
  return config;
}

TEST_CASE("the runner runs the selected phases in bonnie++'s order and leaves nothing behind") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  Recorder recorder;
  const auto runs = test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0});
  REQUIRE(runs.size() == 1);
  std::vector<PhaseId> order;
  for (const auto& p : runs[0].phases) order.push_back(p.id());
  CHECK(order == std::vector<PhaseId>{PhaseId::kPerCharWrite, PhaseId::kBlockWrite, PhaseId::kRewrite,
                                      PhaseId::kPerCharRead, PhaseId::kBlockRead, PhaseId::kRandomSeeks,
                                      PhaseId::kFsyncLatency});
  CHECK(recorder.events.front() == "run 0");
  CHECK(recorder.events[1] == "start per_char_write");
  CHECK(recorder.events[2] == "done per_char_write");
  for (const auto& p : runs[0].phases) {
    CHECK(p.elapsed.count() > 0);
    CHECK(p.latency.has_value());
    CHECK(p.workers == 1);
  }
  CHECK(runs[0].find(PhaseId::kBlockWrite)->bytes == 256 << 10);
  CHECK_FALSE(runs[0].info.started_utc.empty());
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("skipping per-char and the sync test, and repeats") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  config.setup.io->per_char_bytes = 0;
  config.setup.sync_test.reset();
  config.repeats = 2;
  Recorder recorder;
  const auto runs = test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0});
  REQUIRE(runs.size() == 2);
  CHECK(runs[1].info.run_index == 1);
  CHECK(runs[0].phases.size() == 4);
  CHECK(runs[0].find(PhaseId::kPerCharWrite) == nullptr);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("concurrent workers add their work and merge their latency") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  config.setup.concurrency = 3;
  Recorder recorder;
  const auto runs = test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0});
  const PhaseResult* block = runs[0].find(PhaseId::kBlockWrite);
  REQUIRE(block != nullptr);
  CHECK(block->workers == 3);
  CHECK(block->bytes == 3 * (256 << 10));
  CHECK(block->latency->count == 3 * 64);
  CHECK(runs[0].find(PhaseId::kRandomSeeks)->operations == 300);
  CHECK(test::list_tree(dir.path()).empty());
}

// The file system's magic number (statfs f_type) of `dir`.
long filesystem_type(const std::filesystem::path& dir) {
  struct statfs fs {};
  REQUIRE(::statfs(dir.c_str(), &fs) == 0);
  return static_cast<long>(fs.f_type);
}

TEST_CASE("the read tests measure how much of their file was in the page cache as they began") {
  constexpr std::array kReadTests = {PhaseId::kRewrite, PhaseId::kPerCharRead, PhaseId::kBlockRead,
                                     PhaseId::kRandomSeeks};
  const auto run_in = [](const std::filesystem::path& dir, CacheMode cache, bool direct) {
    Config config = small_config(dir);
    config.setup.cache = cache;
    config.setup.direct_io = direct;
    config.setup.concurrency = 2;
    Recorder recorder;
    return test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0}).at(0);
  };
  SUBCASE("tmpfs keeps every page whatever the drop: 100 %, the cache's rate") {
    const std::filesystem::path shm = "/dev/shm";
    const bool tmpfs = std::filesystem::is_directory(shm) && filesystem_type(shm) == TMPFS_MAGIC &&
                       ::access("/dev/shm", W_OK) == 0;
    if (test::skip_unless(tmpfs, test::Need::kMachine, "no writable tmpfs at /dev/shm")) return;
    const RunResult run = run_in(shm, CacheMode::kDrop, false);
    for (const PhaseId id : kReadTests) {
      CAPTURE(phase_key(id));
      REQUIRE(run.find(id)->cached_percent.has_value());
      CHECK(*run.find(id)->cached_percent == doctest::Approx(100));
    }
    CHECK_FALSE(run.find(PhaseId::kBlockWrite)->cached_percent.has_value());
    CHECK_FALSE(run.find(PhaseId::kPerCharWrite)->cached_percent.has_value());
  }
  SUBCASE("on a disk file system the drop takes") {
    test::TempDir dir;
    const long type = filesystem_type(dir.path());
    const bool disk = type == EXT4_SUPER_MAGIC || type == XFS_SUPER_MAGIC || type == BTRFS_SUPER_MAGIC;
    if (test::skip_unless(disk, test::Need::kMachine, "the temporary directory is on neither ext4, xfs nor btrfs")) {
      return;
    }
    const RunResult run = run_in(dir.path(), CacheMode::kDrop, false);
    CHECK(*run.find(PhaseId::kBlockRead)->cached_percent < 5);
    CHECK(*run.find(PhaseId::kPerCharRead)->cached_percent < 5);
  }
  SUBCASE("--cache keep measures too; -D reads past the cache and measures nothing") {
    test::TempDir dir;
    const RunResult kept = run_in(dir.path(), CacheMode::kKeep, false);
    for (const PhaseId id : kReadTests) CHECK(kept.find(id)->cached_percent.has_value());
    bool direct_works = false;
    test::open_maybe_direct(dir.path() / "direct-probe", O_RDWR | O_CREAT, direct_works);
    std::filesystem::remove(dir.path() / "direct-probe");
    if (test::skip_unless(direct_works, test::Need::kMachine, "the temporary directory's filesystem refuses O_DIRECT")) {
      return;
    }
    const RunResult direct = run_in(dir.path(), CacheMode::kDrop, true);
    CHECK_FALSE(direct.find(PhaseId::kBlockRead)->cached_percent.has_value());
    CHECK_FALSE(direct.find(PhaseId::kRandomSeeks)->cached_percent.has_value());
  }
}

TEST_CASE("every worker writes its own data, and --verify reads it back with -c 4") {
  // Workers (and ranks) once wrote byte-identical files, which flatters storage that deduplicates.
  test::TempDir dir;
  Config config = small_config(dir.path());
  config.setup.concurrency = 4;
  config.setup.verify = true;
  Recorder recorder;
  std::vector<std::string> contents;
  recorder.on_finish = [&](PhaseId id) {
    if (id != PhaseId::kBlockWrite) return;
    const std::vector<std::filesystem::path> made = {std::filesystem::directory_iterator(dir.path()),
                                                    std::filesystem::directory_iterator()};
    REQUIRE(made.size() == 1);  // the private directory
    for (int worker = 0; worker < 4; ++worker) {
      contents.push_back(test::read_file(made.front() / ("worker-" + std::to_string(worker)) / "data"));
    }
  };
  const auto runs = test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0});
  CHECK(runs.front().find(PhaseId::kRandomSeeks) != nullptr);  // every read test verified what it read
  REQUIRE(contents.size() == 4);
  for (std::size_t a = 0; a < contents.size(); ++a) {
    CHECK(contents[a].size() == 256 << 10);
    for (std::size_t b = a + 1; b < contents.size(); ++b) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(contents[a] != contents[b]);
      // Not one 512-byte sector in common, stamps aside: the bodies come from different pools.
      std::size_t same_sectors = 0;
      for (std::size_t at = 0; at < contents[a].size(); at += 512) {
        same_sectors += contents[a].compare(at + 16, 496, contents[b], at + 16, 496) == 0;
      }
      CHECK(same_sectors == 0);
    }
  }
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("a CPU clock that fails ends the run with its error, and removes everything") {
  // In a child under a seccomp filter that refuses getrusage: the runner reads the clock in the start line's
  // completion, which must not throw (that would be std::terminate) but hand the error on.
  test::TempDir dir;
  const std::string report = test::run_in_child([&]() -> std::string {
    if (std::string skip = test::install_seccomp_refusals({{SYS_getrusage, EPERM, {}}}); !skip.empty()) return skip;
    Config config = small_config(dir.path());
    config.setup.concurrency = 2;
    Recorder recorder;
    try {
      test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0});
    } catch (const std::system_error& error) {
      if (!test::list_tree(dir.path()).empty()) return "files left behind";
      return error.what();
    }
    return "no exception";
  });
  if (!test::child_skipped(report)) CHECK(report == "cannot read the process's CPU time (getrusage): Operation not permitted");
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("an interrupt between phases stops the run and removes everything") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  std::atomic<int> interrupt{0};
  Recorder recorder;
  recorder.on_start = [&](PhaseId id) {
    if (id == PhaseId::kRewrite) interrupt = 15;
  };
  CHECK_THROWS_AS(test::run_config(config, RunInfo{}, recorder, interrupt), InterruptedError);
  CHECK(test::list_tree(dir.path()).empty());
}

// fio's persona's two groups (stonewall): a time-based read of 60 s, then another that never starts once stopped.
Config stoppable_workloads(const std::filesystem::path& dir, WorkloadCommand command) {
  const SystemFacts facts{1, "host", 1};
  const auto no_file = [](const std::string&) -> std::string { return ""; };
  return parse_workload_command_line(command,
                                     {"--directory=" + dir.string(), "--output-format=json", "--rw=read", "--bs=4k",
                                      "--size=1m", "--time_based", "--runtime=60", "--name=first", "--name=second",
                                      "--stonewall"},
                                     facts, no_file)
      .config;
}

TEST_CASE("a stop signal in fio's persona ends the jobs as runtime= would, and the run is reported") {
  test::TempDir dir;
  const Config config = stoppable_workloads(dir.path(), WorkloadCommand::kFio);
  REQUIRE(config.setup.reports_stopped_run);
  for (const int signal_number : {SIGINT, SIGTERM}) {
    CAPTURE(signal_number);
    std::atomic<int> interrupt{0};
    Recorder recorder;
    std::jthread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      interrupt = signal_number;
    });
    const auto started = std::chrono::steady_clock::now();
    const std::vector<RunResult> runs = test::run_config(config, RunInfo{}, recorder, interrupt);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(30));  // far from the 120 s planned
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].stop_signal == signal_number);
    // The first job's reads up to the stop; the second group never started, and is listed without I/O, as fio's.
    REQUIRE(runs[0].phases.size() == 2);
    CHECK(runs[0].phases[0].operations > 0);
    CHECK(runs[0].phases[0].elapsed < std::chrono::seconds(30));
    CHECK(runs[0].phases[1].operations == 0);
    // fio's files stay (unlink=0).
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"first.0.0"});
  }
}

TEST_CASE("a stop signal fio does not catch, and any in bench++ job, still ends the run without results") {
  // Named variables, not a structured binding: clang 14 cannot capture one in a lambda (CAPTURE's, the stopper's).
  for (const auto& stop : {std::pair{WorkloadCommand::kFio, SIGHUP}, std::pair{WorkloadCommand::kJob, SIGINT}}) {
    const WorkloadCommand command = stop.first;
    const int signal_number = stop.second;
    CAPTURE(signal_number);
    test::TempDir dir;
    const Config config = stoppable_workloads(dir.path(), command);
    std::atomic<int> interrupt{0};
    Recorder recorder;
    std::jthread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      interrupt = signal_number;
    });
    CHECK_THROWS_AS(test::run_config(config, RunInfo{}, recorder, interrupt), InterruptedError);
  }
}

TEST_CASE("a stop before the jobs start in fio's persona reports the run, its jobs without I/O") {
  test::TempDir dir;
  const Config config = stoppable_workloads(dir.path(), WorkloadCommand::kFio);
  std::atomic<int> interrupt{SIGTERM};
  Recorder recorder;
  const std::vector<RunResult> runs = test::run_config(config, RunInfo{}, recorder, interrupt);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].stop_signal == SIGTERM);
  REQUIRE(runs[0].phases.size() == 2);  // both jobs listed, without I/O, as fio lists a job that never started
  CHECK(runs[0].phases[0].operations == 0);
  CHECK(runs[0].phases[1].operations == 0);
  CHECK(test::list_tree(dir.path()).empty());  // nothing laid out
}

// What a rank killed by its launcher while it waits would see: the run ends there.
struct KilledWhileWaiting {};

// Rank 1 of a group of two whose rank 0 made the private directory and its own subdirectory in it, and
// never arrives: agree() notes what is in the private directory when a failure is agreed on, and throws
// it as the real group would. With stop_in_next_wait set, the next agreement without a failure stands for
// a wait for rank 0 during which a stop signal comes (set there): it runs the watch as MpiRankGroup's polling
// does, notes what is left, and ends the run as the launcher's SIGKILL would.
class RankOneOfTwo final : public RankGroup {
 public:
  explicit RankOneOfTwo(const std::filesystem::path& shared) : shared_(shared) {
    std::filesystem::create_directories(shared_ / "rank-0");
  }
  std::uint32_t rank() const override { return 1; }
  std::uint32_t size() const override { return 2; }
  const std::vector<std::string>& host_names() const override { return hosts_; }
  void agree(std::exception_ptr failure) override {
    if (!failure && stop_in_next_wait != nullptr) {
      *stop_in_next_wait = SIGTERM;
      if (on_stop_ && watched_->load() != 0) std::exchange(on_stop_, nullptr)();
      at_failure = test::list_tree(shared_);
      throw KilledWhileWaiting{};
    }
    if (!failure) return;
    at_failure = test::list_tree(shared_);
    std::rethrow_exception(rank_failure_error(describe_failure(failure), 1, hosts_[1]));
  }
  // What rank 0 broadcasts, in the order of the collectives: the seed of the run (as a word), the shape of its
  // plan (this rank's own, so they agree), then the private directory.
  std::string broadcast_text(const std::string& mine) override {
    switch (broadcasts_++) {
      case 0: {
        std::string word(sizeof rank_zero_seed, '\0');
        std::memcpy(word.data(), &rank_zero_seed, sizeof rank_zero_seed);
        return word;
      }
      case 1: return mine;
      default: return shared_.string();
    }
  }
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t>) override { return {}; }
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t>, ReduceOp) override { return {}; }
  void barrier() override {}
  void watch_while_waiting(const std::atomic<int>& interrupt, std::function<void()> on_stop) override {
    watched_ = &interrupt;
    on_stop_ = std::move(on_stop);
  }

  std::vector<std::string> at_failure;
  std::atomic<int>* stop_in_next_wait = nullptr;
  std::uint64_t rank_zero_seed = 77;

 private:
  int broadcasts_ = 0;
  std::filesystem::path shared_;
  std::vector<std::string> hosts_{"a", "b"};
  const std::atomic<int>* watched_ = nullptr;
  std::function<void()> on_stop_;
};

// A run as rank 1 of RankOneOfTwo, in a directory of its own.
struct RankOneRun {
  test::TempDir dir;
  Config config = small_config(dir.path());
  RankOneOfTwo group{dir.path() / "run"};
  std::atomic<int> interrupt{0};
  Recorder recorder;
};

TEST_CASE_FIXTURE(RankOneRun,
                  "rank 1 of 2: after a stop signal the rank removes its files before it waits for the others") {
  // mpirun kills the ranks 1 s after passing the signal on: a rank must not wait for a slow one first.
  recorder.on_start = [&](PhaseId id) {
    if (id == PhaseId::kBlockRead) interrupt = SIGTERM;
  };
  CHECK_THROWS_WITH_AS(test::run_config(config, RunInfo{}, recorder, interrupt, group),
                       "interrupted by signal 15", InterruptedError);
  CHECK(group.at_failure == std::vector<std::string>{"rank-0"});  // rank 0's is rank 0's to remove
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"run", "run/rank-0"});
}

TEST_CASE_FIXTURE(RankOneRun, "rank 1 of 2: a stop signal while the rank waits at a collective removes its files") {
  // A rank waiting for one that died (or hangs) is still waiting when mpirun passes SIGTERM on, and killed
  // 1 s later: it cleans up from inside the wait.
  recorder.on_start = [&](PhaseId id) {
    if (id == PhaseId::kRewrite) group.stop_in_next_wait = &interrupt;
  };
  CHECK_THROWS_AS(test::run_config(config, RunInfo{}, recorder, interrupt, group), KilledWhileWaiting);
  CHECK(group.at_failure == std::vector<std::string>{"rank-0"});
}

TEST_CASE_FIXTURE(RankOneRun, "rank 1 of 2 runs with the seed of rank 0, which every output records") {
  // Without -z each rank drew its own seed, and the one rank 0 recorded did not reproduce the others.
  config.setup.seed = 5;  // this rank's own
  const auto runs = test::run_config(config, RunInfo{}, recorder, interrupt, group);
  REQUIRE(runs.size() == 1);
  CHECK(runs.front().info.setup.seed == 77);
}

TEST_CASE("a run that cannot fit is refused before anything is created") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  config.setup.io->file_size_bytes = std::uint64_t{1} << 60;
  Recorder recorder;
  CHECK_THROWS_WITH_AS(test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0}),
                       doctest::Contains("not enough free space"), std::runtime_error);
  CHECK(recorder.events.empty());
  CHECK(test::list_tree(dir.path()).empty());
}

// Rank 0 of `size` ranks whose collectives see no other rank fail.
class RankZeroOf final : public RankGroup {
 public:
  explicit RankZeroOf(std::uint32_t size) : hosts_(size, "a") {}
  std::uint32_t rank() const override { return 0; }
  std::uint32_t size() const override { return static_cast<std::uint32_t>(hosts_.size()); }
  const std::vector<std::string>& host_names() const override { return hosts_; }
  void agree(std::exception_ptr failure) override {
    if (failure) std::rethrow_exception(failure);
  }
  std::string broadcast_text(const std::string& text) override { return text; }
  std::vector<std::uint64_t> gather_words(std::span<const std::uint64_t>) override { return {}; }
  std::vector<std::uint64_t> reduce_words(std::span<const std::uint64_t>, ReduceOp) override { return {}; }
  void barrier() override {}

 private:
  std::vector<std::string> hosts_;
};

TEST_CASE("a run whose bytes fit for one rank but not for all of them is a usage error, before anything is made") {
  test::TempDir dir;
  Config config = small_config(dir.path());
  config.setup.io->file_size_bytes = std::uint64_t{1} << 62;  // the command line let it through: 4 EiB, one rank
  config.setup.concurrency = 2;                               // 8 EiB per rank
  RankZeroOf group(2);                                        // 16 EiB: wrapped round to 0 bytes needed
  Recorder recorder;
  CHECK_THROWS_WITH_AS(test::run_config(config, RunInfo{}, recorder, std::atomic<int>{0}, group),
                       "invalid -c value '2': 2 workers on each of 2 ranks need more than 2^64 bytes", UsageError);
  CHECK(recorder.events.empty());
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
