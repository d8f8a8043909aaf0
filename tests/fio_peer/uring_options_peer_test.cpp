// io_uring's own options under bench++ and under fio 3.33, as strace sees them: the same job asks the kernel for the
// same registrations (io_uring_register: IORING_REGISTER_FILES for registerfiles, IORING_REGISTER_BUFFERS for
// fixedbufs, neither by default) and the same ring (io_uring_setup with IORING_SETUP_SQPOLL for sqthread_poll).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "platform/io_uring_ring.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kJob = {"--name=u", "--rw=randread", "--bs=4k", "--size=1m", "--ioengine=io_uring",
                                       "--iodepth=4"};

// The io_uring_setup and io_uring_register lines strace saw of one tool's run.
std::string traced(const fs::path& dir, std::vector<std::string> tool, const std::vector<std::string>& options) {
  tool.insert(tool.end(), kJob.begin(), kJob.end());
  tool.insert(tool.end(), options.begin(), options.end());
  const fs::path trace = dir / "trace";
  std::vector<std::string> argv = {"strace", "-f", "-qq", "-e", "trace=io_uring_setup,io_uring_register",
                                   "-o", trace.string()};
  argv.insert(argv.end(), tool.begin(), tool.end());
  argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
  const test::CommandOutput run = test::run_program(argv);
  INFO(tool.front() << " stderr: " << run.err);
  REQUIRE(run.exit_code == 0);
  return test::read_file(trace);
}

struct Seen {
  bool files = false, buffers = false, sqpoll = false;
};
Seen seen_in(const std::string& trace) {
  return {test::contains(trace, "IORING_REGISTER_FILES"), test::contains(trace, "IORING_REGISTER_BUFFERS"),
          test::contains(trace, "IORING_SETUP_SQPOLL")};
}

}  // namespace

TEST_CASE("fio peer: registerfiles, fixedbufs and sqthread_poll make the same io_uring calls as fio's") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  if (test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed")) return;
  const std::optional<std::string> refused = io_uring_availability();
  if (test::skip_unless(!refused, test::Need::kMachine, "io_uring refused: " + refused.value_or(""))) return;
  test::TempDir dir;
  const std::vector<std::string> fio = {"fio", "--output=/dev/null", "--directory=" + dir.path().string()};
  const std::vector<std::string> bench = {std::string(BENCH_BINARY), "job", "-q", "-d", dir.path().string()};
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {}, {"--registerfiles"}, {"--fixedbufs"}, {"--registerfiles", "--fixedbufs"}, {"--sqthread_poll"}}) {
    std::string words;
    for (const std::string& option : options) words += option + " ";
    CAPTURE(words);
    const std::string fio_trace = traced(dir.path(), fio, options);
    const std::string bench_trace = traced(dir.path(), bench, options);
    INFO("fio's calls:\n" << fio_trace << "bench++'s calls:\n" << bench_trace);
    const Seen theirs = seen_in(fio_trace);
    const Seen ours = seen_in(bench_trace);
    CHECK(ours.files == theirs.files);
    CHECK(ours.buffers == theirs.buffers);
    CHECK(ours.sqpoll == theirs.sqpoll);
    CHECK(ours.files == (words.find("registerfiles") != std::string::npos || ours.sqpoll));  // fio's rule
    CHECK(ours.buffers == (words.find("fixedbufs") != std::string::npos));
    CHECK(ours.sqpoll == (words.find("sqthread_poll") != std::string::npos));
  }
}

TEST_CASE("fio peer: io_uring's options with another engine are refused, as fio refuses them, hipri needs direct=1") {
  for (const std::string option : {"--registerfiles", "--fixedbufs", "--sqthread_poll", "--sqthread_poll_cpu=0",
                                   "--nonvectored=0", "--hipri"}) {
    CAPTURE(option);
    const test::CommandOutput run =
        test::run_bench({"job", "--dry-run", "--name=x", "--size=1m", "--ioengine=libaio", option});
    CHECK(run.exit_code == 2);
    CHECK(test::contains(run.err, "ioengine=libaio"));
  }
  const test::CommandOutput buffered =
      test::run_bench({"job", "--dry-run", "--name=x", "--size=1m", "--ioengine=io_uring", "--hipri"});
  CHECK(buffered.exit_code == 2);
  CHECK(test::contains(buffered.err, "hipri (IORING_SETUP_IOPOLL) needs direct=1"));
  CHECK(test::run_bench({"job", "--dry-run", "--name=x", "--size=1m", "--ioengine=pvsync2", "--hipri"}).exit_code == 0);
}

}  // namespace bench
