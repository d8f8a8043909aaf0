#include "engine/blocking_calls.h"

#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>

#include "platform/posix_file.h"

namespace bench {

std::int64_t sync_file(int fd, IoOp op) {
  const int returned = op == IoOp::kFdatasync ? retry_on_eintr([&] { return ::fdatasync(fd); })
                                              : retry_on_eintr([&] { return ::fsync(fd); });
  return result_of(returned, errno);
}

std::int64_t discard_range(int fd, std::uint64_t offset, std::uint64_t length) {
  std::uint64_t range[2] = {offset, length};
  const int returned = retry_on_eintr([&] { return ::ioctl(fd, BLKDISCARD, range); });
  return returned < 0 ? -std::int64_t{errno} : static_cast<std::int64_t>(length);
}

IoCompletion positional_request(const CheckedSetup& setup, const IoRequest& request) {
  const int fd = setup.fds[request.file_index];
  const auto offset = static_cast<off_t>(request.offset);
  switch (request.op) {
    case IoOp::kRead: {
      void* buffer = setup.slot(request.buffer_index);
      const ssize_t returned = retry_on_eintr([&] { return ::pread(fd, buffer, request.length, offset); });
      return {request.tag, result_of(returned, errno)};
    }
    case IoOp::kWrite: {
      const void* buffer = setup.slot(request.buffer_index);
      const ssize_t returned = retry_on_eintr([&] { return ::pwrite(fd, buffer, request.length, offset); });
      return {request.tag, result_of(returned, errno)};
    }
    case IoOp::kFsync:
    case IoOp::kFdatasync:
      return {request.tag, sync_file(fd, request.op)};
    case IoOp::kTrim:
      return {request.tag, discard_range(fd, request.offset, request.length)};
  }
  return {request.tag, -EINVAL};
}

}  // namespace bench
