// PosixFile's one-byte calls (the per-char tests') and stop_sharing_descriptor_table (the progress ticker's).
#include <doctest/doctest.h>

#include <fcntl.h>

#include <cerrno>
#include <latch>
#include <thread>
#include <vector>

#include "platform/posix_file.h"
#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("PosixFile: write_bytes_singly writes the bytes in order, read_bytes_singly reads them, fewer at the end") {
  test::TempDir dir;
  const auto path = dir.path() / "bytes";
  std::vector<unsigned char> bytes(300);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(i * 7);
  {
    PosixFile file(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    file.write_bytes_singly(bytes.data(), 200);
    file.write_bytes_singly(bytes.data() + 200, 100);
    file.close();
  }
  CHECK(test::read_file(path) == std::string(bytes.begin(), bytes.end()));
  PosixFile file(path, O_RDONLY);
  std::vector<unsigned char> back(400, 0xff);
  CHECK(file.read_bytes_singly(back.data(), 100) == 100);
  CHECK(file.read_bytes_singly(back.data() + 100, 300) == 200);  // the file ends after 300 bytes
  CHECK(std::equal(bytes.begin(), bytes.end(), back.begin()));
  CHECK(back[300] == 0xff);  // nothing written past what was read
  CHECK(file.read_bytes_singly(back.data(), 1) == 0);
}

TEST_CASE("stop_sharing_descriptor_table: the caller keeps what was open, and no longer sees what others open") {
  test::TempDir dir;
  PosixFile before(dir.path() / "before", O_WRONLY | O_CREAT | O_EXCL, 0600);
  std::latch detached(1);
  std::latch opened(1);
  bool unshared = false;
  int before_flags = -1;
  int after_flags = 0;
  int after_errno = 0;
  PosixFile after;
  std::thread other([&] {
    unshared = stop_sharing_descriptor_table();
    detached.count_down();
    opened.wait();
    before_flags = ::fcntl(before.fd(), F_GETFD);
    after_flags = ::fcntl(after.fd(), F_GETFD);
    after_errno = errno;
  });
  detached.wait();
  after = PosixFile(dir.path() / "after", O_WRONLY | O_CREAT | O_EXCL, 0600);
  opened.count_down();
  other.join();
  REQUIRE(unshared);
  CHECK(before_flags == FD_CLOEXEC);
  CHECK(after_flags == -1);
  CHECK(after_errno == EBADF);
  CHECK(::fcntl(after.fd(), F_GETFD) == FD_CLOEXEC);  // this thread's table has it
}

}  // namespace
}  // namespace bench
