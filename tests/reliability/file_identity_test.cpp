// Files by what they are, not how they are spelt: one file under two names is one target (as fio), and --dry-run
// says what the run does; outputs onto /dev/null and its kin work, onto a block device only with --allow-overwrite.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

TEST_CASE("reliability: filename=./a:a and two workloads on a and ./a run on one file, --dry-run agreeing") {
  const test::TempDir dir;
  const std::string d = dir.path().string();
  const std::vector<std::vector<std::string>> commands = {
      {"job", "-d", d, "-q", "--name=x", "--filename=./a:a", "--rw=write", "--size=256k", "--bs=4k"},
      {"job", "-d", d, "-q", "--name=x", "--filename=./a", "--rw=write", "--size=256k", "--bs=4k", "--name=y",
       "--filename=a", "--rw=read", "--size=256k", "--bs=4k"},
      {"job", "-d", d, "-q", "--name=x", "--filename=" + d + "/sub/../a:a", "--rw=randrw", "--size=256k", "--bs=4k"},
  };
  fs::create_directory(dir.path() / "sub");
  for (const auto& command : commands) {
    CAPTURE(command.at(5));
    const test::CommandOutput planned = test::run_bench(test::with(command, {"--dry-run"}));
    CHECK(planned.exit_code == 0);
    const test::CommandOutput run = test::run_bench(command);
    CAPTURE(run.err);
    CHECK(run.exit_code == 0);
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"sub"});  // the one file made and removed
  }
}

TEST_CASE("reliability: outputs onto /dev/null are streams that keep nothing, and work") {
  const test::TempDir dir;
  const test::CommandOutput run = test::run_bench({"job", "-d", dir.path().string(), "-q", "--name=x", "--size=64k",
                                                   "--json", "/dev/null", "--csv", "/dev/null", "--output-format=json",
                                                   "--output", "/dev/null"});
  CAPTURE(run.err);
  CHECK(run.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());
}

// A loop device of our own over a file of zeros: a refused output leaves it all zeros.
TEST_CASE("reliability: an output onto a block device is refused without --allow-overwrite naming it") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "a loop device needs root")) return;
  if (test::skip_unless(test::tool_installed("losetup"), test::Need::kTool, "losetup is not installed (Debian mount)")) {
    return;
  }
  const test::TempDir dir;
  const fs::path image = dir.path() / "image";
  std::ofstream(image) << std::string(1 << 20, '\0');
  const test::CommandOutput attached = test::run_program({"losetup", "--find", "--show", image.string()});
  if (test::skip_unless(attached.exit_code == 0, test::Need::kMachine, "losetup cannot attach a loop device here")) return;
  const std::string device = test::lines_of(attached.out).at(0);
  const fs::path run_dir = dir.path() / "run";
  fs::create_directory(run_dir);
  for (const std::string option : {"--json", "--csv", "--html", "--output"}) {
    std::vector<std::string> args = {"job", "-d", run_dir.string(), "--name=x", "--size=64k", option, device};
    if (option == std::string("--output")) args.push_back("--output-format=json");
    for (const bool dry_run : {false, true}) {
      CAPTURE(option);
      const test::CommandOutput refused = test::run_bench(dry_run ? test::with(args, {"--dry-run"}) : args);
      CHECK(refused.exit_code == 2);
      CHECK(test::lines_of(refused.err).size() == 1);
      CHECK(test::contains(refused.err, "'" + device + "' is a block device"));
      CHECK(test::contains(refused.err, "--allow-overwrite"));
    }
  }
  CHECK(test::list_tree(run_dir).empty());
  CHECK(test::run_program({"losetup", "--detach", device}).exit_code == 0);
  CHECK(test::read_file(image) == std::string(1 << 20, '\0'));
}

}  // namespace
}  // namespace bench
