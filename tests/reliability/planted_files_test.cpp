// Files and symbolic links planted in -d under the names bench++ uses (data, fsync, worker-N, files,
// 00000, bench++.XXXXXX, a symbolic link named like a private directory...) are neither followed nor
// changed, nothing outside -d changes, and (traced with strace -y) every path bench++ creates, opens for
// writing, renames or removes is its own private directory or inside it.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <sstream>
#include <utility>

#include "reliability/scratch_mount.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// Plants entries with bench++'s names in `dir`, pointing (when they are links) into `outside`.
void plant(const fs::path& dir, const fs::path& outside) {
  write_text(outside / "victim", "not bench++'s\n");
  fs::create_directory(outside / "victim-dir");
  write_text(dir / "data", "planted data\n");
  write_text(dir / "fsync", "planted fsync\n");
  fs::create_directory(dir / "worker-0");
  write_text(dir / "worker-0" / "data", "planted worker data\n");
  fs::create_directory_symlink(outside / "victim-dir", dir / "worker-1");
  fs::create_directory_symlink(outside / "victim-dir", dir / "files");
  fs::create_directory_symlink(outside / "victim-dir", dir / "00000");
  fs::create_directory_symlink(outside / "victim-dir", dir / "bench++.AAAAAA");
  fs::create_symlink(outside / "victim", dir / "bench++.victim");
  fs::create_directory(dir / "bench++.XXXXXX");
  write_text(dir / "bench++.XXXXXX" / "data", "planted in a private-looking directory\n");
}

// The paths that one line of `strace -y` output writes to: creates, opens for writing, removes, renames or
// links; empty for other calls. Relative names are resolved against the descriptor annotation before them
// ("3</d/files>, \"name\"") or `cwd`.
std::vector<std::string> written_paths(const std::string& line, const fs::path& cwd) {
  // "<pid>  <call>(<args>) = <result>"
  const std::size_t name_start = line.find_first_not_of("0123456789 ");
  const std::size_t paren = line.find('(');
  if (line.find("resumed>") != std::string::npos || name_start == std::string::npos || paren == std::string::npos ||
      paren < name_start) {
    return {};
  }
  const std::string name = line.substr(name_start, paren - name_start);
  const std::string_view args = std::string_view(line).substr(paren + 1);
  const bool is_open = name == "open" || name == "openat";
  const bool writes = args.find("O_WRONLY") != std::string_view::npos || args.find("O_RDWR") != std::string_view::npos ||
                      args.find("O_CREAT") != std::string_view::npos || args.find("O_TRUNC") != std::string_view::npos;
  if (is_open && !writes) return {};
  std::vector<std::string> paths;
  fs::path base = cwd;
  bool skip_first_string = name == "symlink" || name == "symlinkat";  // a link's target is text, not a path
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == '<') {  // "3</dir>" or "AT_FDCWD</cwd>": the directory a following name is relative to
      const std::size_t end = args.find('>', i);
      if (end == std::string_view::npos) break;
      base = std::string(args.substr(i + 1, end - i - 1));
      i = end;
    } else if (args[i] == '"') {
      std::string text;
      for (++i; i < args.size() && args[i] != '"'; ++i) {
        if (args[i] == '\\' && i + 1 < args.size()) ++i;  // strace escapes '"' and '\\' (names here are plain)
        text += args[i];
      }
      if (std::exchange(skip_first_string, false)) continue;
      const fs::path p = text;
      paths.push_back((p.is_absolute() ? p : base / p).lexically_normal().string());
      if (is_open || name == "creat") break;  // only the file opened; the rest is flags
    }
  }
  return paths;
}

TEST_CASE("reliability: planted files and links in -d stay untouched and nothing outside -d is written") {
  test::RunDirectory dir("size=64m");
  test::TempDir outside;
  plant(dir.path(), outside.path());
  const auto dir_before = test::snapshot_tree(dir.path());
  const auto outside_before = test::snapshot_tree(outside.path());
  const bool traced = !test::skip_unless(test::tool_installed("strace"), test::Need::kTool,
                                         "the system calls' part: strace is not installed (Debian strace)");
  test::TempDir log_dir;
  const fs::path log = log_dir.path() / "trace";

  std::string content;
  SUBCASE("data files") { content = "1:4k:1k:2"; }
  SUBCASE("symbolic links") { content = "1:-2:0:2"; }
  std::vector<std::string> argv;
  if (traced) {
#if defined(BENCH_TESTS_UNDER_ASAN)
    argv = {"env", "ASAN_OPTIONS=detect_leaks=0"};  // LeakSanitizer refuses to run under ptrace
#endif
    argv.insert(argv.end(), {"strace", "-f", "--seccomp-bpf", "-y", "-qq", "-s", "4096", "-o", log.string(), "-e",
            "trace=open,openat,creat,mkdir,mkdirat,unlink,unlinkat,rmdir,rename,renameat,renameat2,link,linkat,"
            "symlink,symlinkat,truncate"});
  }
  argv.insert(argv.end(), {BENCH_BINARY, "-d", dir.path().string(), "-s", "1M:4k", "-f", "-n", content, "-c",
                           "2", "-r", "0", "-q", "--sync-size", "23000", "--verify"});
  const auto r = test::run_program(argv);
  CHECK_MESSAGE(r.exit_code == 0, r.err);
  CHECK(test::snapshot_tree(dir.path()) == dir_before);
  CHECK(test::snapshot_tree(outside.path()) == outside_before);
  if (!traced) return;

  std::ifstream trace(log);
  std::vector<std::string> written;
  for (std::string line; std::getline(trace, line);) {
    for (auto& path : written_paths(line, fs::current_path())) {
      // The plan's probe of -d (plan/disk_checks.h) makes a hidden directory and file and removes them first.
      if (test::contains(path, "/.bench++-probe.")) continue;
      written.push_back(path);
    }
  }
  REQUIRE(written.size() > 2048);  // two sets of 1024 files at least
  // The first path made is the private directory (mkdtemp); everything else is inside it.
  const std::string private_dir = written.front();
  CHECK(fs::path(private_dir).parent_path() == dir.path());
  CHECK(fs::path(private_dir).filename().string().rfind("bench++.", 0) == 0);
  CHECK(dir_before.end() == std::find_if(dir_before.begin(), dir_before.end(), [&](const std::string& entry) {
          return entry.rfind(fs::path(private_dir).filename().string() + " ", 0) == 0;
        }));
  std::vector<std::string> elsewhere;
  for (const auto& path : written) {
    if (path != private_dir && path.rfind(private_dir + "/", 0) != 0) elsewhere.push_back(path);
  }
  CHECK(elsewhere == std::vector<std::string>{});
}

TEST_CASE("reliability: the strace line reader finds the written paths") {
  const fs::path cwd = "/work";
  CHECK(written_paths(R"(12  mkdir("/d/bench++.Ab12Cd", 0700) = 0)", cwd) == std::vector<std::string>{"/d/bench++.Ab12Cd"});
  CHECK(written_paths(R"(12  openat(AT_FDCWD</work>, "x/data", O_RDWR|O_CREAT|O_EXCL, 0600) = 3</work/x/data>)", cwd) ==
        std::vector<std::string>{"/work/x/data"});
  CHECK(written_paths(R"(12  openat(AT_FDCWD</work>, "/etc/passwd", O_RDONLY|O_CLOEXEC) = 3</etc/passwd>)", cwd).empty());
  CHECK(written_paths(R"(12  unlinkat(4</d/p/files/00001>, "0000a", 0) = 0)", cwd) ==
        std::vector<std::string>{"/d/p/files/00001/0000a"});
  CHECK(written_paths(R"(12  symlinkat("../00000/x", 3</d/p/files>, "00001/y") = 0)", cwd) ==
        std::vector<std::string>{"/d/p/files/00001/y"});
  CHECK(written_paths(R"(12  <... openat resumed>) = 3)", cwd).empty());
  CHECK(written_paths(R"(12  unlink("../escape") = 0)", cwd) == std::vector<std::string>{"/escape"});
}

}  // namespace
}  // namespace bench
