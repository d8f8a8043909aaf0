// fio's ETA line from the running program: fio's persona writes it on stdout when fio would (fio_writes_eta),
// before the results; `bench++ job` redraws it on a terminal's stderr and says "...done" elsewhere.
// tests/report/fio/fio_eta_line_test.cpp holds the line's rules, tests/fio_peer/eta_peer_test.cpp sets it beside
// fio's own.
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/fio_eta_progress.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// One randread job of 4 s: fio shows no ETA in a run's first 3 s, so a shorter one might show none.
std::vector<std::string> timed_job(const test::TempDir& dir) {
  return {"--directory=" + dir.path().string(), "--name=eta", "--rw=randread", "--size=8m", "--bs=4k",
          "--runtime=4", "--time_based"};
}

// The pieces of `text` between "\r" and "\n", without the terminal's erase-to-end ("\033[K").
std::vector<std::string> screen_pieces(std::string text) {
  for (std::size_t at = text.find("\033[K"); at != std::string::npos; at = text.find("\033[K", at)) text.erase(at, 3);
  return test::terminal_pieces(text);
}

const std::regex kFullLine(
    R"(Jobs: 1 \(f=1\): \[r\(1\)\]\[\d{1,3}\.\d%\](\[r=\d+(\.\d+)?[KMG]iB/s\]\[r=\d+(\.\d+)?k? IOPS\])?\[eta \d\dm:\d\ds\] *)");

std::size_t full_lines(const std::string& text) {
  std::size_t count = 0;
  for (const std::string& piece : screen_pieces(text)) count += std::regex_match(piece, kFullLine) ? 1 : 0;
  return count;
}

TEST_CASE("fio ETA: fio writes it where and when fio 3.33 does") {
  FioOutputRequest normal;
  normal.formats = {"normal"};
  CHECK(fio_writes_eta(normal, true));  // --eta=auto on a terminal
  CHECK_FALSE(fio_writes_eta(normal, false));
  normal.eta = FioOutputRequest::Eta::kAlways;
  CHECK(fio_writes_eta(normal, false));
  normal.eta = FioOutputRequest::Eta::kNever;
  CHECK_FALSE(fio_writes_eta(normal, true));
  FioOutputRequest json;
  json.formats = {"json"};
  json.eta = FioOutputRequest::Eta::kAlways;
  CHECK_FALSE(fio_writes_eta(json, true));  // it would break the document on stdout
  json.output_path = "out.json";
  CHECK(fio_writes_eta(json, false));  // the document goes to a file: the line to stdout
}

// --eta-newline=500ms rather than 1: with lines every second, a new line is then certain before the job ends.
TEST_CASE("fio ETA: the persona with --eta=always --eta-newline writes ETA lines on stdout, then the results") {
  test::TempDir dir;
  const auto r =
      test::run_bench(test::with({"fio"}, test::with(timed_job(dir), {"--eta=always", "--eta-newline=500ms"})));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(r.err.empty());
  INFO(r.out);
  // fio's header and "Laying out" line first, as the job starts, then the ETA lines (in the run's first 3 s, no
  // share done nor rates: on a slow machine the layout may take those).
  const std::size_t header_end = r.out.find("eta: Laying out IO file (1 file / ");
  REQUIRE(header_end != std::string::npos);
  CHECK(r.out.find("Jobs: 1 (f=1)") == r.out.find('\n', header_end) + 1);
  CHECK(full_lines(r.out) >= 1);
  CHECK(r.out.find("[eta ") < r.out.find("Run status group 0 (all jobs):"));
  CHECK(r.out.find("\r\nJobs: 1") != std::string::npos);  // --eta-newline ends a line now and then
}

TEST_CASE("fio ETA: the persona writes none on a pipe by default, nor into JSON on stdout") {
  test::TempDir dir;
  const auto piped = test::run_bench(test::with({"fio"}, test::with(timed_job(dir), {"--runtime=1"})));
  REQUIRE_MESSAGE(piped.exit_code == 0, piped.err);
  CHECK(piped.out.find("Jobs:") == std::string::npos);
  const auto json =
      test::run_bench(test::with({"fio"}, test::with(timed_job(dir), {"--runtime=1", "--eta=always", "--output-format=json"})));
  REQUIRE_MESSAGE(json.exit_code == 0, json.err);
  CHECK(nlohmann::json::parse(json.out).at("jobs").size() == 1);
}

TEST_CASE("fio ETA: with --output FILE the persona's ETA lines alone are on stdout") {
  test::TempDir dir;
  const std::string file = (dir.path() / "out.txt").string();
  const auto r = test::run_bench(
      test::with({"fio"}, test::with(timed_job(dir), {"--eta=always", "--output=" + file})));
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(full_lines(r.out) >= 1);
  CHECK(r.out.find("Run status group") == std::string::npos);
  CHECK(test::read_file(file).find("Run status group 0 (all jobs):") != std::string::npos);
}

TEST_CASE("fio ETA: each repeat (-x) of a run starts its jobs and its line afresh") {
  Plan plan;
  for (const std::string name : {"first", "second"}) {
    WorkloadSpec spec;
    spec.name = name;
    spec.size_bytes = 64u << 20;
    spec.time_based = true;
    spec.runtime = std::chrono::seconds(10);
    spec.stonewall = name == "second";
    plan.setup.workloads.push_back(spec);
  }
  plan.groups = group_tests(plan.setup, 1);
  REQUIRE(plan.groups.size() == 2);
  using std::chrono::seconds;
  const FioEtaProgress::Clock::time_point start{};
  FioEtaProgress eta(plan, std::chrono::milliseconds(1000), std::chrono::milliseconds(0), start);
  JobProgress running;
  running.bytes = {8u << 20, 0, 0};
  running.requests = {2048, 0, 0};
  eta.group_started(0);
  REQUIRE(eta.update(0, {running}, seconds(4), start + seconds(4)));
  eta.group_started(1);
  running.bytes = {512u << 20, 0, 0};
  running.requests = {131072, 0, 0};
  const std::optional<std::string> last = eta.update(1, {running}, seconds(9), start + seconds(15));
  REQUIRE(last);
  CHECK(test::contains(*last, "[_(1),R(1)]"));
  // The second run: the first group runs again, the second waits behind its stonewall, and the rates count from
  // this run's start (not the first run's bytes taken from these: a rate of petabytes).
  const FioEtaProgress::Clock::time_point again = start + seconds(30);
  eta.run_started(again);
  eta.group_started(0);
  running.bytes = {4u << 20, 0, 0};
  running.requests = {1024, 0, 0};
  const std::optional<std::string> line = eta.update(0, {running}, seconds(4), again + seconds(4));
  REQUIRE(line);
  INFO(*line);
  CHECK(test::contains(*line, "[R(1),P(1)]"));
  CHECK_FALSE(test::contains(*line, "PiB"));
}

TEST_CASE("fio ETA: bench++ job redraws fio's ETA line on a terminal, and says Running...done") {
  if (test::skip_unless(test::tool_installed("script"), test::Need::kTool,
                        "script is not installed (Debian util-linux)")) {
    return;
  }
  test::TempDir dir;
  std::string command = std::string(BENCH_BINARY) + " job";
  for (const std::string& word : timed_job(dir)) command += " '" + word + "'";
  // script gives bench++ a terminal on stdin, stdout and stderr, and copies what it writes to its own stdout.
  const auto r = test::run_program({"script", "-qec", command, "/dev/null"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  INFO(r.out);
  CHECK(full_lines(r.out) >= 1);
  CHECK(r.out.find("\rRunning eta...done") != std::string::npos);
  // Not a terminal: no ETA line, the one "...done" line.
  const auto plain = test::run_bench(test::with({"job"}, test::with(timed_job(dir), {"--runtime=1"})));
  REQUIRE_MESSAGE(plain.exit_code == 0, plain.err);
  CHECK(plain.err.find("Jobs:") == std::string::npos);
  CHECK(plain.err.find("Running eta...done\n") != std::string::npos);
}

}  // namespace
}  // namespace bench
