#include "platform/sync_fs.h"

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

}  // namespace bench
