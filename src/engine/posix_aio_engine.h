#pragma once
// posixaio, as fio 3.33's posixaio engine: glibc's POSIX AIO. submit() starts each read or write at once with
// aio_read / aio_write (SIGEV_NONE), fsync and fdatasync both with aio_fsync(O_SYNC) (fio's, which makes an
// fdatasync an fsync); glibc runs them on its helper threads, one request at a time per file descriptor, so a
// job on one file keeps one request in the kernel whatever its depth (fio's posixaio figures come from the
// same library). reap() takes the finished requests (aio_error / aio_return, oldest first) and, while fewer
// than the caller's minimum (raised to AioBatching::complete_min) have finished, sleeps in aio_suspend on eight
// still running, chosen as fio chooses them: the first in control-block order (fio's io_u array), not the oldest.
// glibc serves one file's requests in the order they came, so waiting on the oldest wakes the job for every
// completion, each wake a futex call and a context switch on glibc's thread between two of its preads; fio's
// choice wakes it for several at once (at QD32, 4 KiB direct random reads on one file: about 3 completions a wake,
// and 0.63-0.83x fio's IOPS when bench++ waited on the oldest: docs/performance.md). A trim waits for every request in flight, then runs synchronously (BLKDISCARD,
// engine/blocking_calls.h), as fio's posixaio does.
//
// Results are the kernel's, through aio_return (bytes or -errno), or -ECANCELED. A request glibc refuses at
// once completes with that error, but -EAGAIN (no room for it now), which is retried as requests finish, or
// after a pause when none is running (for 30 s, then std::system_error "cannot start POSIX AIO requests").
// Destruction cancels what glibc has not started (aio_cancel) and waits for the rest.
#include <aio.h>

#include <cstddef>
#include <vector>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"

namespace bench {

class PosixAioEngine final : public IoEngine {
 public:
  explicit PosixAioEngine(const EngineSetup& setup);  // throws as make_io_engine() documents
  ~PosixAioEngine() override;                         // never throws
  PosixAioEngine(const PosixAioEngine&) = delete;
  PosixAioEngine& operator=(const PosixAioEngine&) = delete;

  EngineKind kind() const override { return EngineKind::kPosixAio; }
  void submit(std::span<const IoRequest> requests) override;
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return running_.size() + waiting_.size() + done_.size(); }

 private:
  // Starts control block `index`'s request; false when glibc has no room now (EAGAIN), and then it waits.
  bool start(std::uint32_t index);
  void start_waiting();  // starts what waits, in order, until glibc has no room
  // Moves finished requests, oldest first, to `out` until it holds `max` more; returns how many it moved.
  std::size_t take_finished(std::size_t max, std::vector<IoCompletion>& out);
  // Blocks until one of the first eight running requests in control-block order finishes (fio's choice), or
  // (none running) a pause passes.
  void wait_for_one();
  void drain();  // waits until nothing is running or waiting, what finishes going to done_

  CheckedSetup setup_;
  std::vector<aiocb> controls_;          // depth, never moved: glibc holds them while running
  std::vector<IoOp> ops_;                // of controls_[i]'s request
  std::vector<std::uint64_t> tags_;      // of controls_[i]'s request
  std::vector<std::uint32_t> free_;      // indices of controls_ not in use
  std::vector<std::uint32_t> running_;   // started, oldest first
  std::vector<bool> is_running_;         // depth: whether controls_[i] is in running_
  std::vector<std::uint32_t> waiting_;   // refused with EAGAIN, to start as room comes, oldest first
  std::vector<IoCompletion> done_;       // completed here: refusals, trims, what finished during a drain
  std::size_t idle_pauses_ = 0;          // consecutive pauses with requests waiting and none running
};

}  // namespace bench
