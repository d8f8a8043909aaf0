#pragma once
// A workload job's syncs, as fio 3.33 schedules them (io_u.c get_rw_ddir, backend.c): fsync=N and fdatasync=N
// make a sync of the file written last due after every N writes issued; the loop sends it alone once nothing is
// in flight, before the next request (none follows a pass's last write: the next loop starts with it).
// end_fsync=1 fsyncs every file after a job that completed a write. Pure.
#include <cstdint>

#include "engine/io_engine.h"
#include "result/workload_spec.h"

namespace bench {

class SyncSchedule {
 public:
  explicit SyncSchedule(const WorkloadSpec& spec)
      : fsync_every_(spec.fsync_every), fdatasync_every_(spec.fdatasync_every), end_fsync_(spec.end_fsync) {}

  // A write to `file` was issued.
  void wrote(std::uint32_t file) {
    last_write_file_ = file;
    ++writes_since_fsync_;
    ++writes_since_fdatasync_;
  }
  // A write completed whole.
  void write_completed() { ++writes_completed_; }

  bool due() const {
    return (fsync_every_ > 0 && writes_since_fsync_ >= fsync_every_) ||
           (fdatasync_every_ > 0 && writes_since_fdatasync_ >= fdatasync_every_);
  }
  // The sync due: an fsync when fsync= is due, else an fdatasync; of the file written last.
  IoOp due_op() const {
    return fsync_every_ > 0 && writes_since_fsync_ >= fsync_every_ ? IoOp::kFsync : IoOp::kFdatasync;
  }
  std::uint32_t file() const { return last_write_file_; }
  // A sync went (either kind): both counts start over.
  void synced() {
    writes_since_fsync_ = 0;
    writes_since_fdatasync_ = 0;
  }

  // Whether the job ends with an fsync of every file (end_fsync=1 after a completed write).
  bool end_fsync_due() const { return end_fsync_ && writes_completed_ > 0; }

 private:
  std::uint32_t fsync_every_;
  std::uint32_t fdatasync_every_;
  bool end_fsync_;
  std::uint32_t last_write_file_ = 0;  // fsync=/fdatasync= sync the file written last, as fio
  std::uint32_t writes_since_fsync_ = 0;
  std::uint32_t writes_since_fdatasync_ = 0;
  std::uint64_t writes_completed_ = 0;
};

}  // namespace bench
