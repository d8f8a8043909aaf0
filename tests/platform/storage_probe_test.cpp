// What the disk says of where a run's files and requests go (platform/storage_probe.h): the directory probe makes
// what a run makes and removes it, and says why a directory refuses; a block device's limits are read by BLKSSZGET.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "platform/storage_probe.h"
#include "test_support.h"

namespace bench::test {

TEST_CASE("storage probe: a usable directory takes a private directory and files, and the probe leaves nothing") {
  const TempDir tmp;
  for (const DirectoryUse use : {DirectoryUse::kPrivateDirectory, DirectoryUse::kFiles}) {
    const DirectoryProbe probe = probe_directory(tmp.path(), use);
    CHECK_FALSE(probe.refusal.has_value());
    CHECK(probe.opens_direct);
    if (probe.direct_io) CHECK(probe.direct_io->offset_bytes % 512 == 0);
    CHECK(list_tree(tmp.path()).empty());
  }
}

TEST_CASE("storage probe: /proc and /sys/kernel take neither, and the probe says why") {
  if (skip_unless(std::filesystem::exists("/proc/self"), Need::kMachine, "/proc is not mounted here")) return;
  CHECK(probe_directory("/proc", DirectoryUse::kPrivateDirectory).refusal ==
        "a directory cannot be made in it (No such file or directory)");
  CHECK(probe_directory("/proc", DirectoryUse::kFiles).refusal ==
        "a file cannot be created in it (No such file or directory)");
  if (skip_unless(std::filesystem::exists("/sys/kernel"), Need::kMachine, "/sys is not mounted here")) return;
  CHECK(probe_directory("/sys/kernel", DirectoryUse::kPrivateDirectory).refusal.has_value());
}

TEST_CASE("storage probe: a regular file's O_DIRECT alignment is said or not, and it has no block size to query") {
  const TempDir tmp;
  const std::filesystem::path file = tmp.path() / "f";
  std::ofstream(file) << "data";
  if (const std::optional<DirectIoAlignment> alignment = direct_io_alignment(file)) {
    CHECK(alignment->offset_bytes % 512 == 0);  // ext4, xfs, btrfs: the device's logical block size; 0: no O_DIRECT
  }
  CHECK_FALSE(direct_io_alignment(tmp.path() / "missing").has_value());
  CHECK_THROWS_AS(block_device_limits(file), std::system_error);
  try {
    (void)block_device_limits(file);
  } catch (const std::system_error& error) {
    CHECK(contains(error.what(), "cannot query the block size of"));
  }
}

}  // namespace bench::test
