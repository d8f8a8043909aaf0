// A suite's progress on a terminal: its place in the whole run (every group of every repeat a step) leads the live
// line, as "cdm: step N of M  P%  m:ss left" (report/text/progress_line.h holds the line's rules); nothing of it on
// a pipe or with -q.
#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

struct StepShown {
  int step = 0;
  int percent = 0;
};

// Each suite progress line drawn in `text` (split at "\r" and "\n"), in order.
std::vector<StepShown> steps_shown(const std::string& text) {
  static const std::regex kLine(R"(cdm: step (\d+) of 16 +(\d{1,3})%  \d+:\d\d left)");
  std::vector<StepShown> shown;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kLine); it != std::sregex_iterator(); ++it) {
    shown.push_back({std::stoi((*it)[1].str()), std::stoi((*it)[2].str())});
  }
  return shown;
}

TEST_CASE("suite: on a terminal the live line leads with the suite's step N of M, percent and time left") {
  if (test::skip_unless(test::tool_installed("script"), test::Need::kTool,
                        "script is not installed (Debian util-linux)")) {
    return;
  }
  test::TempDir dir;
  // cdm's 8 tests, 2 runs: 16 steps of 0.25 s ramp and 0.25 s runtime each.
  const std::string args = " suite cdm -d '" + dir.path().string() + "' --scale 0.05 -x 2";
  // script gives bench++ a terminal on stdin, stdout and stderr, and copies what it writes to its own stdout.
  const auto r = test::run_program({"script", "-qec", std::string(BENCH_BINARY) + args, "/dev/null"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  INFO(r.out);
  const std::vector<StepShown> shown = steps_shown(r.out);
  REQUIRE_FALSE(shown.empty());
  // Steps and the share done only go forward, into the second run's steps.
  for (std::size_t i = 1; i < shown.size(); ++i) {
    CHECK(shown[i].step >= shown[i - 1].step);
    CHECK(shown[i].percent >= shown[i - 1].percent);
  }
  CHECK(shown.back().step > 8);
  CHECK(shown.back().percent <= 100);
  // With -q on a terminal, and on a pipe: none.
  const std::string short_args = " suite cdm -d '" + dir.path().string() + "' --scale 0.02 -x 1";
  const auto quiet = test::run_program({"script", "-qec", std::string(BENCH_BINARY) + short_args + " -q", "/dev/null"});
  REQUIRE_MESSAGE(quiet.exit_code == 0, quiet.err);
  CHECK(steps_shown(quiet.out).empty());
  const auto piped = test::run_bench({"suite", "cdm", "-d", dir.path().string(), "--scale", "0.02", "-x", "1"});
  REQUIRE_MESSAGE(piped.exit_code == 0, piped.err);
  CHECK_FALSE(test::contains(piped.err, "step "));
  CHECK(test::contains(piped.err, "Running seq1m-q8t1-read...done\n"));
}

}  // namespace
}  // namespace bench
