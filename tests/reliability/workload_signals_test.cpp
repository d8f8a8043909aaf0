// Signals and the files a workload keeps. A stop signal while bench++ waits for a FIFO job
// file's writer is an interruption (exit 130), not a bad file; a workload with unlink=0 stopped by Ctrl-C keeps its
// file and says so, as a run that ends does.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>

#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

TEST_CASE("reliability: SIGINT while a FIFO job file is read exits 130 and creates nothing") {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    CAPTURE(signal_number);
    const test::TempDir dir;
    const test::TempDir files;
    const fs::path fifo = files.path() / "job.fio";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    test::BackgroundProcess bench(test::bench_command({"job", "-d", dir.path().string(), fifo.string()}));
    std::this_thread::sleep_for(300ms);  // blocked in open(2), waiting for a writer
    bench.send_signal(signal_number);
    const test::CommandOutput result = bench.finish(10s);
    CHECK(result.exit_code == 130);
    CHECK(test::lines_of(result.err) ==
          std::vector<std::string>{"bench++: interrupted by signal " + std::to_string(signal_number)});
    CHECK(test::list_tree(dir.path()).empty());
  }
}

TEST_CASE("reliability: Ctrl-C during a time-based workload with unlink=0 keeps its file and says so") {
  const test::TempDir dir;
  test::BackgroundProcess bench(test::bench_command({"job", "-d", dir.path().string(), "--name=kept", "--rw=read",
                                                     "--size=1m", "--time_based", "--runtime=60", "--unlink=0"}));
  // The file laid out whole, and the measured loop under way.
  const auto laid_out = [&] {
    for (const std::string& path : test::list_tree(dir.path())) {
      std::error_code error;
      if (path.ends_with("kept.0.0") && fs::file_size(dir.path() / path, error) == (1u << 20)) return true;
    }
    return false;
  };
  REQUIRE(bench.wait_until(laid_out, 30s));
  std::this_thread::sleep_for(500ms);
  bench.send_signal(SIGINT);
  const test::CommandOutput result = bench.finish(20s);
  CHECK(result.exit_code == 130);
  const std::vector<std::string> tree = test::list_tree(dir.path());
  REQUIRE(tree.size() == 2);  // the private directory and the kept file in it
  CHECK(tree[1].ends_with("/kept.0.0"));
  CHECK(test::contains(result.err, "Kept (unlink=0): " + (dir.path() / tree[1]).string() + "\n"));
  CHECK(test::contains(result.err, "interrupted by signal 2"));
}

}  // namespace
}  // namespace bench
