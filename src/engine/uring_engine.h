#pragma once
// The io_uring engine: one ring of the job's depth. submit() fills one SQE per request and, as fio's io_uring,
// submits them once AioBatching::submit are held (fio's iodepth_batch_submit, default 1: each request as it
// comes), in an io_uring_enter with IORING_ENTER_GETEVENTS, as fio's commit. The request that fills the queue
// is left in the SQ: the next reap() submits it and waits for the completions it lacks in one io_uring_enter
// (io_uring_submit_and_wait), so a request at QD1 costs one system call, not two. reap() takes the completions
// already posted in batches (io_uring_peek_batch_cqe, one CQ head update per batch) and enters the kernel again
// only to wait for missing ones (io_uring_wait_cqe_nr). Reads and writes are READ / WRITE on the descriptors, as
// fio's defaults; fio's io_uring options (EngineSetup::uring, hipri) change that as fio's engine does: fixedbufs
// registers the buffer slots (READ_FIXED / WRITE_FIXED), registerfiles the files (IOSQE_FIXED_FILE), each
// registration refused by the kernel (RLIMIT_MEMLOCK, ...) an error as in fio; nonvectored=0 makes READV / WRITEV
// of one iovec; hipri asks for IORING_SETUP_IOPOLL; sqthread_poll for IORING_SETUP_SQPOLL (and SQ_AFF with
// sqthread_poll_cpu) with the files registered as fio registers them then, and submitting enters the kernel only to wake its thread (IORING_SQ_NEED_WAKEUP) and waiting
// polls the completion queue without entering it, as fio's. fsync is IORING_OP_FSYNC, fdatasync the same
// with IORING_FSYNC_DATASYNC. A trim is made synchronously in submit() (BLKDISCARD, engine/blocking_calls.h),
// after the held requests have been submitted, as fio's io_uring engine does.
#include <cstddef>
#include <sys/uio.h>

#include <span>
#include <vector>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"
#include "platform/io_uring_ring.h"

namespace bench {

class UringEngine final : public IoEngine {
 public:
  // Throws as make_io_engine() documents, and std::system_error "cannot register ... with io_uring (fixedbufs)"
  // (registerfiles) when the kernel refuses a registration asked for. REQUIRES: io_uring_availability() said yes
  // (else the ring's creation throws std::system_error). Create, use and destroy it on one thread (SINGLE_ISSUER).
  explicit UringEngine(const EngineSetup& setup);
  ~UringEngine() override;  // waits for what is in flight; never throws
  UringEngine(const UringEngine&) = delete;
  UringEngine& operator=(const UringEngine&) = delete;

  EngineKind kind() const override { return EngineKind::kIoUring; }
  // Prepares the requests and submits each AioBatching::submit of them; what is held (fewer, or the one that
  // fills the queue) reaches the kernel in the next reap() (which every caller makes to learn of their
  // completion), or when the engine is destroyed.
  void submit(std::span<const IoRequest> requests) override;
  // First submits what submit() held. A submit the kernel refuses for lack of resources (-EAGAIN, -EBUSY) or
  // interrupts (-EINTR) is retried after taking the completions already posted (kept for reap()) or waiting
  // for one; other refusals throw std::system_error "cannot submit io_uring requests". -EINTR, -EAGAIN and
  // -EBUSY while waiting are retried; other errors throw std::system_error "cannot wait for io_uring
  // completions". With min_completions 0 and nothing posted it enters the kernel once to run
  // deferred completion work (DEFER_TASKRUN posts completions only then), without waiting.
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return in_flight_; }

  bool buffers_registered() const { return buffers_registered_; }
  bool files_registered() const { return files_registered_; }
  // The IORING_SETUP_* flags of the ring as the kernel accepted them.
  std::uint32_t ring_flags() const { return ring_.setup_flags(); }

 private:
  void prepare(const IoRequest& request);
  // Submits the unsubmitted_ SQEs, retrying as reap() documents, and in the same system call waits until
  // min_completions are posted or stashed.
  void submit_held(std::size_t min_completions);
  // Moves up to `max` posted completions to `out`; returns how many.
  std::size_t take_posted(std::size_t max, std::vector<IoCompletion>& out);
  // Blocks until at least `count` completions are posted (count <= requests still in the kernel).
  void wait_for_posted(std::size_t count);
  std::size_t in_kernel() const { return in_flight_ - stash_.size() - unsubmitted_; }

  CheckedSetup setup_;
  IoUringRing ring_;
  bool buffers_registered_ = false;
  bool files_registered_ = false;
  bool vectored_ = false;  // nonvectored=0: READV / WRITEV of iovecs_[slot]
  bool sq_poll_ = false;
  std::vector<iovec> iovecs_;  // one per buffer slot, valid while the ring lives
  // Completions taken while a submit was retried, and of trims, first out in reap().
  std::vector<IoCompletion> stash_;
  std::size_t in_flight_ = 0;        // submitted and not yet handed out, stash_ and unsubmitted_ included
  std::size_t unsubmitted_ = 0;      // prepared by submit(), still in the SQ
};

}  // namespace bench
