#pragma once
// File descriptors: UniqueFd owns one, PosixFile adds its path and the I/O the phases do. Every PosixFile method
// retries on EINTR and throws std::system_error whose what() reads "cannot <verb> <path>: <errno text>".
// Destructors close without throwing; call close() to see close errors.
#include <fcntl.h>
#include <sys/types.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>

namespace bench {

// Throws std::system_error(errno) with "cannot <verb> <path>"; a write failing with EFBIG under a file size limit
// with "file size limit reached writing <path> (the file size limit (ulimit -f) of 64.0 KiB)".
[[noreturn]] void throw_errno(const std::string& verb, const std::filesystem::path& path);
[[noreturn]] void throw_errno(int error, const std::string& verb, const std::filesystem::path& path);

// Calls f() again while it fails with EINTR (returns a negative value with errno == EINTR); returns f()'s last
// result. For the system calls that may be restarted: not close(2).
template <typename F>
auto retry_on_eintr(F f) {
  for (;;) {
    auto result = f();
    if (result >= 0 || errno != EINTR) return result;
  }
}

// The sole owner of a file descriptor, without a path or I/O: the file tests' per-file work uses it alone so
// that their timed loops build no path (they name the file in their own errors). Move-only.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}  // takes `fd`; -1 owns nothing
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept;
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd();  // closes, ignoring errors

  bool is_open() const { return fd_ >= 0; }
  int get() const { return fd_; }
  // close(2) now (nothing when not open): 0, or the errno of the failure. Not retried: EINTR counts as closed,
  // since on Linux the descriptor is released either way.
  int close() noexcept;

 private:
  int fd_ = -1;
};

// Gives the calling thread a descriptor table of its own, a copy of the process's (unshare(2) with
// CLONE_FILES), so that the threads that keep the shared one take Linux's fast path for every system call
// on a descriptor: while a table is shared, each read(2) or write(2) takes a reference on the open file and
// its position lock (fs/file.c, fdget_pos), some 55 ns of a 450-630 ns one-byte call on the development VM.
// For a thread that needs no descriptor opened after this call and opens none that others need (the
// progress ticker: it writes to stderr). The copy keeps the files open at this moment open until the thread
// ends. Returns false where unshare(2) is refused (a seccomp filter); nothing changes then.
bool stop_sharing_descriptor_table() noexcept;

class PosixFile {
 public:
  PosixFile() = default;
  // open(2) with O_CLOEXEC added. REQUIRES: mode given when flags has O_CREAT.
  PosixFile(const std::filesystem::path& path, int flags, mode_t mode = 0600);

  bool is_open() const { return fd_.is_open(); }
  int fd() const { return fd_.get(); }
  const std::filesystem::path& path() const { return path_; }

  // One write(2) of the whole buffer, looping on short writes. A write that makes no progress is ENOSPC.
  void write_all(const void* data, std::size_t size);
  // The per-char test's system calls: one write(2) of one byte for each of bytes[0..count), in order, made
  // through syscall(2) (glibc's wrapper costs more once a process has threads: posix_file.cpp). The loop holds
  // only the call and a check of its result; EINTR repeats the byte, a call that writes nothing
  // is ENOSPC.
  void write_bytes_singly(const unsigned char* bytes, std::size_t count);
  // Reads exactly size bytes unless end of file comes first; returns the bytes read.
  std::size_t read_full(void* data, std::size_t size);
  // pread(2)/pwrite(2) forms of read_full and write_all: the same I/O at `offset` without moving the file
  // position, one system call instead of lseek(2) + read(2)/write(2).
  std::size_t read_full_at(void* data, std::size_t size, std::uint64_t offset);
  void write_all_at(const void* data, std::size_t size, std::uint64_t offset);
  // One read(2) of one byte into each of bytes[0..count), in order (as write_bytes_singly); returns the
  // bytes read, fewer than count only when the file ends first.
  std::size_t read_bytes_singly(unsigned char* bytes, std::size_t count);
  void sync();       // fsync
  void data_sync();  // fdatasync
  // Drops the file's clean pages from the page cache (POSIX_FADV_DONTNEED); writes back dirty ones first.
  void drop_cache();
  // How many bytes of [0, length) (clipped to the file's size) are in the page cache now, in whole pages
  // (mmap(2) without touching the pages, then mincore(2)). Throws std::system_error.
  std::uint64_t cached_bytes(std::uint64_t length) const;
  std::uint64_t size() const;
  void close();

 private:
  // The rest of a one-byte call that returned `result` (not 1), out of the per-byte loop: repeats the call on
  // EINTR and throws on a failure; a write that wrote nothing is ENOSPC, a read that read nothing returns
  // false (end of file).
  void finish_byte_write(const unsigned char* byte, ssize_t result);
  bool finish_byte_read(unsigned char* byte, ssize_t result);

  UniqueFd fd_;
  std::filesystem::path path_;
};

}  // namespace bench
