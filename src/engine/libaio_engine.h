#pragma once
// libaio, as fio 3.33's libaio engine: Linux native AIO through libaio, one context of the job's depth
// (io_queue_init). submit() prepares an iocb per read or write (io_prep_pread / io_prep_pwrite) and holds it in
// a ring of depth entries; once AioBatching::submit are held it io_submits all held (one call per run of the
// ring up to its end, as fio's ring splits them), and reap() submits what is still held before it waits. reap()
// waits with io_getevents for at least min(complete_min, requests in the kernel) completions when the caller
// waits at all, taking at most complete_max per call (fio's defaults: submit each request alone, take one
// completion per call), or with complete_min 0 polls (min 0) until the caller's minimum has come.
//
// fsync, fdatasync and trims are made synchronously in submit(), after what is held has been submitted (Linux
// AIO has no fsync for most files): fsync(2) / fdatasync(2) and BLKDISCARD (engine/blocking_calls.h), as fio's
// libaio does. Without O_DIRECT the kernel does most reads and writes inside io_submit itself, so libaio is
// synchronous there, in fio as here.
//
// Results are the kernel's (io_event.res: bytes or -errno). A request the kernel refuses in io_submit
// (-EBADF, -EINVAL for a misaligned O_DIRECT request, ...) completes with that error; -EAGAIN and -ENOMEM
// (no room in the kernel) are retried once a completion has freed some, or after a pause when none is in the
// kernel (for 30 s, fio's limit, then std::system_error "cannot submit libaio requests").
#include <libaio.h>

#include <cstddef>
#include <vector>

#include "engine/checked_setup.h"
#include "engine/io_engine.h"

namespace bench {

class LibaioEngine final : public IoEngine {
 public:
  // Throws as make_io_engine() documents, and std::system_error "cannot create a libaio context of depth N"
  // (io_setup refused: -EAGAIN beyond /proc/sys/fs/aio-max-nr, -ENOSYS, -EPERM under seccomp).
  explicit LibaioEngine(const EngineSetup& setup);
  ~LibaioEngine() override;  // drops what is held, waits for what is in the kernel; never throws
  LibaioEngine(const LibaioEngine&) = delete;
  LibaioEngine& operator=(const LibaioEngine&) = delete;

  EngineKind kind() const override { return EngineKind::kLibaio; }
  void submit(std::span<const IoRequest> requests) override;
  // Throws std::system_error "cannot wait for libaio completions" when io_getevents fails (not -EINTR).
  std::size_t reap(std::size_t min_completions, std::size_t max_completions, std::vector<IoCompletion>& out) override;
  std::size_t in_flight() const override { return held_count_ + in_kernel_ + done_.size(); }

 private:
  void hold(const IoRequest& request);
  // Submits the held requests, one io_submit per run up to the ring's end. Returns false when the kernel has
  // no room now (-EAGAIN, -ENOMEM): some stay held.
  bool submit_held();
  // submit_held() until nothing is held, taking completions (into done_) to make room.
  void submit_all_held();
  // One io_getevents for at least `min` (0: none) and at most `max` completions, appended to `out`; returns how
  // many. Retries -EINTR.
  std::size_t get_events(std::size_t min, std::size_t max, std::vector<IoCompletion>& out);
  std::size_t to_done(std::size_t count, std::size_t max);  // moves completions from the kernel to done_

  CheckedSetup setup_;
  io_context_t context_ = nullptr;
  std::vector<iocb> iocbs_;            // depth, never moved: the kernel names them in its events
  std::vector<std::uint64_t> tags_;    // of iocbs_[i]'s request
  std::vector<std::uint32_t> free_;    // indices of iocbs_ not in use
  std::vector<iocb*> held_;            // a ring of depth entries: prepared, not yet submitted
  std::size_t held_first_ = 0;         // the oldest held entry
  std::size_t held_count_ = 0;
  std::size_t in_kernel_ = 0;          // submitted, not yet taken from io_getevents
  std::vector<io_event> events_;       // depth
  std::vector<IoCompletion> done_;     // completed here (syncs, trims, refusals, completions taken early)
  std::vector<IoCompletion> scratch_;  // completions being moved to done_
};

}  // namespace bench
