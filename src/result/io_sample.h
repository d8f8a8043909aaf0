#pragma once
// One measured request of a workload, as fio's logs need it (report/fio/fio_log.h): when it completed, its
// latency (fio's lat) and the part of it that was submission (fio's slat), its offset, size, direction and priority,
// and which job of the workload made it.
#include <chrono>
#include <cstdint>

#include "result/workload_result.h"

namespace bench {

struct IoSample {
  std::chrono::nanoseconds completed{0};  // since the job's measurement began (after ramp_time)
  std::chrono::nanoseconds latency{0};     // lat: from submission to completion
  // slat, the part of `latency` until the submit call returned, on an engine that measures it apart (PhaseResult's
  // submission_latency says so); 0 on a synchronous engine, whose clat is the latency. clat = latency - submission.
  std::chrono::nanoseconds submission{0};
  std::uint64_t offset = 0;  // in its file, bytes (fio's log_offset column)
  std::uint32_t bytes = 0;
  IoDirection direction = IoDirection::kRead;
  // Its I/O priority, the kernel's ioprio value (fio's io_u->ioprio: the job's prio=/prioclass=, 0 when unset).
  std::uint16_t priority = 0;
  std::uint32_t job = 0;  // the job's index among the workload's numjobs (filled when results are made)
};

}  // namespace bench
