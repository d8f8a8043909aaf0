#include "platform/directory_check.h"

#include <fmt/format.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "platform/posix_file.h"
#include "result/errors.h"
#include "result/size_arithmetic.h"

namespace bench {

void check_directory_usable(const std::filesystem::path& dir) {
  std::error_code error;
  const auto status = std::filesystem::status(dir, error);
  if (status.type() == std::filesystem::file_type::not_found) {
    throw UsageError(fmt::format("directory '{}' does not exist", dir.string()));
  }
  if (error) throw UsageError(fmt::format("cannot use directory '{}': {}", dir.string(), error.message()));
  if (!std::filesystem::is_directory(status)) throw UsageError(fmt::format("'{}' is not a directory", dir.string()));
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    const int saved = errno;
    const std::string detail = saved == EACCES ? "" : fmt::format(" ({})", std::strerror(saved));
    throw UsageError(fmt::format("directory '{}' is not writable{}", dir.string(), detail));
  }
}

FreeSpace free_space(const std::filesystem::path& dir) {
  struct statvfs fs {};
  if (::statvfs(dir.c_str(), &fs) != 0) throw_errno("query the free space of", dir);
  // A filesystem of no set size (ramfs: f_blocks 0) has no limit to check against, as one without inode counts.
  if (fs.f_blocks == 0) return {UINT64_MAX, fs.f_favail};
  return {checked_multiply(fs.f_bavail, fs.f_frsize).value_or(UINT64_MAX), fs.f_favail};
}

}  // namespace bench
