#pragma once
// How requests reach the kernel (engine/io_engine.h): bench++'s two I/O engines. Every workload result names the
// one that ran.
namespace bench {

enum class EngineKind {
  kIoUring,  // io_uring through liburing: iodepth requests in flight from one thread
  kSync,     // pread/pwrite/fsync: inline at depth 1, else iodepth threads
};

}  // namespace bench
