#pragma once
// One job of a workload (fio's job; numjobs makes several): its requests through an IoEngine, with iodepth of
// them in flight, timed one by one from submission to completion. What fio calls lat (slat + clat): a request's
// time starts when the batch it is in is submitted and ends when its completion is reaped; the requests of one
// batch share one clock reading, as in fio. Batches are fio's iodepth_batch_submit (default one request) and go
// as soon as that many slots are free; the loop reaps only with its queue full (engine/refill_policy.h). The job
// stops issuing by its stop rules (phases/job_stop.h: size, io_size, number_ios, loops, runtime after the ramp,
// exitall, a stop signal, its own failure), then waits for what is in flight; its pacing (phases/job_pacing.h)
// says when each request may go. Requests issued during ramp_time are done but not measured
// (phases/job_recorder.h).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/fio_random.h"
#include "engine/io_engine.h"
#include "phases/phase.h"
#include "phases/workload_data.h"
#include "result/workload_result.h"
#include "result/workload_spec.h"

namespace bench {

// One of a job's files: the engine's IoRequest::file_index i is JobPlan::files[i].
struct JobFile {
  std::uint64_t region_offset = 0;  // where the job's region starts (offset=, offset_increment=): added to offsets
  std::uint64_t region_bytes = 0;   // the job's part of the file, from region_offset; a whole number of blocks
  std::string name;                 // names the file in error messages
  int fd = -1;                      // the engine's descriptor of it: fio's cache drop at a time_based wrap uses it
};

// What one job is to do. The engine works on the job's files (EngineSetup::fds in the order of `files`), with
// `depth` buffer slots of spec.block_bytes (filled with the data to write). Each request goes to the file fio's
// file_service_type picks (phases/job_files.h FileService); a file is done when its region is covered.
struct JobPlan {
  const WorkloadSpec& spec;
  IoEngine& engine;
  std::uint32_t depth = 1;          // requests in flight at most: the engine's depth
  std::vector<JobFile> files;       // at least one
  std::uint64_t job_bytes = 0;      // what one pass issues at most (fio's size: the regions' sum, or size= if less)
  std::uint64_t seed = 0;           // of the read/write mix
  FioSeeds fio_seeds;               // of the random offsets and the file choice, as fio seeds them
  const std::atomic<int>& interrupt_signal;
  const std::atomic<bool>* abort = nullptr;  // set when another job of the group failed: stop as for a signal
  JobData* data = nullptr;          // the writes' contents and the reads' checks (phases/workload_data.h); may be null
  const std::atomic<bool>* group_end = nullptr;  // fio's exitall: set when a job of the fio group ended: stop as at runtime's end
  // Called before each loop after the first (loops=, io_size= passes), with nothing in flight: fio's
  // unlink_each_loop (the phase makes the files anew, on the engine's descriptors). May throw: the job ends with it.
  std::function<void()> between_loops = nullptr;
};

// Where a job's reads, writes and syncs go in its JobMeasurement (phases/phase.h): parts in IoDirection's order.
inline std::size_t part_index(IoDirection direction) { return static_cast<std::size_t>(direction); }
inline constexpr std::size_t kWorkloadParts = 4;

// Runs the job on the calling thread, starting now, into `measurement` (its parts sized kWorkloadParts: reads,
// writes, syncs). Throws std::system_error for a request the kernel failed (ENOSPC, EIO, ...; "cannot write FILE
// at offset N") or that moved fewer bytes than asked, after waiting for the requests still in flight; throws
// std::runtime_error when the job falls under rate_min= or rate_iops_min= (phases/job_rate.h), as fio fails it.
void run_job(const JobPlan& plan, JobMeasurement& measurement);

}  // namespace bench
