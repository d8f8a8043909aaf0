#pragma once
// fio's synchronous engines, each making the system calls fio 3.33's engine of that name makes (counted under
// strace against fio in tests/engine/engine_syscalls_test.cpp), inline in submit() (engine/inline_engine.h):
//   psync    pread(2) / pwrite(2)
//   sync     read(2) / write(2) at the file position, and lseek(2) first when the request's offset is not
//            the position the previous call left (fio: "lseek when needed"; sequential I/O makes none)
//   vsync    lseek(2) and readv(2) / writev(2) of one vector, for every request
//   pvsync   preadv(2) / pwritev(2) of one vector
//   pvsync2  preadv2(2) / pwritev2(2) of one vector, with RWF_HIPRI when EngineSetup::hipri
//   falloc   fallocate(2) in place of the transfer, moving no data: FALLOC_FL_KEEP_SIZE for a read, mode 0
//            (allocate, extending the file) for a write, FALLOC_FL_PUNCH_HOLE | KEEP_SIZE for a trim; a
//            completion counts the request's length. A sync is fallocate(fd, 0, 0, 0) too, which the kernel
//            refuses (-EINVAL), as fio's falloc does (fio's job with fsync= fails so).
// Syncs are fsync(2) / fdatasync(2) and trims BLKDISCARD (engine/blocking_calls.h), but for falloc.
// And psync_threads, which stands in for io_uring where the kernel refuses it: pread/pwrite with depth requests
// in flight on depth worker threads fed from a FIFO bounded by the depth; reap() waits on the completions they
// post. Workers stop and are joined by the destructor (requests not yet started are dropped, those running
// finish first), also after errors; an exception in a worker is carried to the caller's next reap().
// EINTR is retried; every other result is handed back as it came.
#include <memory>

#include "engine/io_engine.h"

namespace bench {

// The engine of `kind` over `setup`. REQUIRES: kind is psync, sync, vsync, pvsync, pvsync2, falloc or
// psync_threads (else std::invalid_argument). Throws as make_io_engine() documents, and std::system_error when
// a thread cannot be started.
std::unique_ptr<IoEngine> make_sync_engine(EngineKind kind, const EngineSetup& setup);

}  // namespace bench
