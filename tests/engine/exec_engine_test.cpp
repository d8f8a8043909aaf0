// exec (engine/exec_engine.h), as fio 3.33's: the first request starts the program, its output to its files;
// each later one waits 50 ms on it and, past the runtime, sends SIGTERM and waits grace_time; the engine's end
// kills and reaps it; every request completes with 0 bytes.
#include "engine/exec_engine.h"

#include <doctest/doctest.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/make_io_engine.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// One request through `engine`: how long it took, and its completion's bytes.
std::pair<Clock::duration, std::int64_t> one_request(IoEngine& engine, std::uint64_t tag) {
  const IoRequest request{IoOp::kRead, 0, 0, 0, 0, tag};
  const auto start = Clock::now();
  engine.submit({&request, 1});
  std::vector<IoCompletion> completions;
  REQUIRE(engine.reap(1, 1, completions) == 1);
  CHECK(completions.front().tag == tag);
  return {Clock::now() - start, completions.front().result};
}

struct ExecFixture {
  test::TempDir dir;
  std::vector<int> fds{-1};
  std::vector<std::byte> buffers = std::vector<std::byte>(4096);
  EngineSetup setup{1, fds, buffers, 4096};

  // A shell program that says it started on stdout and stderr, says "term" on SIGTERM and exits, else waits.
  explicit ExecFixture(std::chrono::nanoseconds runtime) {
    setup.exec.argv = {"sh", "-c",
                       "trap 'echo term; exit 0' TERM; echo started; echo on-stderr >&2; "
                       "while :; do sleep 0.01; done"};
    setup.exec.runtime = runtime;
    setup.exec.grace = 1s;
    setup.exec.stdout_path = (dir.path() / "job.stdout").string();
    setup.exec.stderr_path = (dir.path() / "job.stderr").string();
  }
};

TEST_CASE("exec engine: the first request starts the program, with its output in its files") {
  ExecFixture fixture(1h);
  {
    std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kExec, fixture.setup);
    CHECK(engine->kind() == EngineKind::kExec);
    CHECK(one_request(*engine, 1).second == 0);
    // Each later request waits fio's 50 ms on the program; before the runtime's end nothing is sent.
    const auto [waited, bytes] = one_request(*engine, 2);
    CHECK(waited >= 50ms);
    CHECK(bytes == 0);
    const auto deadline = Clock::now() + 10s;
    while (test::read_file(fixture.dir.path() / "job.stderr").empty() && Clock::now() < deadline) {
      std::this_thread::sleep_for(10ms);
    }
    CHECK(test::read_file(fixture.dir.path() / "job.stdout") == "started\n");
    CHECK(test::read_file(fixture.dir.path() / "job.stderr") == "on-stderr\n");
    // Its end kills the program (which would wait forever) and reaps it, at once.
    const auto killing = Clock::now();
    engine.reset();
    CHECK(Clock::now() - killing < 10s);
  }
  CHECK(!test::contains(test::read_file(fixture.dir.path() / "job.stdout"), "term"));  // SIGKILL, not SIGTERM
  CHECK(fs::exists(fixture.dir.path() / "job.stdout"));  // kept: remove_output not asked
}

TEST_CASE("exec engine: past the runtime each request sends SIGTERM and waits grace_time") {
  ExecFixture fixture(0ns);
  fixture.setup.exec.remove_output = true;
  {
    const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kExec, fixture.setup);
    one_request(*engine, 1);
    const auto [waited, bytes] = one_request(*engine, 2);
    CHECK(waited >= 1050ms);  // the poll's 50 ms, then the grace's second
    CHECK(test::read_file(fixture.dir.path() / "job.stdout") == "started\nterm\n");
  }
  // bench++'s file rules: what the engine made it removes at its end.
  CHECK(!fs::exists(fixture.dir.path() / "job.stdout"));
  CHECK(!fs::exists(fixture.dir.path() / "job.stderr"));
}

TEST_CASE("exec engine: without std_redirect no file is made") {
  ExecFixture fixture(1h);
  fixture.setup.exec.argv = {"true"};
  fixture.setup.exec.stdout_path.clear();
  fixture.setup.exec.stderr_path.clear();
  {
    const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kExec, fixture.setup);
    one_request(*engine, 1);
  }
  CHECK(fs::is_empty(fixture.dir.path()));
}

TEST_CASE("exec engine: an output file already there is kept under bench++'s rules, and the request fails") {
  ExecFixture fixture(1h);
  fixture.setup.exec.exclusive_output = true;
  fixture.setup.exec.remove_output = true;
  std::ofstream(fixture.dir.path() / "job.stderr") << "mine\n";
  {
    const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kExec, fixture.setup);
    const IoRequest request{IoOp::kRead, 0, 0, 0, 0, 1};
    CHECK_THROWS_AS(engine->submit({&request, 1}), std::system_error);
  }
  CHECK(test::read_file(fixture.dir.path() / "job.stderr") == "mine\n");
  CHECK(!fs::exists(fixture.dir.path() / "job.stdout"));  // the one it made is removed
}

TEST_CASE("exec engine: a program that cannot be run fails the request, naming it") {
  ExecFixture fixture(1h);
  fixture.setup.exec.argv = {"/nonexistent/turbostat", "-q"};
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kExec, fixture.setup);
  const IoRequest request{IoOp::kRead, 0, 0, 0, 0, 1};
  try {
    engine->submit({&request, 1});
    FAIL("no exception");
  } catch (const std::system_error& error) {
    CHECK(error.code().value() == ENOENT);
    CHECK(test::contains(error.what(), "exec: cannot run /nonexistent/turbostat"));
  }
}

}  // namespace
}  // namespace bench
