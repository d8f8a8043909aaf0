// The scripts' own failure paths: a missing option value is a usage error (exit 2, one line), a failing step
// ends with the script's own message, and a temporary directory goes on every exit. The tools the scripts drive
// (cmake, cpack, apt-get, bench++ compare) are replaced by stand-ins where the real ones would take minutes or
// change the machine.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
const fs::path kScripts = fs::path(BENCH_SOURCE_DIR) / "scripts";

void write_script(const fs::path& path, const std::string& text) {
  std::ofstream(path) << "#!/bin/sh\n" << text;
  fs::permissions(path, fs::perms::owner_all);
}

TEST_CASE("scripts/peer-bench.sh: a missing or bad option value is a usage error, exit 2, before anything runs") {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"--bench"}, {"--rounds"}, {"--size"}, {"--data"}, {"--rounds", "x"}, {"--size", "-3"}, {"--data", "ones"},
           {"--num"}, {"--num", "0"},
           {"--no-such-option"}}) {
    CAPTURE(args.front());
    std::vector<std::string> argv = {(kScripts / "peer-bench.sh").string()};
    argv.insert(argv.end(), args.begin(), args.end());
    const test::CommandOutput result = test::run_program(argv);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    const std::vector<std::string> lines = test::lines_of(result.err);
    REQUIRE(lines.size() == 2);  // what is wrong, and the usage
    CHECK(lines[0].starts_with("peer-bench: "));
    CHECK(test::contains(lines[0], args.front()));
    CHECK(lines[1].starts_with("usage: scripts/peer-bench.sh"));
    CHECK_FALSE(test::contains(result.err, "unbound variable"));
  }
}

// package.sh --install-test with stand-ins for the build, apt-get and the installed bench++ (`installed`, a
// shell script body), its temporary directories under `tmp`.
struct PackageRun {
  test::TempDir dir;
  fs::path tools = dir.path() / "tools";
  fs::path tmp = dir.path() / "tmp";
  fs::path apt_log = dir.path() / "apt.log";

  test::CommandOutput run(const std::string& installed) {
    fs::create_directories(tools);
    fs::create_directories(tmp);
    write_script(tools / "cmake", "while [ $# -gt 0 ]; do [ \"$1\" = -B ] && mkdir -p \"$2\"; shift; done; exit 0\n");
    write_script(tools / "cpack", "touch bench++_0_amd64.deb\n");
    write_script(tools / "dpkg-deb", "echo bench++\n");
    write_script(tools / "apt-get", "echo \"$*\" >> " + apt_log.string() + "\n");
    write_script(tools / "man", "echo /usr/share/man/man1/bench++.1.gz\n");
    write_script(tools / "bench++", installed);
    return test::run_program({"env", "PATH=" + tools.string() + ":" + std::getenv("PATH"), "TMPDIR=" + tmp.string(),
                              "BENCH_PACKAGE_BUILD_DIR=" + (dir.path() / "build").string(),
                              "BENCH_INSTALLED_BINARY=" + (tools / "bench++").string(),
                              (kScripts / "package.sh").string(), "--install-test"});
  }
};

TEST_CASE("scripts/package.sh --install-test removes its run directory and the package, also when the run fails") {
  const std::string version = "[ \"$1\" = --version ] && { echo 'bench++ 0'; exit 0; }\n";
  SUBCASE("a run that fails half-way, leaving a file in -d") {
    PackageRun package;
    const test::CommandOutput result =
        package.run(version + "touch \"$2/left-behind\"; echo 'bench++: failed' >&2; exit 1\n");
    INFO(result.err);
    CHECK(result.exit_code == 1);
    CHECK(test::list_tree(package.tmp).empty());
    CHECK(test::contains(test::read_file(package.apt_log), "remove -y -qq bench++"));
  }
  SUBCASE("a run that works") {
    PackageRun package;
    const test::CommandOutput result = package.run(version + "exit 0\n");
    INFO(result.err);
    CHECK(result.exit_code == 0);
    CHECK(test::contains(result.out, "The package installs and runs."));
    CHECK(test::list_tree(package.tmp).empty());
    CHECK(test::contains(test::read_file(package.apt_log), "remove -y -qq bench++"));
  }
}

TEST_CASE("scripts/host-vs-guest.sh: a failing compare ends with the script's own message") {
  // The guest is this machine, through a command prefix that runs each command line with sh, except that the
  // guest's result.json comes back as text no reader takes: compare then fails.
  test::TempDir dir;
  const fs::path guest = dir.path() / "guest-cmd";
  write_script(guest, "case $1 in\n  cat*result.json*) echo 'not a result file'; exit 0 ;;\nesac\nexec sh -c \"$1\"\n");
  const test::CommandOutput result = test::run_program(
      {(kScripts / "host-vs-guest.sh").string(), "--bench", BENCH_BINARY, "--out", (dir.path() / "out").string(),
       "--guest-cmd", guest.string(), "-s", "1M:4k", "-f64k", "-n", "0", "--no-sync-test", "-r", "0", "-q"});
  INFO(result.err);
  CHECK(result.exit_code == 1);
  CHECK(test::contains(result.err, "\nhost-vs-guest: error: bench++ compare failed with exit status "));
}

}  // namespace
}  // namespace bench
