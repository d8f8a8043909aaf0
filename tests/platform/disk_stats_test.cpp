// fio's disk utilization: the stat line read from fixed text, the devices under a path from a sysfs tree made up in
// a temporary directory (a partition's disk, a device-mapper device and its slaves), and their statistics taken
// around a change of the stat files.
#include "platform/disk_stats.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <fstream>

#include <fmt/format.h>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A kernel 5.x line: 17 fields (discards and flushes after the 11 fio reads).
constexpr const char* kStatLine =
    "   59006        5  1888192     1519       54       36     1360      114        0     1580     1711        0"
    "        0        0        0       12       78";

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text << "\n";
}

std::string stat_line(std::uint64_t reads, std::uint64_t writes, std::uint64_t io_ticks) {
  return fmt::format("{} 1 8 2 {} 3 16 4 0 {} 5", reads, writes, io_ticks);
}

// The device number of the build directory's filesystem, which the made-up sysfs describes; nullopt (a skip) when
// it is on none (major 0: tmpfs, overlay).
std::optional<std::string> build_dir_device() {
  struct stat info {};
  if (::stat(BENCH_BUILD_DIR.c_str(), &info) != 0 || major(info.st_dev) == 0) return std::nullopt;
  return fmt::format("{}:{}", major(info.st_dev), minor(info.st_dev));
}

}  // namespace

TEST_CASE("disk stats: a stat line gives fio's fields and the sectors, later fields ignored, a short or bad line none") {
  const std::optional<DiskCounters> counters = parse_disk_stat_line(kStatLine);
  REQUIRE(counters);
  CHECK(counters->read_ios == 59006);
  CHECK(counters->read_merges == 5);
  CHECK(counters->read_ticks == 1519);
  CHECK(counters->write_ios == 54);
  CHECK(counters->write_merges == 36);
  CHECK(counters->write_ticks == 114);
  CHECK(counters->io_ticks == 1580);
  CHECK(counters->time_in_queue == 1711);
  CHECK(counters->read_sectors == 1888192);
  CHECK(counters->write_sectors == 1360);
  CHECK(parse_disk_stat_line("1 2 3 4 5 6 7 8 9 10 11"));
  CHECK_FALSE(parse_disk_stat_line("1 2 3 4 5 6 7 8 9 10"));
  CHECK_FALSE(parse_disk_stat_line("1 2 3 4 x 6 7 8 9 10 11"));
  CHECK_FALSE(parse_disk_stat_line(""));
}

TEST_CASE("disk stats: the difference of two readings, field by field") {
  const DiskCounters before = *parse_disk_stat_line(stat_line(10, 20, 100));
  const DiskCounters after = *parse_disk_stat_line(stat_line(1034, 25, 350));
  const DiskCounters difference = counters_difference(before, after);
  CHECK(difference.read_ios == 1024);
  CHECK(difference.write_ios == 5);
  CHECK(difference.io_ticks == 250);
  CHECK(difference.read_merges == 0);
}

TEST_CASE("disk stats: a path on no block device (proc, major 0) gives no device") {
  CHECK(disks_under({"/proc/self/status"}, "/sys").empty());
}

TEST_CASE("disk stats: a partition is watched as its disk, a device-mapper device with its slaves after it") {
  const std::optional<std::string> device = build_dir_device();
  if (test::skip_unless(device.has_value(), test::Need::kMachine, "the build directory is on no block device")) return;
  SUBCASE("a partition") {
    test::TempDir sys;
    const fs::path disk = sys.path() / "devices/pci0/block/vda";
    fs::create_directories(disk / "queue");
    write(disk / "stat", stat_line(1, 2, 3));
    write(disk / "vda1/stat", stat_line(1, 1, 1));
    fs::create_directories(sys.path() / "dev/block");
    fs::create_directory_symlink(disk / "vda1", sys.path() / "dev/block" / *device);
    const std::vector<WatchedDisk> disks = disks_under({fs::path(BENCH_BUILD_DIR) / "not-there"}, sys.path());
    REQUIRE(disks.size() == 1);
    CHECK(disks[0].name == "vda");
    CHECK(disks[0].stat_file == disk / "stat");
    CHECK(disks[0].slaves.empty());
  }
  SUBCASE("device-mapper over two partitions of one disk and another disk, watched once each") {
    test::TempDir sys;
    const fs::path dm = sys.path() / "devices/virtual/block/dm-0";
    const fs::path vdb = sys.path() / "devices/pci0/block/vdb";
    const fs::path vdc = sys.path() / "devices/pci1/block/vdc";
    for (const fs::path& disk : {dm, vdb, vdc}) write(disk / "stat", stat_line(0, 0, 0));
    for (const fs::path& disk : {vdb, vdc}) fs::create_directories(disk / "queue");
    write(vdb / "vdb1/stat", stat_line(0, 0, 0));
    write(vdb / "vdb2/stat", stat_line(0, 0, 0));
    fs::create_directories(dm / "slaves");
    fs::create_directory_symlink(vdb / "vdb1", dm / "slaves/vdb1");
    fs::create_directory_symlink(vdb / "vdb2", dm / "slaves/vdb2");
    fs::create_directory_symlink(vdc, dm / "slaves/vdc");
    fs::create_directories(sys.path() / "dev/block");
    fs::create_directory_symlink(dm, sys.path() / "dev/block" / *device);
    const std::vector<WatchedDisk> disks = disks_under({BENCH_BUILD_DIR, BENCH_BUILD_DIR}, sys.path());
    REQUIRE(disks.size() == 3);
    CHECK(disks[0].name == "dm-0");
    std::vector<std::string> slaves;
    for (const std::size_t slave : disks[0].slaves) slaves.push_back(disks.at(slave).name);
    std::sort(slaves.begin(), slaves.end());
    CHECK(slaves == std::vector<std::string>{"vdb", "vdc"});
  }
}

TEST_CASE("disk stats: the watch gives each device's change over it, one whose stat file went is left out") {
  test::TempDir dir;
  write(dir.path() / "dm-0/stat", stat_line(100, 100, 1000));
  write(dir.path() / "vdb/stat", stat_line(50, 0, 10));
  write(dir.path() / "gone/stat", stat_line(0, 0, 0));
  DiskStatsWatch watch({WatchedDisk{"dm-0", dir.path() / "dm-0/stat", {2}},
                        WatchedDisk{"gone", dir.path() / "gone/stat", {}},
                        WatchedDisk{"vdb", dir.path() / "vdb/stat", {}}});
  write(dir.path() / "dm-0/stat", stat_line(1124, 110, 1400));
  write(dir.path() / "vdb/stat", stat_line(1074, 0, 390));
  fs::remove(dir.path() / "gone/stat");
  const std::vector<DiskUtilization> disks = watch.finish();
  REQUIRE(disks.size() == 2);
  CHECK(disks[0].name == "dm-0");
  CHECK(disks[0].counters.read_ios == 1024);
  CHECK(disks[0].counters.write_ios == 10);
  CHECK(disks[0].counters.io_ticks == 400);
  CHECK(disks[0].slaves == std::vector<std::size_t>{1});  // vdb, now at 1
  CHECK(disks[1].name == "vdb");
  CHECK(disks[1].counters.read_ios == 1024);
}

TEST_CASE("disk stats: the real device under the build directory, where sysfs shows one") {
  const std::optional<std::string> device = build_dir_device();
  if (test::skip_unless(device.has_value(), test::Need::kMachine, "the build directory is on no block device")) return;
  const std::vector<WatchedDisk> disks = disks_under({BENCH_BUILD_DIR}, "/sys");
  if (test::skip_unless(!disks.empty(), test::Need::kMachine, "sysfs shows no block device for " + *device)) return;
  CHECK(parse_disk_stat_line(test::read_file(disks[0].stat_file)).has_value());
}

}  // namespace bench
