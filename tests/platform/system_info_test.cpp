#include "platform/system_info.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("find_mount picks the longest mount point that contains the path") {
  const std::string text = test::read_fixture("mountinfo/debian.txt");
  CHECK(find_mount(text, "/home/user")->filesystem == "ext4");
  CHECK(find_mount(text, "/home/user")->source == "/dev/vda1");
  // Mount options, then the superblock's that are not among them ("rw" is in both).
  CHECK(find_mount(text, "/home/user")->options == "rw,relatime,errors=remount-ro");
  CHECK(find_mount(text, "/dev/shm")->filesystem == "tmpfs");
  CHECK(find_mount(text, "/dev/shmx")->filesystem == "ext4");  // not under /dev/shm
  const auto spaced = find_mount(text, "/mnt/my disk/data");
  REQUIRE(spaced.has_value());
  CHECK(spaced->mount_point == "/mnt/my disk");
  CHECK(spaced->filesystem == "xfs");
  CHECK(find_mount(text, "/mnt/my disk/cache/x")->filesystem == "tmpfs");
  CHECK(find_mount(text, "/mnt/over/x")->filesystem == "btrfs");  // the later mount hides the earlier
}

TEST_CASE("find_mount survives junk") {
  CHECK_FALSE(find_mount("", "/").has_value());
  CHECK_FALSE(find_mount("garbage\n1 2 3\n\n", "/x").has_value());
  CHECK_FALSE(find_mount(std::string(100000, ' ') + "\n", "/x").has_value());
  CHECK_FALSE(find_mount("1 2 3 4 /a opts - \n", "/a").has_value());  // fstype and source missing
}

TEST_CASE("describe_system reads this machine") {
  const auto d = describe_system("/");
  CHECK_FALSE(d.host_name.empty());
  CHECK(d.kernel.rfind("Linux ", 0) == 0);
  CHECK(d.mount.mount_point == "/");
  CHECK_FALSE(d.mount.filesystem.empty());
}

}  // namespace
}  // namespace bench
