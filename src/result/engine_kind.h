#pragma once
// How requests reach the kernel (engine/io_engine.h): bench++'s I/O engines, one for each of fio's engine names
// it runs, named as fio names them (result/result_keywords.h), and the threads that stand in for io_uring where
// the kernel refuses it. Every workload result names the one that ran.
#include <cstdint>
#include <optional>
#include <string_view>

namespace bench {

enum class EngineKind {
  kIoUring,       // io_uring through liburing: iodepth requests in flight from one thread
  kLibaio,        // Linux native AIO through libaio: io_submit / io_getevents, fio's batching
  kPosixAio,      // POSIX AIO (glibc's aio_read / aio_write / aio_fsync on its helper threads)
  kPsync,         // pread / pwrite, one at a time: fio's default engine
  kSync,          // read / write at the file position, lseek when the offset is not the position's
  kVsync,         // lseek and readv / writev of one vector
  kPvsync,        // preadv / pwritev of one vector
  kPvsync2,       // preadv2 / pwritev2 of one vector, RWF_HIPRI with hipri
  kMmap,          // memcpy to and from a shared mapping of the file, msync for syncs
  kFalloc,        // fallocate in place of every request: no data moves
  kPsyncThreads,  // pread / pwrite on iodepth threads: where io_uring is refused, in its place
};

// The deepest queue an engine accepts: IORING_MAX_ENTRIES, the kernel's limit for a ring.
inline constexpr std::uint32_t kMaxIoDepth = 32768;

// The engine that runs fio's ioengine=`fio_name` (io_uring, libaio, posixaio, psync, sync, vsync, pvsync,
// pvsync2, mmap, falloc), or nullopt for a name bench++ does not run.
std::optional<EngineKind> engine_for_fio_name(std::string_view fio_name);

// Whether `kind` makes one request at a time, as fio's synchronous engines do (their iodepth has no effect).
constexpr bool is_synchronous(EngineKind kind) {
  return kind != EngineKind::kIoUring && kind != EngineKind::kLibaio && kind != EngineKind::kPosixAio &&
         kind != EngineKind::kPsyncThreads;
}

}  // namespace bench
