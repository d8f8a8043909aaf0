#pragma once
// Flushing one filesystem: syncfs(2) of the filesystem that holds an open descriptor, instead of a machine-wide
// sync(2) that would also write back unrelated filesystems (bonnie++ calls sync()). Where syncfs(2) does
// not exist (not Linux), falls back to sync(2). Throws std::system_error "cannot sync the filesystem of <path>".
#include <filesystem>

namespace bench {

// Flushes the filesystem holding the open descriptor `fd`; `path` names it in errors only.
void sync_filesystem(int fd, const std::filesystem::path& path);

}  // namespace bench
