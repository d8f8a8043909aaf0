// fio's trim workloads run by `bench++ job`: ioengine=falloc's trims punch holes where fio's random
// generator puts them; a trim through BLKDISCARD on a regular file fails as fio's does (ENOTTY, exit status 1);
// the results have a trim direction.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "engine/random_offsets.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 1ull << 20;

std::uint64_t allocated_bytes(const fs::path& path) {
  struct stat status {};
  REQUIRE(::stat(path.c_str(), &status) == 0);
  return static_cast<std::uint64_t>(status.st_blocks) * 512;
}

// The blocks of `path` that hold no data (SEEK_DATA from the block's start lands past it).
std::set<std::uint64_t> hole_blocks(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  std::set<std::uint64_t> holes;
  for (std::uint64_t offset = 0; offset < kFileBytes; offset += kBlock) {
    const off_t data = ::lseek(fd, static_cast<off_t>(offset), SEEK_DATA);
    if (data < 0 || static_cast<std::uint64_t>(data) != offset) holes.insert(offset / kBlock);
  }
  ::close(fd);
  return holes;
}

// Whether the filesystem of `dir` punches holes of one block (tmpfs, ext4 and xfs do).
bool punches_holes(const fs::path& dir) {
  const fs::path probe = dir / "probe";
  std::ofstream(probe) << std::string(2 * kBlock, 'p');
  const int fd = ::open(probe.c_str(), O_RDWR);
  const bool punched = fd >= 0 && ::fsync(fd) == 0 &&
                       ::fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, static_cast<off_t>(kBlock)) == 0;
  if (fd >= 0) ::close(fd);
  fs::remove(probe);
  return punched;
}

}  // namespace

TEST_CASE("job: ioengine=falloc rw=randtrim punches a hole at each offset fio's random generator draws") {
  const test::TempDir dir;
  if (test::skip_unless(punches_holes(dir.path()), test::Need::kMachine,
                        "the test directory's filesystem does not punch holes (FALLOC_FL_PUNCH_HOLE)")) {
    return;
  }
  const fs::path target = dir.path() / "target";
  std::ofstream(target) << std::string(kFileBytes, 't');
  {
    const int fd = ::open(target.c_str(), O_RDONLY);
    REQUIRE(fd >= 0);
    ::fsync(fd);
    ::close(fd);
  }
  REQUIRE(hole_blocks(target).empty());
  const std::uint64_t before = allocated_bytes(target);
  constexpr std::uint64_t kTrims = 64;
  const test::CommandOutput result = test::run_bench(
      {"job", "-q", "-d", dir.path().string(), "--allow-overwrite", target.string(), "--name=t", "--rw=randtrim",
       "--ioengine=falloc", "--bs=4k", "--number_ios=" + std::to_string(kTrims), "--filename=" + target.string()});
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  // The offsets fio 3.33 draws for a job's trims (randrepeat, job 1, the random map on).
  RandomOffsetsSpec offsets_spec;
  offsets_spec.region_bytes = kFileBytes;
  offsets_spec.block_bytes = kBlock;
  offsets_spec.seeds = FioSeeds::for_job(std::nullopt, true, 1, target.string());
  RandomOffsets offsets(offsets_spec);
  std::set<std::uint64_t> drawn;
  for (std::uint64_t i = 0; i < kTrims; ++i) drawn.insert(*offsets.next(FioDirection::kTrim) / kBlock);
  CHECK(drawn.size() == kTrims);
  CHECK(hole_blocks(target) == drawn);
  // The blocks freed: the holes' (a filesystem may count a block or two of its extent tree besides).
  const std::uint64_t after = allocated_bytes(target);
  CHECK(after <= before - (kTrims - 2) * kBlock);
  CHECK(after >= before - kTrims * kBlock);
  CHECK(fs::file_size(target) == kFileBytes);  // FALLOC_FL_KEEP_SIZE
}

TEST_CASE("job: rw=trim through BLKDISCARD on a regular file fails as fio's: ENOTTY, exit status 1") {
  const test::TempDir dir;
  const fs::path target = dir.path() / "target";
  std::ofstream(target) << std::string(64 * 1024, 't');
  const test::CommandOutput result =
      test::run_bench({"job", "-q", "-d", dir.path().string(), "--allow-overwrite", target.string(), "--name=t",
                       "--rw=trim", "--bs=4k", "--filename=" + target.string()});
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 1);
  CHECK(test::contains(result.err, "Inappropriate ioctl for device"));
  CHECK(test::contains(result.err, "trim"));
  CHECK(test::read_file(target) == std::string(64 * 1024, 't'));
}

TEST_CASE("job: rw=trim on a block device (a loop device) discards its blocks: the backing file's holes") {
  const test::TempDir dir;
  const fs::path backing = dir.path() / "backing";
  std::ofstream(backing) << std::string(4 * kFileBytes, 'b');
  const test::CommandOutput attach = test::run_program({"losetup", "-f", "--show", backing.string()});
  std::string device = attach.out.substr(0, attach.out.find('\n'));
  if (test::skip_unless(attach.exit_code == 0 && device.starts_with("/dev/loop"), test::Need::kMachine,
                        "no loop device here (losetup -f --show failed: root and /dev/loop* needed)")) {
    return;
  }
  const std::uint64_t before = allocated_bytes(backing);
  const test::CommandOutput result =
      test::run_bench({"job", "-q", "-d", dir.path().string(), "--allow-overwrite", device, "--name=t", "--rw=trim",
                       "--bs=64k", "--size=1m", "--filename=" + device});
  test::run_program({"losetup", "-d", device});
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 0);
  CHECK(allocated_bytes(backing) <= before - kFileBytes + 2 * kBlock);  // the loop driver punched the first 1 MiB
  CHECK(hole_blocks(backing).count(0) == 1);
}

TEST_CASE("job: a trim job's fio JSON has fio's trim section: the same keys, with the same types") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)") ||
      test::skip_unless(test::tool_installed("python3"), test::Need::kTool, "python3 is not installed")) {
    return;
  }
  const test::TempDir dir;
  const std::vector<std::string> job = {"--name=t", "--rw=randtrim", "--ioengine=falloc", "--bs=4k", "--size=1m",
                                        "--output-format=json+"};
  std::vector<std::string> fio = {"fio", "--directory=" + dir.path().string(),
                                  "--output=" + (dir.path() / "fio.json").string()};
  fio.insert(fio.end(), job.begin(), job.end());
  const test::CommandOutput fio_run = test::run_program(fio);
  INFO("fio: " << fio_run.err);
  REQUIRE(fio_run.exit_code == 0);
  std::vector<std::string> bench = {"job", "-q", "-d", dir.path().string(),
                                    "--output=" + (dir.path() / "bench.json").string()};
  bench.insert(bench.end(), job.begin(), job.end());
  const test::CommandOutput bench_run = test::run_bench(bench);
  INFO("bench++: " << bench_run.err);
  REQUIRE(bench_run.exit_code == 0);
  // The trim section's key paths with their types (tests/fixtures/fio/consumers/json_schema.py).
  const auto trim_paths = [&](const std::string& name) {
    const test::CommandOutput paths = test::run_program(
        {"python3", std::string(BENCH_FIXTURE_DIR) + "/fio/consumers/json_schema.py", (dir.path() / name).string()});
    REQUIRE(paths.exit_code == 0);
    std::set<std::string> trim;
    for (const std::string& line : test::lines_of(paths.out)) {
      if (line.starts_with(".jobs[].trim")) trim.insert(line);
    }
    return trim;
  };
  const std::set<std::string> fio_trim = trim_paths("fio.json");
  const std::set<std::string> bench_trim = trim_paths("bench.json");
  CHECK(fio_trim.size() > 40);  // fio's whole trim object, its latencies and percentiles
  CHECK(bench_trim == fio_trim);
  nlohmann::json document = nlohmann::json::parse(test::read_file(dir.path() / "bench.json"));
  CHECK(document["jobs"][0]["trim"]["io_bytes"] == kFileBytes);
  CHECK(document["jobs"][0]["trim"]["total_ios"] == kFileBytes / kBlock);
  CHECK(document["jobs"][0]["write"]["total_ios"] == 0);
}

}  // namespace bench
