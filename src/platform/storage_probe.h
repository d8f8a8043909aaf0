#pragma once
// What the disk says of where a run's files and requests go, read when the run is planned (plan/disk_checks.h asks,
// for the run and --dry-run alike): whether a directory takes what the run makes there (a probe that removes what
// it made), the O_DIRECT alignment of a file (statx's STATX_DIOALIGN) and a block device's logical block size
// (BLKSSZGET) and discard support (its queue/discard_max_bytes).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace bench {

// What O_DIRECT requests on a file need (statx's stx_dio_mem_align and stx_dio_offset_align, in bytes): their
// buffers' addresses and their offsets and lengths multiples of these. An offset alignment of 0: the file takes no
// O_DIRECT at all.
struct DirectIoAlignment {
  std::uint32_t memory_bytes = 0;
  std::uint32_t offset_bytes = 0;
};

// statx(STATX_DIOALIGN) of `path` (symbolic links followed); nullopt when its filesystem does not say (before Linux
// 6.1, or a filesystem that does not report it) or it cannot be queried.
std::optional<DirectIoAlignment> direct_io_alignment(const std::filesystem::path& path);

// What a block device takes of requests: its logical block size (BLKSSZGET), the unit of every O_DIRECT request's
// offset and length and of every discard (BLKDISCARD, or fallocate's punched hole on a device), and whether it
// discards at all (sysfs: queue/discard_max_bytes of its disk; nullopt where sysfs does not say).
struct BlockDeviceLimits {
  std::uint32_t logical_block_bytes = 512;
  std::optional<bool> discards;
};
// Throws std::system_error "cannot query the block size of <device>" when it cannot be opened or asked.
BlockDeviceLimits block_device_limits(const std::filesystem::path& device);

// What a run makes in a directory: a private directory with files in it (-d's bench++.XXXXXX, directory='s
// bench++-job.XXXXXX), or files directly in it (a filename= that bench++ creates).
enum class DirectoryUse { kPrivateDirectory, kFiles };

struct DirectoryProbe {
  // Why the directory cannot hold what the run makes there ("a directory cannot be made in it (Operation not
  // permitted)"); nullopt when it can.
  std::optional<std::string> refusal;
  // Of a file made there: its O_DIRECT alignment (nullopt when the filesystem does not say), and whether it opens
  // with O_DIRECT (a filesystem without O_DIRECT refuses the open with EINVAL).
  std::optional<DirectIoAlignment> direct_io;
  bool opens_direct = true;
};

// Makes in `dir` what a run makes there and removes it again: for kPrivateDirectory a hidden directory
// (".bench++-probe.XXXXXX", mode 0700) and a file in it, for kFiles a hidden file (".bench++-probe.XXXXXX"). Never
// throws for what the directory refuses: that is the refusal. Nothing is left behind unless the directory lets a
// thing be made and then not removed (then the refusal says so and names it).
DirectoryProbe probe_directory(const std::filesystem::path& dir, DirectoryUse use);

}  // namespace bench
