#pragma once
// Shared helpers for the test binary: a temporary directory, running the real bench++ binary, and
// listing a directory tree (to prove a run leaves nothing behind).
#include <filesystem>
#include <string>
#include <vector>

namespace bench::test {

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

}  // namespace bench::test
