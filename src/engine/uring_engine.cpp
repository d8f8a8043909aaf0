#include "engine/uring_engine.h"

#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "engine/blocking_calls.h"

namespace bench {

namespace {

// Completions taken from the CQ per io_uring_peek_batch_cqe call (one CQ head update each).
constexpr unsigned kPeekBatch = 64;
// How long submit() keeps retrying -EAGAIN with nothing of its own in the kernel to wait for.
constexpr int kIdleSubmitRetries = 1000;
constexpr auto kIdleSubmitPause = std::chrono::milliseconds(1);

bool is_transient(int negative_errno) {
  return negative_errno == -EAGAIN || negative_errno == -EBUSY || negative_errno == -EINTR;
}

// The IORING_SETUP_* flags fio's io_uring options ask for.
std::uint32_t required_ring_flags(const CheckedSetup& setup) {
  std::uint32_t flags = setup.hipri ? IORING_SETUP_IOPOLL : 0;
  if (setup.uring.sq_poll) {
    flags |= IORING_SETUP_SQPOLL;
    if (setup.uring.sq_poll_cpu) flags |= IORING_SETUP_SQ_AFF;  // without sqthread_poll fio ignores the CPU too
  }
  return flags;
}

void register_files(io_uring& ring, const std::vector<int>& fds) {
  const int result = io_uring_register_files(&ring, fds.data(), static_cast<unsigned>(fds.size()));
  if (result < 0) throw std::system_error(-result, std::generic_category(), "cannot register files with io_uring (registerfiles)");
}

void register_buffers(io_uring& ring, const std::vector<iovec>& slots) {
  const int result = io_uring_register_buffers(&ring, slots.data(), static_cast<unsigned>(slots.size()));
  if (result < 0) throw std::system_error(-result, std::generic_category(), "cannot register buffers with io_uring (fixedbufs)");
}

}  // namespace

UringEngine::UringEngine(const EngineSetup& setup)
    : setup_(check_engine_setup(setup)),
      ring_(setup_.depth, required_ring_flags(setup_), setup_.uring.sq_poll_cpu.value_or(0)),
      vectored_(setup_.uring.nonvectored == false),
      sq_poll_(setup_.uring.sq_poll) {
  iovecs_.resize(setup_.slot_count);
  for (std::uint32_t i = 0; i < iovecs_.size(); ++i) iovecs_[i] = {setup_.slot(i), setup_.buffer_bytes};
  if (setup_.uring.fixed_buffers) {
    register_buffers(ring_.get(), iovecs_);
    buffers_registered_ = true;
  }
  if (setup_.uring.register_files || sq_poll_) {  // fio registers the files for sqthread_poll too
    register_files(ring_.get(), setup_.fds);
    files_registered_ = true;
  }
  stash_.reserve(setup_.depth);
}

UringEngine::~UringEngine() {
  // The kernel may still write into the caller's buffers until each request completes: cancel what can be
  // cancelled (a read waiting on a pipe; disk I/O in progress cannot be) and wait for every completion.
  io_uring& ring = ring_.get();
  std::size_t outstanding = in_kernel();
  // Each submitted SQE, the cancel too, posts one completion. What submit() held (or a failed reap() left)
  // goes in first, on its own: a cancel in the same batch missed pipe reads not yet armed.
  const auto submit_counted = [&] {
    const int submitted = io_uring_submit(&ring);
    if (submitted > 0) outstanding += static_cast<std::size_t>(submitted);
  };
  if (io_uring_sq_ready(&ring) > 0) submit_counted();
  if (outstanding == 0) return;
  io_uring_sqe* cancel = io_uring_get_sqe(&ring);
  if (cancel != nullptr) {
    io_uring_prep_cancel64(cancel, 0, IORING_ASYNC_CANCEL_ALL | IORING_ASYNC_CANCEL_ANY);
    submit_counted();
  }
  try {
    std::vector<IoCompletion> discarded;
    discarded.reserve(kPeekBatch);
    while (outstanding > 0) {
      wait_for_posted(1);
      outstanding -= std::min(outstanding, take_posted(outstanding, discarded));
      discarded.clear();
    }
  } catch (...) {
    // The ring is unusable (e.g. destroyed on another thread than its DEFER_TASKRUN owner): its exit
    // cancels what is left.
  }
}

void UringEngine::submit(std::span<const IoRequest> requests) {
  check_requests(setup_, in_flight_, requests);
  for (const IoRequest& request : requests) {
    if (request.op == IoOp::kTrim) {
      // As fio's io_uring: a trim is made synchronously, once nothing is left unsubmitted.
      submit_held(0);
      const std::int64_t result = discard_range(setup_.fds[request.file_index], request.offset, request.length);
      stash_.push_back({request.tag, result});
      ++in_flight_;
      continue;
    }
    prepare(request);
    ++unsubmitted_;
    ++in_flight_;
    // fio's commit once iodepth_batch_submit are held. The request that fills the queue stays in the SQ for the
    // reap() that must come next (nothing more fits), which submits it in the io_uring_enter that waits.
    if (unsubmitted_ >= setup_.batching.submit && in_flight_ < setup_.depth) submit_held(0);
  }
}

void UringEngine::prepare(const IoRequest& request) {
  io_uring_sqe* sqe = io_uring_get_sqe(&ring_.get());
  // With SQPOLL the kernel's thread may post a request's completion before it moves the SQ head past the request's
  // entry (it does so after its batch), so the ring can look full below depth for a moment: wait for the room, as
  // fio's engine waits when its queue answers busy.
  while (sqe == nullptr && sq_poll_) {
    const int waited = io_uring_sqring_wait(&ring_.get());
    if (waited < 0 && waited != -EINTR) throw std::system_error(-waited, std::generic_category(), "cannot wait for io_uring SQ room");
    sqe = io_uring_get_sqe(&ring_.get());
  }
  // The SQ has at least depth entries, and at most depth requests are in flight, the unsubmitted ones included.
  if (sqe == nullptr) throw std::logic_error("io_uring submission queue full below the engine's depth");
  const int file = files_registered_ ? static_cast<int>(request.file_index) : setup_.fds[request.file_index];
  std::byte* buffer = setup_.slot(request.buffer_index);
  const auto buffer_index = static_cast<int>(request.buffer_index);
  switch (request.op) {
    case IoOp::kRead:
      if (buffers_registered_) {
        io_uring_prep_read_fixed(sqe, file, buffer, request.length, request.offset, buffer_index);
      } else if (vectored_) {
        iovecs_[request.buffer_index].iov_len = request.length;
        io_uring_prep_readv(sqe, file, &iovecs_[request.buffer_index], 1, request.offset);
      } else {
        io_uring_prep_read(sqe, file, buffer, request.length, request.offset);
      }
      break;
    case IoOp::kWrite:
      if (buffers_registered_) {
        io_uring_prep_write_fixed(sqe, file, buffer, request.length, request.offset, buffer_index);
      } else if (vectored_) {
        iovecs_[request.buffer_index].iov_len = request.length;
        io_uring_prep_writev(sqe, file, &iovecs_[request.buffer_index], 1, request.offset);
      } else {
        io_uring_prep_write(sqe, file, buffer, request.length, request.offset);
      }
      break;
    case IoOp::kFsync:
      io_uring_prep_fsync(sqe, file, 0);
      break;
    case IoOp::kFdatasync:
      io_uring_prep_fsync(sqe, file, IORING_FSYNC_DATASYNC);
      break;
    case IoOp::kTrim:  // made in submit()
      throw std::logic_error("io_uring engine: a trim has no SQE");
  }
  if (files_registered_) io_uring_sqe_set_flags(sqe, IOSQE_FIXED_FILE);
  io_uring_sqe_set_data64(sqe, request.tag);
}

void UringEngine::submit_held(std::size_t min_completions) {
  int idle_retries = 0;
  while (unsubmitted_ > 0) {
    // The kernel waits until its CQ holds this many, those already posted included; with every held request
    // submitted they can all arrive (min_completions <= in_flight_), and a short submission does not wait.
    const std::size_t wait_for = min_completions > stash_.size() ? min_completions - stash_.size() : 0;
    // Without a wait, with IORING_ENTER_GETEVENTS as fio's commit: DEFER_TASKRUN posts completions only then.
    // With SQPOLL, as fio's commit: the kernel's thread takes the SQEs; liburing enters only to wake it.
    const int result = sq_poll_      ? io_uring_submit(&ring_.get())
                       : wait_for > 0 ? io_uring_submit_and_wait(&ring_.get(), static_cast<unsigned>(wait_for))
                                      : io_uring_submit_and_get_events(&ring_.get());
    if (result > 0) {
      unsubmitted_ -= std::min(static_cast<std::size_t>(result), unsubmitted_);
      continue;
    }
    if (result != 0 && !is_transient(result)) {
      throw std::system_error(-result, std::generic_category(), "cannot submit io_uring requests");
    }
    if (result == -EINTR) continue;
    // Short of resources, or the CQ wants draining: give the kernel room by taking what is posted (kept for
    // reap()), after waiting for one of ours when the kernel holds any.
    if (in_kernel() > 0) {
      wait_for_posted(1);
      take_posted(in_kernel(), stash_);
    } else if (++idle_retries <= kIdleSubmitRetries) {
      std::this_thread::sleep_for(kIdleSubmitPause);
    } else {
      throw std::system_error(result == 0 ? EAGAIN : -result, std::generic_category(),
                              "cannot submit io_uring requests");
    }
  }
}

std::size_t UringEngine::reap(std::size_t min_completions, std::size_t max_completions,
                              std::vector<IoCompletion>& out) {
  check_reap(min_completions, max_completions, in_flight_);
  // One system call for both: submit what submit() held and wait for the completions wanted (before the stash
  // is read: a retried submit may add to it).
  const bool entered = unsubmitted_ > 0;  // and ran the deferred completion work
  if (entered) submit_held(min_completions);
  const std::size_t from_stash = std::min(max_completions, stash_.size());
  const auto stash_end = stash_.begin() + static_cast<std::ptrdiff_t>(from_stash);
  out.insert(out.end(), stash_.begin(), stash_end);
  stash_.erase(stash_.begin(), stash_end);
  in_flight_ -= from_stash;
  std::size_t reaped = from_stash;
  const auto take = [&] {
    const std::size_t taken = take_posted(max_completions - reaped, out);
    in_flight_ -= taken;
    reaped += taken;
  };
  take();
  if (!sq_poll_ && !entered && reaped == 0 && min_completions == 0 && max_completions > 0 && in_kernel() > 0) {
    io_uring_get_events(&ring_.get());  // runs deferred completion work; errors only mean nothing new
    take();
  }
  while (reaped < min_completions) {
    wait_for_posted(min_completions - reaped);
    take();
  }
  return reaped;
}

std::size_t UringEngine::take_posted(std::size_t max, std::vector<IoCompletion>& out) {
  io_uring& ring = ring_.get();
  io_uring_cqe* cqes[kPeekBatch];
  std::size_t taken = 0;
  while (taken < max) {
    const auto wanted = static_cast<unsigned>(std::min<std::size_t>(kPeekBatch, max - taken));
    const unsigned count = io_uring_peek_batch_cqe(&ring, cqes, wanted);
    if (count == 0) break;
    for (unsigned i = 0; i < count; ++i) out.push_back({cqes[i]->user_data, cqes[i]->res});
    io_uring_cq_advance(&ring, count);
    taken += count;
  }
  return taken;
}

void UringEngine::wait_for_posted(std::size_t count) {
  io_uring& ring = ring_.get();
  if (sq_poll_) {  // as fio's reap with sqthread_poll: the completion queue polled, the kernel not entered
    while (io_uring_cq_ready(&ring) < count) {
    }
    return;
  }
  for (;;) {
    io_uring_cqe* cqe = nullptr;
    const int result = io_uring_wait_cqe_nr(&ring, &cqe, static_cast<unsigned>(count));
    if (result == 0 || io_uring_cq_ready(&ring) >= count) return;
    if (!is_transient(result)) {
      throw std::system_error(-result, std::generic_category(), "cannot wait for io_uring completions");
    }
  }
}

}  // namespace bench
