// I/O errors and short transfers injected with libfiu (Debian fiu-utils: fiu-run preloads wrappers of the
// POSIX calls, which fail on demand with the errno given as failinfo), and, for the per-char test's one-byte
// writes, which bench++ makes through syscall(2) where no preloaded wrapper sees them, with strace's system-call
// fault injection (-e inject=write:error=EIO:when=N: the Nth write(2) fails). Failures in write, read, fsync,
// fdatasync and open, at several points of a run (the first call of the per-char write, the block write,
// the rewrite, the file tests, the cache drop, the fsync test, or a random call): one line "bench++:
// cannot <verb> <path>: <errno text>", exit 1, nothing left in -d. Short reads and writes are not errors:
// the run completes. Skipped when fiu-run is missing, and under AddressSanitizer (whose runtime must come
// first in the preload list).
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string_view>

#include "reliability/scratch_mount.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

#if defined(BENCH_TESTS_UNDER_ASAN)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif

bool fiu_usable() {
  return !test::skip_unless(!kUnderAsan, test::Need::kMachine, "libfiu's preload does not mix with AddressSanitizer") &&
         !test::skip_unless(test::tool_installed("fiu-run"), test::Need::kTool, "fiu-run is not installed (Debian fiu-utils)");
}

// A failure point for strace rather than libfiu: "strace:" and strace's -e inject= value.
constexpr std::string_view kStrace = "strace:";

// bench++ -d dir ARGS under fiu-run with these failure points enabled from the start, or under strace injecting
// the one given (an enable that starts with kStrace).
test::CommandOutput run_with_faults(const std::filesystem::path& dir, const std::vector<std::string>& enables,
                                    const std::vector<std::string>& args) {
  std::vector<std::string> argv;
  if (enables.size() == 1 && enables.front().starts_with(kStrace)) {
    argv = {"strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=write",
            "-e", "inject=" + enables.front().substr(kStrace.size())};
  } else {
    argv = {"fiu-run", "-x", "-f", ""};  // -f "": no remote-control fifos
    for (const auto& enable : enables) argv.insert(argv.end(), {"-c", enable});
  }
  argv.insert(argv.end(), {BENCH_BINARY, "-d", dir.string(), "-r", "0", "-q"});
  argv.insert(argv.end(), args.begin(), args.end());
  return test::run_program(argv);
}

const std::vector<std::string> kIoTests = {"-s", "1M:4k", "-f64k", "-n", "0", "--sync-size", "23000"};
const std::vector<std::string> kIoNoPerChar = {"-s", "1M:4k", "-f", "-n", "0", "--no-sync-test"};
const std::vector<std::string> kFileTests = {"-s", "0", "-n", "1:4k:1k:2", "--no-sync-test"};

struct Fault {
  std::string point;       // the place in the run
  std::string enable;      // fiu-run -c command
  std::vector<std::string> args;
  std::string verb;        // "cannot <verb> <path>: <errno text>"
  std::string path;        // below the private directory: "worker-0/data", or "worker-0/files/" as a prefix
  std::string error_text;  // strerror of the injected errno
};

// The write(2) of a random one of the per-char test's 65536 one-byte writes (the run's first writes), for strace.
std::string random_per_char_write() {
  std::random_device seed;
  return std::string(kStrace) + "write:error=EIO:when=" + std::to_string(1 + seed() % 65536);
}

const std::vector<Fault>& faults() {
  static const std::vector<Fault> all = {
      {"the per-char write", "strace:write:error=EIO:when=1", kIoTests, "write", "worker-0/data",
       "Input/output error"},
      {"the block write", "enable name=posix/io/rw/write,failinfo=5", kIoNoPerChar, "write", "worker-0/data",
       "Input/output error"},
      {"the file tests' data", "enable name=posix/io/rw/write,failinfo=28", kFileTests, "write",
       "worker-0/files/", "No space left on device"},
      {"the rewrite's read", "enable name=posix/io/rw/read,failinfo=5", kIoTests, "read", "worker-0/data",
       "Input/output error"},
      {"the stat tests' read", "enable name=posix/io/rw/read,failinfo=5", kFileTests, "read", "worker-0/files/",
       "Input/output error"},
      {"the end of the per-char write", "enable name=posix/io/sync/fsync,failinfo=5", kIoTests, "fsync",
       "worker-0/data", "Input/output error"},
      {"a file's -b fsync", "enable name=posix/io/sync/fsync,failinfo=5",
       {"-s", "0", "-n", "1:0:0", "-b", "--no-sync-test"}, "fsync", "worker-0/files/", "Input/output error"},
      {"the cache drop", "enable name=posix/io/sync/fdatasync,failinfo=5", kIoTests, "fdatasync", "worker-0/data",
       "Input/output error"},
      {"the fsync latency test", "enable name=posix/io/sync/fdatasync,failinfo=5",
       {"-s", "1M:4k", "-f", "-n", "0", "--cache", "keep", "--sync-size", "23000"}, "fdatasync", "worker-0/fsync",
       "Input/output error"},
      {"the open of the test file", "enable name=posix/io/oc/open,failinfo=13", kIoTests, "open", "worker-0/data",
       "Permission denied"},
      {"one worker of two", "enable name=posix/io/rw/read,failinfo=5",
       {"-s", "1M:4k", "-f", "-n", "0", "-c", "2", "--no-sync-test"}, "read", "data", "Input/output error"},
      {"a random one of 65536 one-byte writes", random_per_char_write(), kIoTests, "write", "worker-0/data",
       "Input/output error"},
  };
  return all;
}

TEST_CASE("reliability: injected I/O errors end the run with one clear line, exit 1, and nothing left") {
  if (!fiu_usable()) return;
  for (const Fault& fault : faults()) {
    CAPTURE(fault.point);
    if (fault.enable.starts_with(kStrace) &&
        test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed")) {
      continue;
    }
    test::RunDirectory dir("size=64m");
    const auto r = run_with_faults(dir.path(), {fault.enable}, fault.args);
    CHECK(r.exit_code == 1);
    const std::string prefix = "bench++: cannot " + fault.verb + " " + dir.path().string() + "/bench++.";
    // With -q the table of the tests completed before the failure goes to stderr, then the error line.
    const std::string last_line = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
    CHECK_MESSAGE(last_line.rfind(prefix, 0) == 0, r.err);
    CHECK(last_line.find("/" + fault.path) != std::string::npos);
    CHECK(last_line.ends_with(": " + fault.error_text + "\n"));
    CHECK(r.out.empty());
    CHECK(test::list_tree(dir.path()).empty());
  }
}

TEST_CASE("reliability: short reads and writes are completed, not errors") {
  if (!fiu_usable()) return;
  test::RunDirectory dir("size=64m");
  const std::vector<std::string> args = {"-s", "1M:4k", "-f64k", "-n", "1:8k:1k", "--sync-size", "23000", "--verify"};
  const auto r = run_with_faults(dir.path(),
                                 {"enable_random name=posix/io/rw/write/reduce,probability=0.5",
                                  "enable_random name=posix/io/rw/read/reduce,probability=0.5"},
                                 args);
  CHECK_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.out.rfind("1.98,", 0) == 0);  // the CSV line
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
