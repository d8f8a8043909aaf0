#pragma once
// A workload job's syncs, as fio 3.33 schedules them (io_u.c get_rw_ddir and should_fsync, backend.c do_io):
// fsync=N and fdatasync=N make a sync of the file written last due before the next request whenever the job's
// writes issued so far are a non-zero multiple of N and the last request was not a sync; the loop sends it alone
// once nothing is in flight (none follows a pass's last write: the next loop starts with it). So in a mixed job
// (randrw) with fdatasync=1 every request after the first write is followed by a sync, reads too, as fio's count
// of writes stays a multiple of 1. fio clears its last_was_sync as a request completes; here as one is issued after
// the sync: the same at iodepth=1, and deeper it keeps a sync to every N writes, as fio's does where completions
// come back at once (libaio), rather than skip the multiples passed while none came back. end_fsync=1 fsyncs every
// file after a job that completed a write, unless its last request was a sync (should_fsync again); fio does not count that fsync as a sync
// request (it is no request of the job's: backend.c calls fio_file_fsync outside the io_u path). Pure.
#include <cstdint>

#include "engine/io_engine.h"
#include "result/workload_spec.h"

namespace bench {

class SyncSchedule {
 public:
  explicit SyncSchedule(const WorkloadSpec& spec)
      : fsync_every_(spec.fsync_every), fdatasync_every_(spec.fdatasync_every), end_fsync_(spec.end_fsync) {}

  // A read, write or trim (`op`) to `file` was issued: the last request is no sync.
  void issued(IoOp op, std::uint32_t file) {
    last_was_sync_ = false;
    if (op != IoOp::kWrite) return;
    last_write_file_ = file;
    ++writes_issued_;
  }
  // A write completed whole.
  void write_completed() { ++writes_completed_; }

  bool due() const { return !last_was_sync_ && (every_due(fsync_every_) || every_due(fdatasync_every_)); }
  // The sync due: an fsync when fsync= is due, else an fdatasync; of the file written last.
  IoOp due_op() const { return every_due(fsync_every_) ? IoOp::kFsync : IoOp::kFdatasync; }
  std::uint32_t file() const { return last_write_file_; }
  // A sync went (either kind, failed or not).
  void synced() { last_was_sync_ = true; }

  // Whether the job ends with an fsync of every file (end_fsync=1 after a completed write, the last request no
  // sync).
  bool end_fsync_due() const { return end_fsync_ && writes_completed_ > 0 && !last_was_sync_; }

 private:
  // fsync=N or fdatasync=N (`every`, 0: not set) due by the count of writes issued.
  bool every_due(std::uint32_t every) const { return every > 0 && writes_issued_ > 0 && writes_issued_ % every == 0; }

  std::uint32_t fsync_every_;
  std::uint32_t fdatasync_every_;
  bool end_fsync_;
  std::uint32_t last_write_file_ = 0;  // fsync=/fdatasync= sync the file written last, as fio
  std::uint64_t writes_issued_ = 0;    // fio's io_issues[DDIR_WRITE]
  bool last_was_sync_ = false;         // fio's td->last_was_sync
  std::uint64_t writes_completed_ = 0;
};

}  // namespace bench
