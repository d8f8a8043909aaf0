#pragma once
// One job of a workload (fio's job; numjobs makes several): its requests through an IoEngine, with iodepth of
// them in flight, timed one by one from submission to completion. What fio calls lat (slat + clat): a request's
// time starts when the batch it is in is submitted and ends when its completion is reaped; the requests of one
// batch share one clock reading, as in fio. The job stops issuing when it has issued `size` bytes (one pass
// over its region), when runtime has passed after the ramp, or on a stop signal, then waits for what is in
// flight. Requests issued during ramp_time are done but not measured.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/io_engine.h"
#include "measure/latency_histogram.h"
#include "result/workload_spec.h"

namespace bench {

// What one job is to do. The engine works on the job's file as file_index 0, with `depth` buffer slots of
// spec.block_bytes (filled with the data to write).
struct JobPlan {
  const WorkloadSpec& spec;
  IoEngine& engine;
  std::uint32_t depth = 1;          // requests in flight at most: the engine's depth
  std::uint64_t region_bytes = 0;   // the job's part of its file, from offset 0; a whole number of blocks
  std::uint64_t seed = 0;           // of the random offsets and the read/write mix
  const std::atomic<int>& interrupt_signal;
  const std::atomic<bool>* abort = nullptr;  // set when another job of the group failed: stop as for a signal
  std::string file_name;            // names the file in error messages
};

// One direction's measured requests.
struct DirectionMeasurement {
  LatencyHistogram latency;
  std::uint64_t bytes = 0;
  std::vector<std::uint64_t> bytes_per_second;       // by whole seconds since the measurement started
  std::vector<std::uint64_t> operations_per_second;  // ... and the requests completed in each
};

struct JobMeasurement {
  DirectionMeasurement read;
  DirectionMeasurement write;
  DirectionMeasurement sync;  // fsync/fdatasync requests (fsync=N, fdatasync=N, end_fsync); no bytes
  // When the measurement began (the end of the ramp), on this process's steady clock: with `elapsed`, where the
  // job's measured time lies (the ranks of an MPI job compare such times with the barrier before the group).
  std::chrono::steady_clock::time_point measured_from{};
  std::chrono::nanoseconds elapsed{0};  // from the end of the ramp to the last completion (end_fsync included)
  // The sum of the measured read and write requests' times in flight: over `elapsed`, the mean queue depth the
  // job kept (Little's law).
  std::chrono::nanoseconds time_in_flight{0};
  int stop_signal = 0;  // non-zero: the job stopped early because of this signal
};

// Runs the job on the calling thread, starting now. Throws std::system_error for a request the kernel failed
// (ENOSPC, EIO, ...; "cannot write FILE at offset N") or that moved fewer bytes than asked, after waiting for
// the requests still in flight.
JobMeasurement run_job(const JobPlan& plan);

}  // namespace bench
