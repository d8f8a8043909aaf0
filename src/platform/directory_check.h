#pragma once
// The one check of the test directory made before a run: the benchmark command calls it after parsing and
// after dropping privileges (the parser itself never touches the disk).
#include <cstdint>
#include <filesystem>

namespace bench {

// Throws UsageError unless `dir` exists, is a directory (symbolic links followed), and is writable and
// searchable by this process (access(W_OK | X_OK), so root passes as the kernel would let it).
// Messages: "directory '/x' does not exist", "'/x' is not a directory", "directory '/x' is not writable".
void check_directory_usable(const std::filesystem::path& dir);

// The space and inodes an unprivileged writer may still take in `dir`'s filesystem (statvfs f_bavail, f_favail;
// bytes UINT64_MAX where the filesystem has no set size, as ramfs; inodes 0 where it sets no limit, as btrfs). Throws std::system_error "cannot query the free space
// of <dir>".
struct FreeSpace {
  std::uint64_t bytes = 0;
  std::uint64_t inodes = 0;
};
FreeSpace free_space(const std::filesystem::path& dir);

}  // namespace bench
