#include "platform/file_identity.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <system_error>

namespace bench {
namespace {

namespace fs = std::filesystem;

// Linux's character devices that keep nothing written to them: mem's null (1:3), zero (1:5), full (1:7), random
// (1:8), urandom (1:9) (Documentation/admin-guide/devices.txt).
bool keeps_nothing(dev_t device) {
  const unsigned minor_number = minor(device);
  return major(device) == 1 && (minor_number == 3 || minor_number == 5 || minor_number == 7 || minor_number == 8 ||
                                minor_number == 9);
}

// The terminals: tty's majors 4 and 5 (/dev/ttyN, /dev/tty, /dev/console, /dev/ptmx) and the pseudo-terminals' 136
// to 143.
bool is_terminal(dev_t device) {
  const unsigned major_number = major(device);
  return major_number == 4 || major_number == 5 || (major_number >= 136 && major_number <= 143);
}

FileKind kind_of(const struct stat& info) {
  if (S_ISREG(info.st_mode)) return FileKind::kRegular;
  if (S_ISDIR(info.st_mode)) return FileKind::kDirectory;
  if (S_ISBLK(info.st_mode)) return FileKind::kBlockDevice;
  if (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode)) return FileKind::kStream;
  if (S_ISCHR(info.st_mode) && keeps_nothing(info.st_rdev)) return FileKind::kDiscard;
  if (S_ISCHR(info.st_mode) && is_terminal(info.st_rdev)) return FileKind::kStream;
  return FileKind::kOtherDevice;
}

}  // namespace

bool same_file(const FileIdentity& a, const FileIdentity& b) {
  if (a.kind == FileKind::kDiscard || b.kind == FileKind::kDiscard) return false;
  if (a.inode && b.inode) return *a.inode == *b.inode;
  return a.resolved == b.resolved;
}

FileIdentity identify_file(const fs::path& path) {
  FileIdentity identity;
  std::error_code error;
  identity.resolved = fs::weakly_canonical(fs::absolute(path, error), error);
  if (error) identity.resolved = fs::absolute(path, error).lexically_normal();
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    identity.inode = std::pair<std::uint64_t, std::uint64_t>(info.st_dev, info.st_ino);
    identity.kind = kind_of(info);
  }
  return identity;
}

std::optional<fs::path> symbolic_link_target(const fs::path& path) {
  std::error_code error;
  if (!fs::is_symlink(fs::symlink_status(path, error))) return std::nullopt;
  fs::path target = fs::read_symlink(path, error);
  return error ? fs::path("?") : target;
}

}  // namespace bench
