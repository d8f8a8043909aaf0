// The room of `bench++ job` and `bench++ suite` (plan/room.h), on small tmpfs mounts (root
// only). The inodes of the workloads' files are counted; "not enough free space" is exit 1 in every command, run
// and --dry-run alike; and its message never reads as if the need fitted: the need rounded up, what is free
// rounded down, in bytes when the two would read the same.
#include <doctest/doctest.h>

#include <cmath>
#include <regex>
#include <string>

#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

// "20.1 MiB" or "123 bytes" as bytes (the shown value, not what it rounds).
double shown_bytes(const std::string& number, const std::string& unit) {
  const double value = std::stod(number);
  if (unit == "bytes") return value;
  const std::string units = "MiB GiB TiB PiB EiB";
  return value * std::pow(1024.0, 2 + static_cast<double>(units.find(unit)) / 4);
}

TEST_CASE("reliability: workloads' inodes are counted, and a refusal for room is exit 1 that reads right") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "mounting a tmpfs needs root")) return;
  {
    test::TmpfsMount mount("size=64m,nr_inodes=50");
    for (const std::string dry : {"", "--dry-run"}) {
      std::vector<std::string> args = {"job", "-d", mount.path().string(), "--name=x", "--size=4k", "--numjobs=100"};
      if (!dry.empty()) args.push_back(dry);
      const test::CommandOutput result = test::run_bench(args);
      CHECK(result.exit_code == 1);
      CHECK(result.err.starts_with("bench++: not enough free inodes in " + mount.path().string()));
      CHECK(test::list_tree(mount.path()).empty());
    }
  }
  test::TmpfsMount mount("size=20m");
  const std::regex message("bench\\+\\+: not enough free space in [^:]*: the run's files need ([0-9.]+) (MiB|GiB|bytes), "
                           "([0-9.]+) (MiB|GiB|bytes) are free\n");
  std::size_t refused = 0;
  for (std::uint64_t kib = 16 * 1024; kib <= 21 * 1024; kib += 128) {  // across the free space, margin included
    for (const std::string dry : {"", "--dry-run"}) {
      std::vector<std::string> args = {"job", "-d", mount.path().string(), "-q", "--name=x",
                                       "--size=" + std::to_string(kib) + "k"};
      if (!dry.empty()) args.push_back(dry);
      CAPTURE(kib);
      const test::CommandOutput result = test::run_bench(args);
      CAPTURE(result.err);
      if (result.exit_code == 0) continue;
      ++refused;
      CHECK(result.exit_code == 1);
      std::smatch found;
      REQUIRE(std::regex_match(result.err, found, message));
      CHECK(shown_bytes(found[1], found[2]) > shown_bytes(found[3], found[4]));
      CHECK(test::list_tree(mount.path()).empty());
    }
  }
  CHECK(refused > 0);
  const test::CommandOutput suite = test::run_bench({"suite", "cdm", "-d", mount.path().string()});
  CHECK(suite.exit_code == 1);
  CHECK(suite.err.starts_with("bench++: not enough free space in "));
  const test::CommandOutput bonnie = test::run_bench({"-d", mount.path().string(), "-s", "64m", "-n", "0", "-r", "0"});
  CHECK(bonnie.exit_code == 1);
  CHECK(bonnie.err.starts_with("bench++: not enough free space in "));
}

}  // namespace
}  // namespace bench
