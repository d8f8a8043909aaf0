// --window-command (run/window_command.h) as a user runs it: the command hears each window's start and end in
// order, for workloads and bonnie++'s tests and every repeat; its failure fails the run; its time is not measured.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A job file of two groups: "a" alone, then "b" after a stonewall.
fs::path two_groups(const fs::path& dir) {
  const fs::path file = dir / "two.fio";
  std::ofstream(file) << "[a]\nrw=read\nsize=256k\n[b]\nstonewall\nrw=randread\nsize=256k\n";
  return file;
}

// A window command that appends BENCH_WINDOW_JSON to `log`.
std::string appending_to(const fs::path& log) { return "printf '%s\\n' \"$BENCH_WINDOW_JSON\" >> '" + log.string() + "'"; }

}  // namespace

TEST_CASE("window command: a job file's groups, each a window, start and end in order in every repeat") {
  const test::TempDir dir;
  const fs::path log = dir.path() / "windows.log";
  const test::CommandOutput r = test::run_bench({"job", "-d", dir.path().string(), "-q", "-x", "2", "--window-command",
                                                 appending_to(log), two_groups(dir.path()).string()});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  std::vector<std::string> expected;
  for (const std::string run : {"0", "1"}) {
    for (const auto& [group, test] : {std::pair{"0", "a"}, std::pair{"1", "b"}}) {
      for (const std::string edge : {"start", "end"}) {
        expected.push_back(R"({"edge":")" + edge + R"(","run":)" + run + R"(,"group":)" + group + R"(,"tests":[")" +
                           test + R"("]})");
      }
    }
  }
  CHECK(test::lines_of(test::read_file(log)) == expected);
}

TEST_CASE("window command: a bonnie-style run has a window per test, named by the JSON report's test keys") {
  const test::TempDir dir;
  const fs::path log = dir.path() / "windows.log";
  const fs::path work = dir.path() / "work";
  fs::create_directory(work);
  const test::CommandOutput r =
      test::run_bench({"-d", work.string(), "-s", "1M", "-r", "0", "-n", "0", "-f", "--no-sync-test", "-q", "-m", "box",
                       "--json", (dir.path() / "r.json").string(), "--window-command", appending_to(log)});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  const std::vector<std::string> lines = test::lines_of(test::read_file(log));
  const nlohmann::json report = nlohmann::json::parse(test::read_file(dir.path() / "r.json"));
  const nlohmann::json& tests = report.at("runs").at(0).at("tests");
  REQUIRE(lines.size() == 2 * tests.size());
  for (std::size_t g = 0; g < tests.size(); ++g) {
    CAPTURE(g);
    for (const std::size_t i : {2 * g, 2 * g + 1}) {
      const nlohmann::json edge = nlohmann::json::parse(lines[i]);
      CHECK(edge.at("edge") == (i % 2 == 0 ? "start" : "end"));
      CHECK(edge.at("run") == 0);
      CHECK(edge.at("group") == g);
      CHECK(edge.at("tests") == nlohmann::json::array({tests[g].at("test")}));
    }
  }
  CHECK(tests.size() == 4);  // block_write, rewrite, block_read, random_seeks
  CHECK(test::list_tree(work).empty());
}

TEST_CASE("window command: one that fails ends the run with one line and exit 1, without that group's results") {
  const test::TempDir dir;
  const fs::path work = dir.path() / "work";
  fs::create_directory(work);
  const fs::path json = dir.path() / "r.json";
  struct Case {
    std::string command;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"exit 3", "bench++: window command failed at the start of group 0: exit status 3\n"},
      {"kill -9 $$", "bench++: window command failed at the start of group 0: killed by signal 9\n"},
      {R"(case "$BENCH_WINDOW_JSON" in *'"end","run":0,"group":1'*) exit 7;; esac)",
       "bench++: window command failed at the end of group 1: exit status 7\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.command);
    fs::remove(json);
    const test::CommandOutput r = test::run_bench({"job", "-d", work.string(), "-q", "--json", json.string(),
                                                   "--window-command", c.command, two_groups(dir.path()).string()});
    CHECK(r.exit_code == 1);
    // The error last, after the tests that completed before it (on stderr with -q), and never group 1's "b".
    CHECK(test::contains(r.err, c.error));
    CHECK(r.err.ends_with(c.error));
    CHECK_FALSE(test::contains(r.err, "\nb "));
    CHECK(test::list_tree(work).empty());
    if (fs::exists(json)) {  // what was measured before the failure, and no more
      const nlohmann::json report = nlohmann::json::parse(test::read_file(json));
      for (const nlohmann::json& run : report.at("runs")) {
        for (const nlohmann::json& result : run.at("tests")) CHECK(result.at("test") == "a.read");
      }
    }
  }
}

TEST_CASE("window command: the time it takes is outside the measured elapsed time") {
  const test::TempDir dir;
  const fs::path work = dir.path() / "work";
  fs::create_directory(work);
  const fs::path json = dir.path() / "r.json";
  const test::CommandOutput r = test::run_bench({"job", "-d", work.string(), "-q", "--json", json.string(),
                                                 "--window-command", "sleep 1", two_groups(dir.path()).string()});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  const nlohmann::json report = nlohmann::json::parse(test::read_file(json));
  const nlohmann::json& tests = report.at("runs").at(0).at("tests");
  REQUIRE(tests.size() == 2);
  for (const nlohmann::json& result : tests) {
    CAPTURE(result.at("test"));
    // 256 KiB read in well under the second each edge sleeps: an edge inside the window would add a whole second.
    CHECK(result.at("elapsed_sec").get<double>() < 0.9);
  }
}

TEST_CASE("window command: --dry-run says it would run at each window, in the text and the JSON plan") {
  const test::TempDir dir;
  const std::vector<std::string> args = {"job", "-d", dir.path().string(), "--dry-run", "--window-command", "echo hi",
                                         two_groups(dir.path()).string()};
  const test::CommandOutput text = test::run_bench(args);
  REQUIRE_MESSAGE(text.exit_code == 0, text.err);
  CHECK(test::contains(text.out, "Window command, at each group's start and end (BENCH_WINDOW_JSON): echo hi\n"));
  CHECK_FALSE(test::contains(text.out, "hi\nhi"));  // not run
  const test::CommandOutput json = test::run_bench(test::with(args, {"--json", "-"}));
  REQUIRE_MESSAGE(json.exit_code == 0, json.err);
  CHECK(nlohmann::json::parse(json.out).at("window_command") == "echo hi");
  const test::CommandOutput none = test::run_bench({"job", "-d", dir.path().string(), "--dry-run", "--json", "-",
                                                    two_groups(dir.path()).string()});
  CHECK(nlohmann::json::parse(none.out).at("window_command").is_null());
}

}  // namespace bench
