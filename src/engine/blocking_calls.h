#pragma once
// The system calls a request becomes where it is made synchronously: every request of the synchronous engines,
// and the syncs and trims that the asynchronous ones make synchronously, as fio does. Each returns the result
// as the kernel gave it (bytes moved, 0 for a sync, or -errno), retrying EINTR.
#include <cstdint>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"

namespace bench {

// fsync(2) for IoOp::kFsync, fdatasync(2) for kFdatasync: 0 or -errno.
std::int64_t sync_file(int fd, IoOp op);

// fio 3.33's trim, on every kind of file: the BLKDISCARD ioctl over [offset, offset + length). Returns length,
// or -errno: -ENOTTY on a regular file (fio's trim job fails so too), -EOPNOTSUPP on a device without discard.
std::int64_t discard_range(int fd, std::uint64_t offset, std::uint64_t length);

// psync's calls for `request`: pread(2), pwrite(2), sync_file() or discard_range(). Thread-safe.
IoCompletion positional_request(const CheckedSetup& setup, const IoRequest& request);

// A system call's return value as a result: `returned` itself, or -errno when it is negative.
inline std::int64_t result_of(long returned, int error) { return returned < 0 ? -std::int64_t{error} : returned; }

}  // namespace bench
