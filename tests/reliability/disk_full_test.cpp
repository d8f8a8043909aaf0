// A full filesystem: a run that cannot fit is refused before anything is written (with the numbers), and a
// filesystem that fills up during the run (another process takes the space after the up-front check)
// ends it with "cannot write <path>: No space left on device", exit 1, and nothing of bench++'s left.
// Each test mounts its own small tmpfs (root only).
#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>

#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;
using test::TmpfsMount;

std::vector<std::string> quiet_run(const std::filesystem::path& dir, std::vector<std::string> args) {
  std::vector<std::string> all{"-d", dir.string(), "-r", "0", "-q", "--no-sync-test"};
  all.insert(all.end(), args.begin(), args.end());
  return all;
}

// Starts bench++, waits until `ready` (the run is past the up-front check and writing), stops it, takes
// all the free space with a file of the test's own, and lets it go on. Returns its output.
test::CommandOutput run_into_full_disk(const TmpfsMount& mount, const std::vector<std::string>& args,
                                       const std::function<bool()>& ready) {
  test::BackgroundProcess bench(test::bench_command(quiet_run(mount.path(), args)));
  const bool started = bench.wait_until(ready, 30s);
  CHECK(started);
  bench.send_signal(SIGSTOP);
  CHECK(test::fill_filesystem(mount.path() / "filler") > 0);
  bench.send_signal(SIGCONT);
  return bench.finish();
}

TEST_CASE("reliability: a run larger than the free space is refused before anything is written") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  TmpfsMount mount("size=8m");
  SUBCASE("-s larger than the filesystem") {
    const auto r = test::run_bench(quiet_run(mount.path(), {"-s", "64M:4k", "-n", "0"}));
    CHECK(r.exit_code == 1);
    CHECK(r.err == "bench++: not enough free space in " + mount.path().string() +
                       ": the run's files need 66.0 MiB, 8.0 MiB are free\n");
  }
  SUBCASE("a file set larger than the filesystem") {
    const auto r = test::run_bench(quiet_run(mount.path(), {"-s", "0", "-n", "1:64k:64k"}));
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("the run's files need 66.0 MiB, 8.0 MiB are free") != std::string::npos);
  }
  SUBCASE("-c multiplies what is needed") {
    const auto r = test::run_bench(quiet_run(mount.path(), {"-s", "6M:4k", "-n", "0", "-c", "2"}));
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("the run's files need 13.2 MiB, 8.0 MiB are free") != std::string::npos);
  }
  CHECK(test::list_tree(mount.path()).empty());
}

TEST_CASE("reliability: a file set with more files than free inodes is refused before anything is written") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  TmpfsMount mount("size=8m,nr_inodes=500");
  const auto r = test::run_bench(quiet_run(mount.path(), {"-s", "0", "-n", "1"}));
  CHECK(r.exit_code == 1);
  // 1024 files, the worker's two directories and a test file, the private directory.
  CHECK(r.err.rfind("bench++: not enough free inodes in " + mount.path().string() + ": the run's files need 1028, ",
                    0) == 0);
  CHECK(r.out.empty());
  CHECK(test::list_tree(mount.path()).empty());
}

TEST_CASE("reliability: the inode check counts every worker's subdirectories") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  // 4 workers x (1024 files + 500 subdirectories + 3) + 1 = 6109 inodes. Counting the subdirectories once (per
  // rank) made 4596, which passed, and the run then failed midway when the inodes ran out.
  TmpfsMount mount("size=64m,nr_inodes=5000");
  const auto r = test::run_bench(quiet_run(mount.path(), {"-s", "0", "-n", "1:0:0:500", "-c", "4"}));
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.err.rfind("bench++: not enough free inodes in " + mount.path().string() + ": the run's files need 6109, ",
                    0) == 0);
  CHECK(test::list_tree(mount.path()).empty());
}

TEST_CASE("reliability: the disk filling up during the I/O tests fails the run with ENOSPC and leaves nothing") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  TmpfsMount mount("size=32m");
  // The per-char write (a write(2) per byte, the first test) is slow enough to be caught writing.
  std::optional<std::filesystem::path> data;
  const auto r = run_into_full_disk(mount, {"-s", "8M:4k", "-f1", "-n", "0"}, [&] {
    data = test::find_data_file(mount.path());
    return data.has_value();
  });
  REQUIRE(data.has_value());
  CHECK(r.exit_code == 1);
  CHECK(r.err == "bench++: cannot write " + data->string() + ": No space left on device\n");
  CHECK(test::list_tree(mount.path()) == std::vector<std::string>{"filler"});
}

TEST_CASE("reliability: the disk filling up during the file tests fails the run with ENOSPC and leaves nothing") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  TmpfsMount mount("size=96m");
  std::filesystem::path files_dir;
  // 4096 files of 16 KiB: caught once the first files exist.
  const auto r = run_into_full_disk(mount, {"-s", "0", "-n", "4:16k:16k"}, [&] {
    const auto dirs = test::new_private_dirs(mount.path());
    if (dirs.size() != 1) return false;
    files_dir = dirs.front() / "worker-0" / "files";
    std::error_code error;
    return std::filesystem::directory_iterator(files_dir, error) != std::filesystem::directory_iterator();
  });
  CHECK(r.exit_code == 1);
  CHECK(r.err.rfind("bench++: cannot write " + files_dir.string() + "/", 0) == 0);
  CHECK(r.err.find(": No space left on device\n") != std::string::npos);
  CHECK(test::list_tree(mount.path()) == std::vector<std::string>{"filler"});
}

}  // namespace
}  // namespace bench
