#pragma once
// io_uring's own options of fio 3.33 (its engines/io_uring.c), as a workload asks for them; engine/uring_engine
// applies them to the ring's setup and its requests as fio does. Plain data.
#include <cstdint>
#include <optional>

namespace bench {

struct UringOptions {
  bool register_files = false;  // registerfiles: the job's files registered, requests with IOSQE_FIXED_FILE
  bool fixed_buffers = false;   // fixedbufs: the buffers registered, READ_FIXED / WRITE_FIXED
  bool sq_poll = false;         // sqthread_poll: IORING_SETUP_SQPOLL, a kernel thread takes the submissions
  std::optional<std::uint32_t> sq_poll_cpu;  // sqthread_poll_cpu: that thread's CPU (IORING_SETUP_SQ_AFF)
  // nonvectored: 1 IORING_OP_READ / WRITE, 0 READV / WRITEV of one iovec; nullopt (fio's -1): READ / WRITE where the
  // kernel has them (bench++'s io_uring needs them anyway, platform/io_uring_ring.h).
  std::optional<bool> nonvectored;
  bool operator==(const UringOptions&) const = default;
};

}  // namespace bench
