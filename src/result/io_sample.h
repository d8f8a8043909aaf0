#pragma once
// One measured request of a workload, as fio's logs need it (report/fio/fio_log.h): when it completed, its
// latency, its size and direction, and which job of the workload made it.
#include <chrono>
#include <cstdint>

#include "result/workload_result.h"

namespace bench {

struct IoSample {
  std::chrono::nanoseconds completed{0};  // since the job's measurement began (after ramp_time)
  std::chrono::nanoseconds latency{0};
  std::uint32_t bytes = 0;
  IoDirection direction = IoDirection::kRead;
  std::uint32_t job = 0;  // the job's index among the workload's numjobs (filled when results are made)
};

}  // namespace bench
