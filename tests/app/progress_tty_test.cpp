// The live progress line, seen in a real terminal: bench++ runs inside tmux, which hands the test both the raw
// stream written to the terminal (pipe-pane) and the screen it makes of it (capture-pane).
//
// How many redraws a test gets depends on how long it runs, which a fast machine makes too short for even one.
// So the test holds bench++'s main thread (the one worker, with -c 1) still for a while under ptrace, which
// stops that thread alone: the progress ticker, a thread of its own, keeps drawing the line of the test that
// was running. At least two redraws of one line are then certain, however fast the machine.
#include <doctest/doctest.h>

#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <thread>
#include <utility>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

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

std::string text_of(const fs::path& path) { return fs::exists(path) ? test::read_file(path) : ""; }

// One thread of another process held in a ptrace stop (its other threads run on) until destroyed.
class HeldThread {
 public:
  // nullopt and errno set when the thread cannot be held (gone, or ptrace refused).
  static std::optional<HeldThread> hold(pid_t tid) {
    if (::ptrace(PTRACE_SEIZE, tid, nullptr, nullptr) != 0) return std::nullopt;
    HeldThread held(tid);
    int status = 0;
    if (::ptrace(PTRACE_INTERRUPT, tid, nullptr, nullptr) != 0 || ::waitpid(tid, &status, __WALL) != tid) {
      return std::nullopt;
    }
    return held;
  }
  HeldThread(HeldThread&& other) noexcept : tid_(std::exchange(other.tid_, -1)) {}
  HeldThread& operator=(HeldThread&&) = delete;
  ~HeldThread() {
    if (tid_ > 0) ::ptrace(PTRACE_DETACH, tid_, nullptr, nullptr);
  }

 private:
  explicit HeldThread(pid_t tid) : tid_(tid) {}
  pid_t tid_;
};

std::size_t thread_count(pid_t pid) {
  std::error_code error;
  std::size_t count = 0;
  for (fs::directory_iterator it("/proc/" + std::to_string(pid) + "/task", error), end; !error && it != end;
       it.increment(error)) {
    ++count;
  }
  return count;
}

// Holds bench++'s main thread once while a test runs: when the thread held has company, the ticker is alive
// (with -c 1 it is the only other thread, or with the seek test's seekers), and it draws on while the worker
// stands still. Returns "" or why it could not.
std::string hold_main_thread_during_a_test(pid_t pid, const fs::path& raw) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < deadline && !test::contains(text_of(raw), "FINISHED")) {
    errno = 0;
    std::optional<HeldThread> held = HeldThread::hold(pid);
    if (!held) {
      if (errno == EPERM) return std::string("ptrace refused: ") + std::strerror(errno);
      if (::kill(pid, 0) != 0) return "bench++ ended before a test could be held";
      continue;
    }
    if (thread_count(pid) >= 2) {
      std::this_thread::sleep_for(1500ms);  // some six intervals of the ticker (250 ms)
      return "";
    }
    held.reset();
    std::this_thread::sleep_for(1ms);
  }
  return "no test was running with its ticker in 60 s";
}

// How many times the raw stream redraws each test's live line: "\r<test's text>  N%..." (the line the ticker
// draws, then erased to its end).
std::map<std::string, int> redraws_per_test(const std::string& raw) {
  static const std::regex kRedraw("\r([A-Za-z][A-Za-z ]*[a-z]) +[0-9]{1,3}%[^\r\n]*\x1b\\[K");
  std::map<std::string, int> counts;
  for (auto it = std::sregex_iterator(raw.begin(), raw.end(), kRedraw); it != std::sregex_iterator(); ++it) {
    ++counts[(*it)[1].str()];
  }
  return counts;
}

TEST_CASE("progress: on a terminal one line per test is redrawn in place") {
  if (test::skip_unless(test::tool_installed("tmux"), test::Need::kTool, "tmux is not installed (Debian tmux)")) return;
  test::TempDir dir;
  test::TempDir files;
  const fs::path go = files.path() / "go", pid_file = files.path() / "pid", raw = files.path() / "raw";
  const std::string session = "benchpp" + std::to_string(::getpid());
  // bench++ waits for `go`, so that pipe-pane sees everything it writes; stderr is the pane's terminal.
  const std::string command = "while [ ! -e " + go.string() + " ]; do sleep 0.05; done; " + BENCH_BINARY + " -d " +
                              dir.path().string() + " -s 4M:4k -f1 -n 0 --no-sync-test -r 0 > /dev/null & echo $! > " +
                              pid_file.string() + "; wait; echo FINISHED; sleep 30";
  REQUIRE(test::run_program({"tmux", "new-session", "-d", "-s", session, "-x", "150", "-y", "40", command})
              .exit_code == 0);
  REQUIRE(test::run_program({"tmux", "pipe-pane", "-t", session, "-o", "cat >> " + raw.string()}).exit_code == 0);
  std::ofstream{go};
  std::string held = "bench++ did not start in 60 s";
  for (const auto deadline = std::chrono::steady_clock::now() + 60s; std::chrono::steady_clock::now() < deadline;) {
    if (const std::string pid = text_of(pid_file); pid.ends_with('\n')) {
      held = hold_main_thread_during_a_test(std::stoi(pid), raw);
      break;
    }
    std::this_thread::sleep_for(1ms);
  }
  std::string screen;
  for (const auto deadline = std::chrono::steady_clock::now() + 120s; std::chrono::steady_clock::now() < deadline;) {
    screen = capture(session);
    if (test::contains(screen, "FINISHED")) break;
    std::this_thread::sleep_for(100ms);
  }
  test::run_program({"tmux", "kill-session", "-t", session});
  if (held.starts_with("ptrace refused") && test::skip_unless(false, test::Need::kMachine, held)) return;
  CHECK(held == "");
  // The test held still was redrawn in place again and again (the ticker's interval is 250 ms).
  const std::map<std::string, int> redraws = redraws_per_test(text_of(raw));
  int most = 0;
  for (const auto& [test_text, count] : redraws) most = std::max(most, count);
  CAPTURE(redraws.size());
  CHECK(most >= 2);
  // On screen each test's line is there once, as "...done": redrawn, never appended to.
  CHECK(test::contains(screen, "FINISHED"));
  CHECK(lines_containing(screen, "Writing a byte at a time").size() == 1);
  CHECK(lines_containing(screen, "Writing a byte at a time...done").size() == 1);
  CHECK(lines_containing(screen, "Reading intelligently...done").size() == 1);
  CHECK(lines_containing(screen, "%").empty());  // every live line ended as "...done"
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
