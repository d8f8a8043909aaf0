#pragma once
// How requests reach the kernel (engine/io_engine.h): bench++'s two I/O engines. Every workload result names the
// one that ran.
#include <cstdint>

namespace bench {

enum class EngineKind {
  kIoUring,  // io_uring through liburing: iodepth requests in flight from one thread
  kSync,     // pread/pwrite/fsync: inline at depth 1, else iodepth threads
};

// The deepest queue an engine accepts: IORING_MAX_ENTRIES, the kernel's limit for a ring.
inline constexpr std::uint32_t kMaxIoDepth = 32768;

}  // namespace bench
