#pragma once
// The block device under a directory, from sysfs: its name ("vda", "nvme0n1", "sda"), the driver that serves it
// ("virtio_blk", "nvme", "sd"), and its model as the device reports it ("QEMU HARDDISK", "Samsung SSD 980 PRO
// 1TB"): what a guest's results need to say which virtual disk it ran on, and a host's which drive. A partition
// is described by its disk.
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>

namespace bench {

struct BlockDevice {
  std::string name;    // the disk's kernel name
  std::string driver;  // empty when sysfs names none (device-mapper, md, loop)
  std::string model;   // empty when the device reports none
};

// The device with number `device` (stat's st_dev) as `sys_root` (normally "/sys") describes it; nullopt for a
// filesystem without a block device (tmpfs, overlay, NFS: major 0) or one sysfs does not know.
std::optional<BlockDevice> describe_block_device(const std::filesystem::path& sys_root, dev_t device);

// Whether the disk of device `device` (a partition's disk) has poll queues, as its queue/io_poll says (what io_uring's
// IORING_SETUP_IOPOLL needs: without them the kernel fails polled requests with EOPNOTSUPP); nullopt when sysfs
// does not say (no block device, an unknown one).
std::optional<bool> device_polls(const std::filesystem::path& sys_root, dev_t device);

// Whether the disk of device `device` (a partition's disk) discards (BLKDISCARD), as its queue/discard_max_bytes says
// (0: it does not, and the kernel fails a discard with EOPNOTSUPP); nullopt when sysfs does not say.
std::optional<bool> device_discards(const std::filesystem::path& sys_root, dev_t device);

// The device under `directory`; nullopt as above or when it cannot be stat'ed.
std::optional<BlockDevice> block_device_of(const std::filesystem::path& directory);

}  // namespace bench
