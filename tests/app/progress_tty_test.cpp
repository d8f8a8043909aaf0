// The live progress line, seen in a real terminal: bench++ runs inside tmux and the test reads the
// screen with capture-pane while it runs.
#include <doctest/doctest.h>

#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include <unistd.h>

#include "test_support.h"

namespace bench {
namespace {

std::string capture(const std::string& session) {
  return test::run_program({"tmux", "capture-pane", "-p", "-t", session}).out;
}

std::vector<std::string> lines_containing(const std::string& screen, const std::string& text) {
  std::vector<std::string> found;
  std::istringstream in(screen);
  for (std::string line; std::getline(in, line);) {
    if (line.find(text) != std::string::npos) found.push_back(line);
  }
  return found;
}

TEST_CASE("progress: on a terminal one line per test is redrawn in place") {
  if (test::skip_unless(test::tool_installed("tmux"), test::Need::kTool, "tmux is not installed (Debian tmux)")) return;
  test::TempDir dir;
  const std::string session = "benchpp" + std::to_string(::getpid());
  const std::string command = std::string(BENCH_BINARY) + " -d " + dir.path().string() +
                              " -s 4M:4k -f1 -n 0 --no-sync-test -r 0 > /dev/null; echo FINISHED; sleep 30";
  REQUIRE(test::run_program({"tmux", "new-session", "-d", "-s", session, "-x", "150", "-y", "40", command})
              .exit_code == 0);
  std::set<std::string> progress_lines_seen;
  std::string screen;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (std::chrono::steady_clock::now() < deadline) {
    screen = capture(session);
    for (const auto& line : lines_containing(screen, "Writing a byte at a time")) {
      if (line.find('%') != std::string::npos) progress_lines_seen.insert(line);
      // The test's line never repeats: it is redrawn, not appended.
      CHECK(lines_containing(screen, "Writing a byte at a time").size() == 1);
    }
    if (screen.find("FINISHED") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  test::run_program({"tmux", "kill-session", "-t", session});
  // Several different states of the same line were on screen (percent, rate, time left changing).
  CHECK(progress_lines_seen.size() >= 2);
  CHECK(screen.find("FINISHED") != std::string::npos);
  CHECK(lines_containing(screen, "Writing a byte at a time...done").size() == 1);
  CHECK(lines_containing(screen, "Reading intelligently...done").size() == 1);
  CHECK(lines_containing(screen, "%").empty());  // every live line ended as "...done"
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
