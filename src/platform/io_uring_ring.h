#pragma once
// An io_uring instance through liburing 2.3: IoUringRing owns one ring (move-only RAII), and
// io_uring_availability() says whether this process may use io_uring at all. liburing appears only here and in
// engine/; the submit/reap logic lives in engine/uring_engine.
#include <liburing.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace bench {

// Why io_uring cannot be used by this process, or nullopt when it can. Reads /proc/sys/kernel/io_uring_disabled
// when present (2 refuses everyone; 1 everyone outside kernel.io_uring_group without CAP_SYS_ADMIN), then
// creates and destroys a one-entry ring and probes for the operations the engine needs (READ, WRITE,
// READ_FIXED, WRITE_FIXED, FSYNC; Linux 5.6+). ENOSYS (no io_uring in the kernel, or a sandbox answering so)
// and EPERM (a seccomp profile such as Docker's default since 25.0, or the sysctl) are the usual refusals; the
// reason names the failed call, its errno text and the likely cause, e.g.
// "io_uring_setup: Operation not permitted (seccomp or kernel.io_uring_disabled=2)". Any other failure to
// create the ring (ENOMEM from RLIMIT_MEMLOCK on kernels up to 5.11, ...) makes io_uring unavailable too.
// Never throws for the kernel's answer. Thread-safe.
std::optional<std::string> io_uring_availability();

class IoUringRing {
 public:
  // Creates a ring of at least `depth` submission entries (the kernel rounds up to a power of two) and a
  // completion queue of twice that (liburing's default, so never smaller than depth). It asks for
  // SINGLE_ISSUER | DEFER_TASKRUN | COOP_TASKRUN and, as fio does, drops DEFER_TASKRUN and SINGLE_ISSUER, then
  // COOP_TASKRUN, when the kernel answers EINVAL (they need 6.1 and 5.19). The ring's fd is registered with
  // the ring (IORING_REGISTER_RING_FDS) when the kernel allows, which saves a file lookup per io_uring_enter.
  // `required_flags` (fio's io_uring options: IORING_SETUP_IOPOLL for hipri, SQPOLL for sqthread_poll, SQ_AFF with
  // `sq_thread_cpu` for sqthread_poll_cpu) are asked for with each of those choices, never dropped (SQPOLL takes
  // none of the three, so the kernel refuses them with it and the ring has it alone, as fio's).
  // REQUIRES: 1 <= depth <= 32768 (IORING_MAX_ENTRIES). With SINGLE_ISSUER the creating thread is the only one
  // that may submit or wait: create, use and destroy the ring on one thread.
  // Throws std::system_error "cannot create io_uring ring of depth N" (errno as the kernel gave it; with the
  // required flags named).
  explicit IoUringRing(std::uint32_t depth, std::uint32_t required_flags = 0, std::uint32_t sq_thread_cpu = 0);
  // Move-only; destruction is io_uring_queue_exit (the kernel cancels or waits out what is still in flight).
  IoUringRing(IoUringRing&&) noexcept = default;
  IoUringRing& operator=(IoUringRing&&) noexcept = default;

  io_uring& get() { return *ring_; }  // REQUIRES: not moved from
  // The IORING_SETUP_* flags the kernel accepted (DEFER_TASKRUN: completions arrive only when this thread
  // enters the kernel to get events).
  std::uint32_t setup_flags() const { return setup_flags_; }
  std::uint32_t sq_entries() const { return sq_entries_; }
  std::uint32_t cq_entries() const { return cq_entries_; }

 private:
  struct ExitRing {
    void operator()(io_uring* ring) const;
  };
  std::unique_ptr<io_uring, ExitRing> ring_;  // on the heap: liburing's struct itself never moves
  std::uint32_t setup_flags_ = 0;
  std::uint32_t sq_entries_ = 0;
  std::uint32_t cq_entries_ = 0;
};

}  // namespace bench
