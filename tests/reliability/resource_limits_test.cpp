// Resource limits the plan cannot foresee, met by the real binary under real limits (sh's ulimit, prlimit): a
// result file or a workload's growing file past the file size limit, threads that cannot start under the address
// space limit or the process limit. Each must end with exit 1 and its message naming the file or the job and the
// limit, nothing left in -d, and the earlier --json byte for byte (unless the run ended, a job failed, and wrote its
// results). What the plan refuses up front is in the hostile-input table (workload_hostile_test.cpp) and
// plan/resource_limits' unit tests.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kEarlierJson = "{\"previous\": \"results of an earlier run\"}\n";

// -d and an earlier --json beside it.
struct Place {
  test::TempDir root;
  fs::path dir = root.path() / "run";
  fs::path json = root.path() / "out.json";
  Place() {
    fs::create_directories(dir);
    std::ofstream(json) << kEarlierJson;
  }
  // Nothing left in -d, nothing beside the --json (its temporaries), the --json as it was.
  void check_untouched() const {
    CHECK(test::list_tree(dir).empty());
    CHECK(test::list_tree(root.path()) == std::vector<std::string>{"out.json", "run"});
    CHECK(test::read_file(json) == kEarlierJson);
  }
};

// bench++ with `args` after `limits` in sh (dash's ulimit -f counts 512-byte blocks, -v KiB).
test::CommandOutput run_limited(const std::string& limits, const std::vector<std::string>& args) {
  return test::run_program(test::with({"sh", "-c", limits + "; exec \"$0\" \"$@\"", BENCH_BINARY}, args));
}

// The last line of stderr: the failure (a failed run first shows the tests it completed).
std::string last_line(const std::string& err) {
  const std::vector<std::string> lines = test::lines_of(err);
  return lines.empty() ? "" : lines.back();
}

}  // namespace

TEST_CASE("reliability: a result file past the file size limit ends the run naming it, exit 1, the earlier file kept") {
  const Place place;
  // The job's 4 KiB file fits the 4 KiB limit; its JSON report does not.
  const test::CommandOutput result = run_limited(
      "ulimit -f 8", {"job", "-d", place.dir.string(), "-q", "--name=x", "--rw=write", "--size=4k", "--json",
                      place.json.string()});
  INFO(result.err);
  CHECK(result.exit_code == 1);
  CHECK(last_line(result.err) == "bench++: file size limit reached writing " + place.json.string() +
                                     " (the file size limit (ulimit -f) of 4.0 KiB): File too large");
  place.check_untouched();
}

TEST_CASE("reliability: a workload file growing past the file size limit fails its job naming the limit, exit 1") {
  const test::TempDir root;
  const fs::path dir = root.path() / "run";
  fs::create_directories(dir);
  // Written from empty (fallocate=none), the plan cannot refuse it: its 64 KiB writes fail at the 64 KiB limit.
  const test::CommandOutput result = run_limited(
      "ulimit -f 128", {"job", "-d", dir.string(), "-q", "--name=x", "--rw=write", "--bs=64k", "--size=1m",
                        "--fallocate=none"});
  INFO(result.err);
  CHECK(result.exit_code == 1);
  const std::string line = last_line(result.err);
  CHECK(line.starts_with("bench++: workload 'x': file size limit reached writing " + dir.string() + "/"));
  CHECK(line.ends_with("/x.0.0 at offset 65536 (the file size limit (ulimit -f) of 64.0 KiB): File too large"));
  CHECK(test::list_tree(dir).empty());
  // 3 KiB writes: the one across the limit is cut short there, and named as the limit too (not as an I/O error).
  const test::CommandOutput short_write = run_limited(
      "ulimit -f 128", {"job", "-d", dir.string(), "-q", "--name=x", "--rw=write", "--bs=3k", "--size=1m",
                        "--fallocate=none"});
  INFO(short_write.err);
  CHECK(short_write.exit_code == 1);
  CHECK(last_line(short_write.err).ends_with(
      "/x.0.0 at offset 64512 (the file size limit (ulimit -f) of 64.0 KiB): File too large"));
  CHECK(test::list_tree(dir).empty());
}

TEST_CASE("reliability: threads that cannot start under the address space limit are named with the job, exit 1") {
#if defined(BENCH_TESTS_UNDER_ASAN) || defined(BENCH_TESTS_UNDER_TSAN)
  test::skip_unless(false, test::Need::kMachine, "ulimit -v: a sanitizer's shadow memory takes more address space");
  return;
#endif
  const Place place;
  // 64 jobs' threads, 8 MiB of stack each, cannot all start in 100 MB; their buffers (64 x 4 KiB) pass the plan.
  const test::CommandOutput result = run_limited(
      "ulimit -s 8192; ulimit -v 100000", {"job", "-d", place.dir.string(), "-q", "--name=x", "--rw=write",
                                           "--size=64k", "--numjobs=64", "--json", place.json.string()});
  INFO(result.err);
  CHECK(result.exit_code == 1);
  const std::string line = last_line(result.err);
  CHECK(line.starts_with("bench++: cannot start a thread for workload 'x' job "));
  CHECK(test::contains(line, " of 64 (under the address space limit (ulimit -v) of 97.6 MiB): Resource temporarily "
                             "unavailable"));
  place.check_untouched();
}

TEST_CASE("reliability: the process limit: refused up front when the plan needs more, named when a thread cannot start") {
  if (test::skip_unless(test::tool_installed("prlimit"), test::Need::kTool, "prlimit is not installed (util-linux)")) {
    return;
  }
  // Root is not held to RLIMIT_NPROC: the runs are made as nobody then (setpriv), in directories it may write.
  std::vector<std::string> prefix;
  if (test::running_as_root()) {
    if (test::skip_unless(test::tool_installed("setpriv"), test::Need::kTool, "setpriv is not installed (util-linux)")) {
      return;
    }
    prefix = {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
  }
  const Place place;
  for (const fs::path& path : {place.root.path(), place.dir, place.json}) {
    fs::permissions(path, fs::perms::all, fs::perm_options::add);
  }
  const auto run = [&](int tasks, const std::vector<std::string>& args) {
    std::vector<std::string> argv = test::with(prefix, {"prlimit", "--nproc=" + std::to_string(tasks), BENCH_BINARY,
                                                        "job", "-d", place.dir.string(), "-q", "--json",
                                                        place.json.string(), "--name=x", "--rw=randread",
                                                        "--size=64k"});
    return test::run_program(test::with(argv, args));
  };
  SUBCASE("more than the limit in one group: exit 2, --dry-run too") {
    for (const std::string dry_run : {"--size=64k", "--dry-run"}) {
      const test::CommandOutput result = run(5, {"--numjobs=8", dry_run});
      INFO(result.err);
      CHECK(result.exit_code == 2);
      // This thread, 8 jobs' threads and their 8 processes, the progress thread.
      CHECK(result.err == "bench++: workload 'x' needs 18 processes and threads at once (numjobs, and a process of its "
                          "own for each job without thread=, iodepth threads for psync_threads and "
                          "io_submit_mode=offload, the progress thread), more than the process limit (ulimit -u) of 5 "
                          "processes and threads\n");
    }
    const test::CommandOutput offload = run(8, {"--io_submit_mode=offload", "--iodepth=8"});
    CHECK(offload.exit_code == 2);
    CHECK(test::contains(offload.err, "workload 'x' needs 11 processes and threads at once"));
    const test::CommandOutput posixaio = run(4, {"--ioengine=posixaio", "--numjobs=2"});
    CHECK(posixaio.exit_code == 2);
    CHECK(test::contains(posixaio.err, "workload 'x' needs 6 processes and threads at once"));
  }
  SUBCASE("the plan's count fits, glibc's POSIX AIO helper threads (not counted) cannot start: the job is named") {
    // The runner, its progress thread and the job's process: 3, the limit; the job's requests then get no helper.
    const test::CommandOutput result = run(3, {"--ioengine=posixaio", "--iodepth=8"});
    INFO(result.err);
    CHECK(result.exit_code == 1);
    CHECK(last_line(result.err) == "bench++: workload 'x': cannot start POSIX AIO requests (under the process limit "
                                   "(ulimit -u) of 3 processes and threads): Resource temporarily unavailable");
    // A job's failure is its result, as fio's: the run ends and writes it (the --json too), then leaves nothing.
    CHECK(test::list_tree(place.dir).empty());
    CHECK(test::list_tree(place.root.path()) == std::vector<std::string>{"out.json", "run"});
    return;
  }
  place.check_untouched();
}

}  // namespace bench
