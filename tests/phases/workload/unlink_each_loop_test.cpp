// fio's unlink_each_loop on small real files: WorkloadFiles::recreate's new, empty file on the same descriptor,
// the plan's refusal of a user's file, and a job's loops each writing a file made anew (the last one kept,
// verify= checking what the last loop wrote). fio itself runs the same jobs in tests/fio_peer/unlink_each_loop_peer_test.cpp.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "phases/workload/engine_choice.h"
#include "phases/workload/workload_files.h"
#include "phases/workload/workload_phase.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kKiB = 1024;

WorkloadSpec writer(IoPattern pattern) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.pattern = pattern;
  spec.block_bytes = 4096;
  spec.size_bytes = 256 * kKiB;
  spec.loops = 3;
  spec.unlink_each_loop = true;
  return spec;
}

struct stat stat_of(int fd) {
  struct stat info {};
  REQUIRE(::fstat(fd, &info) == 0);
  return info;
}

// One job of `spec` on this thread, in `dir`, as the runner runs it (prepare, then run); the files are kept
// (unlink=0) so that the caller sees what the last loop left. Returns the job's measurement.
JobMeasurement run_kept(WorkloadSpec spec, const fs::path& dir) {
  spec.unlink = false;
  WorkloadFiles files(dir);
  std::vector<JobTarget> targets = files.plan(spec, {});
  const EngineChoice choice = choose_engine(spec, std::nullopt);
  const std::unique_ptr<Phase> phase = make_workload_phase(spec, targets, choice, 42, files);
  JobMeasurement measurement;
  measurement.parts.resize(phase->parts().size());
  LatencyHistogram unused;
  Rng rng(0);
  WorkerState state;
  const std::atomic<int> interrupt{0};
  PhaseContext context{.setup = RunSetup{}, .data_file = {}, .files_dir = {}, .latency = unused, .rng = rng,
                       .state = state, .interrupt_signal = interrupt, .worker_index = 0, .sync_file = {},
                       .measurement = &measurement};
  phase->prepare(context);
  phase->run(context);
  return measurement;
}

// The one file the job left in `dir` (inside its private directory).
fs::path only_file(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) found.push_back(entry.path());
  }
  REQUIRE(found.size() == 1);
  return found.front();
}

}  // namespace

TEST_CASE("unlink_each_loop: recreate removes the file and opens a new, empty one on the same descriptor") {
  const test::TempDir dir;
  WorkloadSpec spec = writer(IoPattern::kWrite);
  WorkloadFiles files(dir.path());
  std::vector<JobTarget> targets = files.plan(spec, {});
  files.prepare(spec, targets);
  std::vector<PosixFile> open;
  open.push_back(WorkloadFiles::open_for_requests(spec, targets.front()));
  const int fd = open.front().fd();
  const struct stat before = stat_of(fd);
  CHECK(before.st_size == static_cast<off_t>(256 * kKiB));  // laid out (allocated) before the first loop
  WorkloadFiles::recreate(spec, targets, open);
  CHECK(open.front().fd() == fd);
  const struct stat after = stat_of(fd);
  CHECK(after.st_ino != before.st_ino);
  CHECK(after.st_size == 0);
  CHECK(stat_of(fd).st_nlink == 1);  // the descriptor's file is the one at the path, not the removed one
  CHECK(::pwrite(fd, "abcd", 4, 8192) == 4);
  CHECK(fs::file_size(targets.front().path) == 8196);
  CHECK((::fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR);
  // A file that is gone when the loop ends (somebody removed it): the job fails as fio's does, naming it.
  fs::remove(targets.front().path);
  CHECK(test::contains(test::error_of<std::system_error>([&] { WorkloadFiles::recreate(spec, targets, open); }),
                       "cannot remove (unlink_each_loop) " + targets.front().path.string()));
}

TEST_CASE("unlink_each_loop: a user's existing file is refused even with --allow-overwrite, but not with one loop") {
  const test::TempDir dir;
  const fs::path users = dir.path() / "users.dat";
  std::ofstream(users) << std::string(256 * kKiB, 'u');
  WorkloadSpec spec = writer(IoPattern::kRandWrite);
  spec.filename = users.string();
  spec.overwrite_allowed = true;
  const auto error_of = [&](const WorkloadSpec& s) {
    return test::error_of<UsageError>([&] { WorkloadFiles(dir.path()).plan(s, {}); });
  };
  CHECK(error_of(spec) == "workload 'w': unlink_each_loop would remove '" + users.string() +
                              "' after the first loop, and bench++ only removes files it created: name a file that "
                              "does not exist yet, or leave filename= out");
  spec.loops = 1;  // nothing would be removed
  CHECK(error_of(spec).empty());
  // A file of bench++'s own, named by filename=, may go.
  spec.loops = 3;
  spec.filename = "made-by-bench.dat";
  CHECK(error_of(spec).empty());
  CHECK(test::read_file(users) == std::string(256 * kKiB, 'u'));
}

TEST_CASE("unlink_each_loop: each loop writes a new file, the last one's stays, verify= checks what it wrote") {
  const test::TempDir dir;
  WorkloadSpec spec = writer(IoPattern::kWrite);
  spec.number_ios = 8;  // each loop writes blocks 0 to 7 of a file that is laid out to 256 KiB before the first
  JobMeasurement job = run_kept(spec, dir.path());
  CHECK(job.parts[1].operations == 3 * 8);
  const fs::path left = only_file(dir.path());
  CHECK(fs::file_size(left) == 8 * 4096);  // a new file: only the last loop's blocks, no layout
  CHECK(test::read_file(left).size() == 8 * 4096);
  fs::remove_all(dir.path() / left.parent_path().filename());

  spec.unlink_each_loop = false;  // the same job without it: one file, laid out, written three times
  run_kept(spec, dir.path());
  const fs::path kept = only_file(dir.path());
  CHECK(fs::file_size(kept) == 256 * kKiB);
  fs::remove_all(dir.path() / kept.parent_path().filename());

  // io_size= beyond size=: a second pass over half the region, on a new file; verify= reads back that half only
  // (the first pass's blocks went with the old file).
  WorkloadSpec passes = writer(IoPattern::kRandWrite);
  passes.loops = 1;
  passes.io_size = 384 * kKiB;
  passes.verify.method = VerifyMethod::kCrc32c;
  job = run_kept(passes, dir.path());  // a block of the first pass read back would fail (a hole, or past the end)
  CHECK(job.parts[1].bytes == 384 * kKiB);
  CHECK(fs::file_size(only_file(dir.path())) <= 256 * kKiB);
}

}  // namespace bench
