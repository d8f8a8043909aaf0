#include "platform/file_calls.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <memory>

#include "platform/posix_file.h"

namespace bench {

int create_file_at(int dir_fd, const char* name, int flags, int* keep) {
  const int fd = retry_on_eintr([&] { return ::openat(dir_fd, name, O_CREAT | flags, 0600); });
  if (fd < 0) return -errno;
  if (keep != nullptr) {
    *keep = fd;
    return 0;
  }
  return ::close(fd) == 0 ? 0 : -errno;  // close(2) is not retried: the descriptor is gone either way
}

int stat_file_at(int dir_fd, const char* name, StatCall call, struct stat& status) {
  if (call == StatCall::kStatx) {
    struct statx extended {};
    if (dir_fd != AT_FDCWD && name[0] != '/') return ::statx(dir_fd, name, 0, STATX_ALL, &extended) == 0 ? 0 : -errno;
    const std::unique_ptr<char, decltype(&std::free)> path(::realpath(name, nullptr), &std::free);
    if (!path) return -errno;
    return ::statx(-1, path.get(), 0, STATX_ALL, &extended) == 0 ? 0 : -errno;
  }
  const int rc = ::fstatat(dir_fd, name, &status, call == StatCall::kLstat ? AT_SYMLINK_NOFOLLOW : 0);
  return rc == 0 ? 0 : -errno;
}

int remove_file_at(int dir_fd, const char* name) {
  return retry_on_eintr([&] { return ::unlinkat(dir_fd, name, 0); }) == 0 ? 0 : -errno;
}

}  // namespace bench
