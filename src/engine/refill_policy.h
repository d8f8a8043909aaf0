#pragma once
// How a job refills its queue: when its requests go to the engine and how many completions it waits for, by
// fio 3.33's rules (backend.c do_io and wait_for_completions, ioengines.c td_io_queue and td_io_getevents) from
// iodepth_batch_submit, iodepth_batch_complete_min and iodepth_batch_complete_max, normalized at the depth as
// fio does (engine/checked_setup.h normalized_batching). Pure: the job loop (phases/workload/workload_job.cpp) asks it.
//
// fio's defaults (1, 1, 0) submit each request as soon as its slot is free and take one completion per reap, so
// the device sees a steady stream of requests. Filling every free slot and submitting them together instead
// (iodepth_batch_submit=0, the depth) makes the block layer hold each batch until the last of it is queued
// (io_uring plugs a submission of more than two requests): at QD32 on virtio-blk the requests then waited 41-54 us
// in the guest's queue against fio's 3 us (docs/performance.md).
//   - The loop hands requests to IoEngine::submit() batch_size() at a time, and stamps each batch as it hands it.
//   - An engine that holds requests (io_uring, libaio) sends them once iodepth_batch_submit are held: fio's
//     commit (engine/io_engine.h EngineSetup::batching).
//   - The loop reaps only when the queue is full or nothing more may go now (reap() says when and how many).
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/io_engine.h"

namespace bench {

class RefillPolicy {
 public:
  // `batching` as a job gives it (fio's meanings: engine/io_engine.h AioBatching) at `depth` (>= 1).
  RefillPolicy(AioBatching batching, std::uint32_t depth);

  // Requests to hand to the engine in one submit() when `free_slots` slots are free: iodepth_batch_submit, at
  // most the free slots.
  std::size_t batch_size(std::size_t free_slots) const;

  // What one reap waits for (min, >= 1) and takes at most (max, >= min).
  struct Reap {
    std::size_t min = 1;
    std::size_t max = 1;
    bool operator==(const Reap&) const = default;
  };
  // Whether the loop reaps now, with `in_flight` requests in the engine and `free_slots` free, and what for:
  // nothing while a slot is free and another request may go now (`may_issue`: not stopping, no sync or rate
  // wait due), nor with nothing in flight; else it waits for min(iodepth_batch_complete_min, in_flight), at
  // least 1 (fio waits for one when complete_min is 0; the engine polls then), and takes at most
  // iodepth_batch_complete_max, at least that.
  std::optional<Reap> reap(std::size_t in_flight, std::size_t free_slots, bool may_issue) const;

  const AioBatching& batching() const { return batching_; }  // normalized

 private:
  AioBatching batching_;
};

}  // namespace bench
