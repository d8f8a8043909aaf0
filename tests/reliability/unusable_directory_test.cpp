// A directory bench++ cannot write to is refused before any test starts, with a usage error (exit 2):
// a read-only filesystem, and a root-owned 0755 directory with -u nobody (the privilege drop comes before
// the check, so the check sees what the run would see). With a directory nobody owns, -u nobody runs, and
// the private directory is created by nobody; run by another user, -u and -g are refused. Root only (mounts
// and -u).
#include <doctest/doctest.h>

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kQuick = {"-s", "1M:4k", "-f", "-n", "0", "--sync-size", "23000", "-r", "0"};

std::vector<std::string> quick_in(const std::filesystem::path& dir, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{"-d", dir.string()};
  args.insert(args.end(), kQuick.begin(), kQuick.end());
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("reliability: a read-only filesystem is refused before any test starts") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  test::TmpfsMount mount("size=8m");
  std::filesystem::create_directory(mount.path() / "keep");
  mount.remount_read_only();
  const auto r = test::run_bench(quick_in(mount.path()));
  CHECK(r.exit_code == 2);
  CHECK(r.err == "bench++: directory '" + mount.path().string() + "' is not writable (Read-only file system)\n");
  CHECK(r.out.empty());
  CHECK(test::list_tree(mount.path()) == std::vector<std::string>{"keep"});
}

TEST_CASE("reliability: -u drops privileges before the directory check and before anything is created") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "-u needs root")) return;
  const passwd* nobody = ::getpwnam("nobody");
  if (test::skip_unless(nobody != nullptr, test::Need::kMachine, "no user 'nobody'")) return;
  test::TempDir dir;  // root's, 0700 from mkdtemp
  SUBCASE("a root-owned 0755 directory is not writable for nobody") {
    std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
    const auto r = test::run_bench(quick_in(dir.path(), {"-u", "nobody"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err == "bench++: directory '" + dir.path().string() + "' is not writable\n");
    CHECK(r.out.empty());
  }
  SUBCASE("a root-owned 0700 directory cannot even be searched") {
    const auto r = test::run_bench(quick_in(dir.path(), {"-u", "nobody"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind("bench++: ", 0) == 0);
    CHECK(r.err.find(dir.path().string()) != std::string::npos);
    CHECK(r.out.empty());
  }
  SUBCASE("a directory of nobody's: the run works and its private directory is nobody's") {
    const auto run_dir = dir.path() / "nobodys";
    std::filesystem::create_directory(run_dir);
    REQUIRE(::chown(run_dir.c_str(), nobody->pw_uid, nobody->pw_gid) == 0);
    std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
    test::BackgroundProcess bench(test::bench_command(
        {"-d", run_dir.string(), "-s", "8M:4k", "-f", "-n", "0", "--no-sync-test", "-r", "0", "-q", "-u", "nobody"}));
    std::vector<std::filesystem::path> made;
    CHECK(bench.wait_until([&] { return !(made = test::new_private_dirs(run_dir)).empty(); }, 30s));
    if (!made.empty()) {
      struct stat st {};
      if (::stat(made.front().c_str(), &st) == 0) {  // the run may just have ended
        CHECK(st.st_uid == nobody->pw_uid);
        CHECK((st.st_mode & 07777) == 0700);
      }
    }
    const auto r = bench.finish();
    CHECK_MESSAGE(r.exit_code == 0, r.err);
    CHECK(test::list_tree(run_dir).empty());
  }
  CHECK(test::list_tree(dir.path()).size() <= 1);
}

TEST_CASE("reliability: -u and -g are refused when bench++ is not root") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "starting bench++ as nobody needs root") ||
      test::skip_unless(test::tool_installed("runuser"), test::Need::kTool, "runuser is not installed (Debian util-linux)")) {
    return;
  }
  test::TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms(0777));
  for (const auto& option : std::vector<std::vector<std::string>>{{"-u", "root"}, {"-g", "root"}}) {
    std::vector<std::string> argv = {"runuser", "-u", "nobody", "--", BENCH_BINARY};
    for (const auto& word : quick_in(dir.path(), option)) argv.push_back(word);
    const auto r = test::run_program(argv);
    if (test::skip_unless(r.exit_code != 126 && r.exit_code != 127, test::Need::kMachine,
                          "nobody cannot run " + std::string(BENCH_BINARY) + " (a directory above it is closed to others)")) {
      return;
    }
    CHECK(r.exit_code == 2);
    CHECK(r.err == "bench++: -u and -g need root: bench++ is not running as root\n");
    CHECK(test::list_tree(dir.path()).empty());
  }
}

}  // namespace
}  // namespace bench
