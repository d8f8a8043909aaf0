#include "platform/posix_file.h"

#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>
#include <vector>
#include <utility>

#include "platform/resource_limits.h"

namespace bench {

void throw_errno(int error, const std::string& verb, const std::filesystem::path& path) {
  // A write past the file size limit is named with the limit.
  const std::string what = path.string();
  throw std::system_error(error, std::generic_category(),
                          verb == "write" ? write_failure_text(error, what) : "cannot " + verb + " " + what);
}

void throw_errno(const std::string& verb, const std::filesystem::path& path) { throw_errno(errno, verb, path); }

namespace {
// The per-char tests' one-byte calls, as the system calls themselves (syscall(2)), not glibc's read()/write().
// Those are cancellation points: once the process has started a thread (bench++'s runner has, bonnie++ has not)
// glibc wraps each call in enabling and disabling asynchronous cancellation, some 22 ns of a 193 ns one-byte
// write on an Intel Xeon KVM guest (2026-12-06: 215 against 193 ns, the same loop before and after a
// pthread_create; 192 ns through syscall(2)). bench++ never cancels a thread, so the wrapper buys nothing, and
// without it each call costs what bonnie++'s single-threaded one does. Same results and errno as read/write.
ssize_t write_one_byte(int fd, const unsigned char* byte) { return ::syscall(SYS_write, fd, byte, 1); }
ssize_t read_one_byte(int fd, unsigned char* byte) { return ::syscall(SYS_read, fd, byte, 1); }

// Repeats transfer(done) -> bytes moved (as read/write/pread/pwrite return) until `size` bytes are moved;
// a zero return ends a read early and is ENOSPC for a write. Returns the bytes moved.
template <typename Transfer>
std::size_t transfer_all(std::size_t size, bool is_write, const std::filesystem::path& path, Transfer transfer) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = retry_on_eintr([&] { return transfer(done); });
    if (n < 0) throw_errno(is_write ? "write" : "read", path);
    if (n == 0) {
      if (is_write) throw_errno(ENOSPC, "write", path);
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  return done;
}
}  // namespace

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

UniqueFd::~UniqueFd() { close(); }

int UniqueFd::close() noexcept {
  if (fd_ < 0) return 0;
  return ::close(std::exchange(fd_, -1)) != 0 && errno != EINTR ? errno : 0;
}

bool stop_sharing_descriptor_table() noexcept { return ::unshare(CLONE_FILES) == 0; }

PosixFile::PosixFile(const std::filesystem::path& path, int flags, mode_t mode) : path_(path) {
  fd_ = UniqueFd(retry_on_eintr([&] { return ::open(path.c_str(), flags | O_CLOEXEC, mode); }));
  if (!fd_.is_open()) throw_errno("open", path);  // nothing between open(2) and here touches errno
}

void PosixFile::write_all(const void* data, std::size_t size) {
  const auto* bytes = static_cast<const char*>(data);
  transfer_all(size, true, path_, [&](std::size_t done) { return ::write(fd(), bytes + done, size - done); });
}

void PosixFile::write_bytes_singly(const unsigned char* bytes, std::size_t count) {
  const int fd = this->fd();
  for (std::size_t i = 0; i < count; ++i) {
    const ssize_t result = write_one_byte(fd, bytes + i);
    if (result != 1) [[unlikely]] finish_byte_write(bytes + i, result);
  }
}

void PosixFile::finish_byte_write(const unsigned char* byte, ssize_t result) {
  while (result != 1) {
    if (result == 0) throw_errno(ENOSPC, "write", path_);
    if (errno != EINTR) throw_errno("write", path_);
    result = write_one_byte(fd(), byte);
  }
}

std::size_t PosixFile::read_full(void* data, std::size_t size) {
  auto* bytes = static_cast<char*>(data);
  return transfer_all(size, false, path_, [&](std::size_t done) { return ::read(fd(), bytes + done, size - done); });
}

std::size_t PosixFile::read_full_at(void* data, std::size_t size, std::uint64_t offset) {
  auto* bytes = static_cast<char*>(data);
  return transfer_all(size, false, path_, [&](std::size_t done) {
    return ::pread(fd(), bytes + done, size - done, static_cast<off_t>(offset + done));
  });
}

void PosixFile::write_all_at(const void* data, std::size_t size, std::uint64_t offset) {
  const auto* bytes = static_cast<const char*>(data);
  transfer_all(size, true, path_, [&](std::size_t done) {
    return ::pwrite(fd(), bytes + done, size - done, static_cast<off_t>(offset + done));
  });
}

std::size_t PosixFile::read_bytes_singly(unsigned char* bytes, std::size_t count) {
  const int fd = this->fd();
  for (std::size_t i = 0; i < count; ++i) {
    const ssize_t result = read_one_byte(fd, bytes + i);
    if (result != 1 && !finish_byte_read(bytes + i, result)) [[unlikely]] return i;
  }
  return count;
}

bool PosixFile::finish_byte_read(unsigned char* byte, ssize_t result) {
  for (;;) {
    if (result >= 0) return result == 1;
    if (errno != EINTR) throw_errno("read", path_);
    result = read_one_byte(fd(), byte);
  }
}

void PosixFile::sync() {
  if (retry_on_eintr([&] { return ::fsync(fd()); }) < 0) throw_errno("fsync", path_);
}

void PosixFile::data_sync() {
  if (retry_on_eintr([&] { return ::fdatasync(fd()); }) < 0) throw_errno("fdatasync", path_);
}

void PosixFile::drop_cache() {
  data_sync();
  const int rc = ::posix_fadvise(fd(), 0, 0, POSIX_FADV_DONTNEED);
  if (rc != 0) throw_errno(rc, "drop the cached pages of", path_);
}

std::uint64_t PosixFile::cached_bytes(std::uint64_t length) const {
  length = std::min(length, size());
  if (length == 0) return 0;
  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  void* map = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, fd(), 0);
  if (map == MAP_FAILED) throw_errno("map", path_);
  std::vector<unsigned char> resident((length + page - 1) / page);
  const int rc = ::mincore(map, length, resident.data());
  const int error = errno;
  ::munmap(map, length);
  if (rc != 0) throw_errno(error, "query the cached pages of", path_);
  std::uint64_t pages = 0;
  for (const unsigned char flags : resident) pages += flags & 1u;
  return std::min(pages * page, length);
}

std::uint64_t PosixFile::size() const {
  struct stat st {};
  if (::fstat(fd(), &st) < 0) throw_errno("stat", path_);
  return static_cast<std::uint64_t>(st.st_size);
}

void PosixFile::close() {
  if (const int error = fd_.close(); error != 0) throw_errno(error, "close", path_);
}

}  // namespace bench
