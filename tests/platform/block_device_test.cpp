// The disk under a directory from a sysfs tree made up in a temporary directory (a virtio disk's partition, an
// NVMe namespace, a SCSI disk with vendor and model, device-mapper), and the real one here.
#include "platform/block_device.h"

#include <doctest/doctest.h>
#include <sys/sysmacros.h>

#include <fstream>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A sysfs root with the device `number` at `device_dir` (relative to the root's devices/).
struct FakeSys {
  test::TempDir root;
  fs::path add(const std::string& number, const std::string& device_dir) {
    const fs::path dir = root.path() / "devices" / device_dir;
    fs::create_directories(dir);
    fs::create_directories(root.path() / "dev" / "block");
    fs::create_directory_symlink(dir, root.path() / "dev" / "block" / number);
    return dir;
  }
  void driver(const fs::path& device, const std::string& name) {
    const fs::path driver_dir = root.path() / "bus" / "drivers" / name;
    fs::create_directories(driver_dir);
    fs::create_directory_symlink(driver_dir, device / "driver");
  }
  static void write(const fs::path& file, const std::string& text) { std::ofstream(file) << text << "\n"; }
};

}  // namespace

TEST_CASE("block device: a partition of a virtio disk is described by its disk and driver") {
  FakeSys sys;
  const fs::path disk = sys.add("254:0", "pci0000:00/virtio1/block/vda");
  fs::create_directories(disk / "vda1");
  FakeSys::write(disk / "vda1" / "partition", "1");
  fs::create_directory_symlink(disk / "vda1", sys.root.path() / "dev" / "block" / "254:1");
  fs::create_directories(disk / "device");
  sys.driver(disk / "device", "virtio_blk");
  FakeSys::write(disk / "device" / "vendor", "0x1af4");  // a PCI id is not a vendor name
  const auto described = describe_block_device(sys.root.path(), makedev(254, 1));
  REQUIRE(described.has_value());
  CHECK(described->name == "vda");
  CHECK(described->driver == "virtio_blk");
  CHECK(described->model.empty());
}

TEST_CASE("block device: NVMe's driver is its controller's, SCSI reports vendor and model, dm has neither") {
  FakeSys sys;
  const fs::path nvme = sys.add("259:0", "pci0000:00/nvme/nvme0/nvme0n1");
  fs::create_directories(nvme / "device" / "device");
  sys.driver(nvme / "device" / "device", "nvme");
  FakeSys::write(nvme / "device" / "model", "Samsung SSD 980 PRO 1TB   ");
  const auto n = describe_block_device(sys.root.path(), makedev(259, 0));
  REQUIRE(n.has_value());
  CHECK(n->name == "nvme0n1");
  CHECK(n->driver == "nvme");
  CHECK(n->model == "Samsung SSD 980 PRO 1TB");

  const fs::path sda = sys.add("8:0", "pci0000:00/host0/target0:0:0/0:0:0:0/block/sda");
  fs::create_directories(sda / "device");
  sys.driver(sda / "device", "sd");
  FakeSys::write(sda / "device" / "vendor", "ATA     ");
  FakeSys::write(sda / "device" / "model", "QEMU HARDDISK");
  const auto s = describe_block_device(sys.root.path(), makedev(8, 0));
  REQUIRE(s.has_value());
  CHECK(s->model == "ATA QEMU HARDDISK");
  CHECK(s->driver == "sd");

  sys.add("253:0", "virtual/block/dm-0");
  const auto dm = describe_block_device(sys.root.path(), makedev(253, 0));
  REQUIRE(dm.has_value());
  CHECK(dm->name == "dm-0");
  CHECK(dm->driver.empty());

  CHECK(!describe_block_device(sys.root.path(), makedev(0, 42)).has_value());  // tmpfs, overlay, NFS
  CHECK(!describe_block_device(sys.root.path(), makedev(7, 3)).has_value());   // unknown to this sysfs
}

TEST_CASE("block device: this machine's test directory") {
  const auto here = block_device_of(fs::temp_directory_path());
  MESSAGE("the disk under " << fs::temp_directory_path().string() << ": "
                            << (here ? here->name + " (" + here->driver + ") " + here->model : "none"));
  if (here) CHECK(!here->name.empty());
}

}  // namespace bench
