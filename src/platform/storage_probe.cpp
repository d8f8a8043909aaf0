#include "platform/storage_probe.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "platform/block_device.h"
#include "platform/posix_file.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

std::string reason_of(int error) { return std::strerror(error); }

// The O_DIRECT facts of the file `fd` names (`path`), for a probe.
void read_direct_io(int fd, const fs::path& path, DirectoryProbe& probe) {
  struct statx info {};
  if (::statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &info) == 0 && (info.stx_mask & STATX_DIOALIGN) != 0) {
    probe.direct_io = DirectIoAlignment{info.stx_dio_mem_align, info.stx_dio_offset_align};
  }
  const UniqueFd direct(::open(path.c_str(), O_RDONLY | O_DIRECT | O_CLOEXEC | O_NOFOLLOW));
  probe.opens_direct = direct.is_open() || errno != EINVAL;
}

// Makes a hidden file in `dir`, reads its O_DIRECT facts and removes it; the refusal when it cannot.
std::optional<std::string> probe_file(const fs::path& dir, DirectoryProbe& probe) {
  std::string pattern = (dir / ".bench++-probe.XXXXXX").string();
  const UniqueFd file(::mkostemp(pattern.data(), O_CLOEXEC));
  if (!file.is_open()) return fmt::format("a file cannot be created in it ({})", reason_of(errno));
  read_direct_io(file.get(), pattern, probe);
  if (::unlink(pattern.c_str()) != 0) {
    return fmt::format("a file made in it cannot be removed ({}): '{}' is left", reason_of(errno), pattern);
  }
  return std::nullopt;
}

}  // namespace

std::optional<DirectIoAlignment> direct_io_alignment(const fs::path& path) {
  struct statx info {};
  if (::statx(AT_FDCWD, path.c_str(), 0, STATX_DIOALIGN, &info) != 0) return std::nullopt;
  if ((info.stx_mask & STATX_DIOALIGN) == 0) return std::nullopt;
  return DirectIoAlignment{info.stx_dio_mem_align, info.stx_dio_offset_align};
}

BlockDeviceLimits block_device_limits(const fs::path& device) {
  const UniqueFd fd(::open(device.c_str(), O_RDONLY | O_CLOEXEC));
  int logical_block_bytes = 0;
  if (!fd.is_open() || ::ioctl(fd.get(), BLKSSZGET, &logical_block_bytes) != 0 || logical_block_bytes <= 0) {
    throw_errno("query the block size of", device);
  }
  struct stat info {};
  BlockDeviceLimits limits;
  limits.logical_block_bytes = static_cast<std::uint32_t>(logical_block_bytes);
  if (::fstat(fd.get(), &info) == 0 && S_ISBLK(info.st_mode)) limits.discards = device_discards("/sys", info.st_rdev);
  return limits;
}

DirectoryProbe probe_directory(const fs::path& dir, DirectoryUse use) {
  DirectoryProbe probe;
  if (use == DirectoryUse::kFiles) {
    probe.refusal = probe_file(dir, probe);
    return probe;
  }
  std::string pattern = (dir / ".bench++-probe.XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    probe.refusal = fmt::format("a directory cannot be made in it ({})", reason_of(errno));
    return probe;
  }
  probe.refusal = probe_file(pattern, probe);
  if (::rmdir(pattern.c_str()) != 0 && !probe.refusal) {
    probe.refusal = fmt::format("a directory made in it cannot be removed ({}): '{}' is left", reason_of(errno), pattern);
  }
  return probe;
}

}  // namespace bench
