// fio's disk_util written by bench++ against fio's own for the same job on the same filesystem: the same keys and
// types, counts that fit the job (a direct read job's reads all reach the device), none where fio writes none.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "platform/disk_stats.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// A direct sequential read of 1024 blocks of 4 KiB.
const std::vector<std::string> kJob = {"--name=du", "--rw=read", "--bs=4k", "--size=4m", "--direct=1"};

Json fio_json(const fs::path& dir, const std::vector<std::string>& more) {
  std::vector<std::string> argv = {"fio", "--output-format=json", "--directory=" + dir.string()};
  argv.insert(argv.end(), kJob.begin(), kJob.end());
  argv.insert(argv.end(), more.begin(), more.end());
  const test::CommandOutput run = test::run_program(argv);
  INFO("fio: " << run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out);
}

Json bench_json(const fs::path& dir, const std::vector<std::string>& more) {
  std::vector<std::string> argv = {"job", "-q", "-d", dir.string(), "--output-format=json"};
  argv.insert(argv.end(), kJob.begin(), kJob.end());
  argv.insert(argv.end(), more.begin(), more.end());
  const test::CommandOutput run = test::run_bench(argv);
  INFO("bench++: " << run.err);
  REQUIRE(run.exit_code == 0);
  return Json::parse(run.out);
}

// Whether O_DIRECT works in `dir` (not on tmpfs).
bool direct_works(const fs::path& dir) {
  return test::run_program({"dd", "if=/dev/zero", "of=" + (dir / "probe").string(), "bs=4096", "count=1",
                            "oflag=direct"})
             .exit_code == 0;
}

}  // namespace

TEST_CASE("fio peer: disk_util of a direct read job, beside fio's for the same job on the same filesystem") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  test::TempDir dir;
  const bool on_disk = !disks_under({dir.path()}, "/sys").empty();
  if (test::skip_unless(on_disk, test::Need::kMachine, "$TMPDIR is on no block device sysfs shows")) return;
  if (test::skip_unless(direct_works(dir.path()), test::Need::kMachine, "O_DIRECT is refused in $TMPDIR")) return;
  const Json fio = fio_json(dir.path(), {});
  const Json bench = bench_json(dir.path(), {});
  REQUIRE(fio.contains("disk_util"));
  REQUIRE(bench.contains("disk_util"));
  REQUIRE(fio["disk_util"].size() == bench["disk_util"].size());
  for (std::size_t i = 0; i < fio["disk_util"].size(); ++i) {
    const Json& theirs = fio["disk_util"][i];
    const Json& ours = bench["disk_util"][i];
    CHECK(ours["name"] == theirs["name"]);
    for (const auto& item : theirs.items()) {
      INFO("key " << item.key());
      REQUIRE(ours.contains(item.key()));
      CHECK(ours[item.key()].type_name() == std::string(item.value().type_name()));
      CHECK(ours[item.key()].is_number_float() == item.value().is_number_float());
    }
    CHECK(ours.size() == theirs.size());
  }
  // bench++ reads the statistics right around the run (fio every 250 ms, so its count may miss the last reads).
  const Json& device = bench["disk_util"][0];
  CHECK(device["read_ios"].get<std::uint64_t>() >= 1024);
  CHECK(device["util"].get<double>() >= 0.0);
  CHECK(device["util"].get<double>() <= 100.0);
  CHECK_FALSE(bench_json(dir.path(), {"--disk_util=0"}).contains("disk_util"));
  CHECK_FALSE(fio_json(dir.path(), {"--disk_util=0"}).contains("disk_util"));
}

TEST_CASE("fio peer: no disk_util on tmpfs, as fio") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const fs::path shm = "/dev/shm";
  if (test::skip_unless(fs::is_directory(shm) && disks_under({shm}, "/sys").empty(), test::Need::kMachine,
                        "/dev/shm is not a tmpfs here")) {
    return;
  }
  const fs::path dir = shm / ("bench-disk-util-" + std::to_string(::getpid()));
  fs::create_directory(dir);
  const std::vector<std::string> buffered = {"--direct=0"};
  const bool fio_has = fio_json(dir, buffered).contains("disk_util");
  const bool bench_has = bench_json(dir, buffered).contains("disk_util");
  fs::remove_all(dir);
  CHECK_FALSE(fio_has);
  CHECK_FALSE(bench_has);
}

}  // namespace bench
