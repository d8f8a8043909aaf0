#pragma once
// verify_backlog= as a workload job's loop (phases/workload/workload_job.cpp) runs it, beside the data it checks
// (phases/workload/workload_data.h JobData::next_backlog_check says which written block is due and when): asked before
// each request, a due check waits until nothing is in flight (its block's write may be), then its read goes alone
// through the engine, as fio reads it, unmeasured (as the read-back after the writes). When it is reaped, a short
// read is the job's error and a bad block its verify failure (JobData::after_read). Inline: asked per request.
#include <cstdint>
#include <optional>
#include <vector>

#include "phases/workload/workload_data.h"

namespace bench {

class BacklogVerify {
 public:
  // `data` may be null; `slots`: the job's request slots.
  BacklogVerify(JobData* data, std::uint32_t slots)
      : data_(data != nullptr && data->keeps_backlog() ? data : nullptr), slots_(slots) {}

  bool active() const { return data_ != nullptr; }
  // REQUIRES: active(). The file offset of the block to read back before the next request (kept until sent), or
  // nullopt; `last_was_read`: the last request issued was a read (fio's last_ddir).
  std::optional<std::uint64_t> due(bool last_was_read) {
    if (!pending_) pending_ = data_->next_backlog_check(last_was_read);
    return pending_;
  }
  // A check is due and waits for the queue to empty: the loop reaps rather than issue.
  bool waiting() const { return pending_.has_value(); }
  // The due check's read went from `slot`.
  void sent(std::uint32_t slot) {
    checking_.resize(slots_, false);
    checking_[slot] = true;
    pending_.reset();
  }
  // Whether `slot` holds a check's read; reaped() frees it.
  bool holds(std::uint32_t slot) const { return slot < checking_.size() && checking_[slot]; }
  void reaped(std::uint32_t slot) { checking_[slot] = false; }

 private:
  JobData* data_;
  std::uint32_t slots_;
  std::optional<std::uint64_t> pending_;  // a check waiting for the queue to empty
  std::vector<bool> checking_;            // slots holding a check's read (sized at the first)
};

}  // namespace bench
