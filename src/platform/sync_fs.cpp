#include "platform/sync_fs.h"

#include <fcntl.h>
#include <unistd.h>

#include "platform/posix_file.h"

namespace bench {

void sync_filesystem(int fd, const std::filesystem::path& path) {
#ifdef __linux__
  if (::syncfs(fd) != 0) throw_errno("sync the filesystem of", path);
#else
  static_cast<void>(fd);
  static_cast<void>(path);
  ::sync();
#endif
}

void sync_filesystem(const std::filesystem::path& path) {
  // O_RDONLY works for directories and for files without write permission.
  const PosixFile file(path, O_RDONLY);
  sync_filesystem(file.fd(), path);
}

}  // namespace bench
