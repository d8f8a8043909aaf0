#pragma once
// Shared helpers for the test binary: a temporary directory, running the real bench++ binary, listing a
// directory tree (to prove a run leaves nothing behind), and the small text and error helpers the tests share.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/system_info.h"
#include "test_paths.h"

namespace bench::test {

// The skip policy (docs/design.md, "Tests"). What a test may find missing here, and so what its absence means:
enum class Need {
  kTool,     // a program (or build target) that scripts/install-deps.sh or scripts/test.sh provides
  kRoot,     // root's privileges (mounting, -u, namespaces); CI runs as root
  kMachine,  // a capability that varies between machines and stays a skip: io_uring refused, network
             // namespaces refused, O_DIRECT refused, the sanitizers' runtime; never a reason to go green silently
};
// A reason not to run a test, or part of one.
struct Skip {
  Need need = Need::kMachine;
  std::string what;  // what is missing, e.g. "tmux is not installed (Debian tmux)"
};

// Whether the calling test must skip (its caller returns at once, or leaves out the part that needs it): false
// when `present`. Otherwise the skip is said ("skipped: <what>") and appended to the skip log that
// scripts/test.sh sums up at the end (skip_log_path()); and with BENCH_REQUIRE_ALL_TESTS=1 a missing tool or
// privilege (kTool, kRoot) is a failure of the test instead: install what it needs.
bool skip_unless(bool present, Need need, const std::string& what);
// The same for a reason a helper found (nullopt: nothing missing).
bool skip_if(const std::optional<Skip>& reason);
// Made-up machine facts for the command-line parsers (2048 MiB, host "box", seed 1): parsing without this machine.
inline SystemFacts fixed_system_facts() { return SystemFacts{2048, "box", 1}; }
// Whether `program` is found on PATH.
bool tool_installed(const std::string& program);
// True when the tests run as root.
bool running_as_root();
// The skip log: $BENCH_SKIP_LOG, or skipped-tests.log in the build directory. One line per skip: the kind
// (tool, root, machine), the test case and what was missing, tab-separated.
std::filesystem::path skip_log_path();

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct CommandOutput {
  int exit_code = -1;       // the exit status, or 128 + signal number when killed
  std::string out;          // stdout
  std::string err;          // stderr
};

// Runs the built bench++ with these arguments (no shell), stdin from /dev/null, and collects its output.
CommandOutput run_bench(const std::vector<std::string>& args);
// Runs any program with these arguments (argv[0] is looked up in PATH), feeding it `input` on stdin.
CommandOutput run_program(const std::vector<std::string>& argv, const std::string& input = "");

// Every path below `dir`, relative to it, sorted; empty when dir is empty.
std::vector<std::string> list_tree(const std::filesystem::path& dir);

// Reads a whole file; throws if it cannot.
std::string read_file(const std::filesystem::path& path);
// The text of tests/fixtures/<name>.
std::string read_fixture(const std::string& name);

// The lines of `text` without their '\n' (a final newline ends the last line).
std::vector<std::string> lines_of(const std::string& text);
// `args` with `more` appended: a command line and the options of one test.
std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more);
// Whether `part` occurs in `text`.
bool contains(std::string_view text, std::string_view part);
// How many times `part` occurs in `text`, not overlapping (REQUIRES: part not empty).
std::size_t count_of(std::string_view text, std::string_view part);

// The what() of the `Error` that call() throws, or `none` when it throws nothing.
template <typename Error, typename Call>
std::string error_of(Call&& call, const std::string& none = "") {
  try {
    call();
  } catch (const Error& error) {
    return error.what();
  }
  return none;
}

// CHECKs that read() throws a std::runtime_error whose message starts with `expected_start`, holds
// `expected_part` and is shorter than `max_size` (a reader's error is one short line); FAILs when it throws
// nothing.
void check_read_error(const std::function<void()>& read, const std::string& expected_start,
                      const std::string& expected_part, std::size_t max_size);

}  // namespace bench::test
