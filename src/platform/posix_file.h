#pragma once
// A move-only owner of a POSIX file descriptor. Every method retries on EINTR and throws
// std::system_error whose what() reads "cannot <verb> <path>: <errno text>". The destructor closes
// without throwing; call close() to see close errors.
#include <fcntl.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace bench {

// Throws std::system_error(errno) with "cannot <verb> <path>".
[[noreturn]] void throw_errno(const std::string& verb, const std::filesystem::path& path);
[[noreturn]] void throw_errno(int error, const std::string& verb, const std::filesystem::path& path);

class PosixFile {
 public:
  PosixFile() = default;
  // open(2) with O_CLOEXEC added. REQUIRES: mode given when flags has O_CREAT.
  PosixFile(const std::filesystem::path& path, int flags, mode_t mode = 0600);
  // Relative to a directory descriptor (openat).
  PosixFile(const PosixFile& dir, const std::filesystem::path& dir_path, const char* name, int flags,
            mode_t mode = 0600);
  PosixFile(PosixFile&& other) noexcept;
  PosixFile& operator=(PosixFile&& other) noexcept;
  PosixFile(const PosixFile&) = delete;
  PosixFile& operator=(const PosixFile&) = delete;
  ~PosixFile();

  bool is_open() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  const std::filesystem::path& path() const { return path_; }

  // One write(2) of the whole buffer, looping on short writes. A write that makes no progress is ENOSPC.
  void write_all(const void* data, std::size_t size);
  // One write(2) of a single byte (the per-char test's system call).
  void write_byte(unsigned char byte);
  // Reads exactly size bytes unless end of file comes first; returns the bytes read.
  std::size_t read_full(void* data, std::size_t size);
  // pread(2)/pwrite(2) forms of read_full and write_all: the same I/O at `offset` without moving the file
  // position, one system call instead of lseek(2) + read(2)/write(2).
  std::size_t read_full_at(void* data, std::size_t size, std::uint64_t offset);
  void write_all_at(const void* data, std::size_t size, std::uint64_t offset);
  // One read(2) of a single byte; false at end of file.
  bool read_byte(unsigned char& byte);
  void sync();       // fsync
  void data_sync();  // fdatasync
  // Drops the file's clean pages from the page cache (POSIX_FADV_DONTNEED); writes back dirty ones first.
  void drop_cache();
  std::uint64_t size() const;
  void close();

 private:
  int fd_ = -1;
  std::filesystem::path path_;
};

}  // namespace bench
