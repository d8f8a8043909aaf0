#include "reliability/scratch_mount.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <functional>
#include <system_error>

#include <fmt/format.h>

namespace bench::test {

TmpfsMount::TmpfsMount(const std::string& options) : options_(options) {
  if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", 0, options_.c_str()) != 0) {
    throw std::system_error(errno, std::generic_category(), "mount tmpfs on " + dir_.path().string());
  }
  mounted_ = true;
}

TmpfsMount::~TmpfsMount() {
  if (mounted_ && ::umount2(dir_.path().c_str(), 0) != 0) ::umount2(dir_.path().c_str(), MNT_DETACH);
}

void TmpfsMount::remount_read_only() {
  if (::mount("tmpfs", dir_.path().c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, options_.c_str()) != 0) {
    throw std::system_error(errno, std::generic_category(), "remount read-only " + dir_.path().string());
  }
}

RunDirectory::RunDirectory(const std::string& tmpfs_options) {
  if (running_as_root()) {
    mount_ = std::make_unique<TmpfsMount>(tmpfs_options);
  } else {
    temp_ = std::make_unique<TempDir>();
  }
}

std::vector<std::string> snapshot_tree(const std::filesystem::path& dir) {
  std::vector<std::string> lines;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    struct stat st {};
    if (::lstat(entry.path().c_str(), &st) != 0) throw std::system_error(errno, std::generic_category(), "lstat");
    std::string what;
    if (S_ISLNK(st.st_mode)) {
      what = "-> " + std::filesystem::read_symlink(entry.path()).string();
    } else if (S_ISREG(st.st_mode)) {
      what = fmt::format("#{:x}", std::hash<std::string>{}(read_file(entry.path())));
    }
    lines.push_back(fmt::format("{} mode={:o} uid={} size={} mtime={}.{:09} {}",
                                std::filesystem::relative(entry.path(), dir).string(), st.st_mode, st.st_uid,
                                st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec, what));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::filesystem::path> new_private_dirs(const std::filesystem::path& dir,
                                                    const std::vector<std::string>& known) {
  std::vector<std::filesystem::path> found;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("bench++.", 0) != 0 || std::find(known.begin(), known.end(), name) != known.end()) continue;
    if (entry.is_directory(error) && !entry.is_symlink(error)) found.push_back(entry.path());
  }
  return found;
}

std::optional<std::filesystem::path> find_data_file(const std::filesystem::path& dir,
                                                    const std::vector<std::string>& known) {
  const auto dirs = new_private_dirs(dir, known);
  if (dirs.size() != 1) return std::nullopt;
  const auto data = dirs.front() / "worker-0" / "data";
  std::error_code error;
  if (!std::filesystem::exists(data, error)) return std::nullopt;
  return data;
}

std::uint64_t fill_filesystem(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "create " + path.string());
  static const std::vector<char> zeros(1 << 16, 0);
  std::uint64_t total = 0;
  for (std::size_t piece = zeros.size(); piece > 0;) {
    const ssize_t n = ::write(fd, zeros.data(), piece);
    if (n > 0) {
      total += static_cast<std::uint64_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      piece /= 2;  // full (ENOSPC): try smaller pieces down to one byte, to leave no space at all
    }
  }
  ::close(fd);
  return total;
}

}  // namespace bench::test
