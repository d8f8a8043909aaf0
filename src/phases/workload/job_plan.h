#pragma once
// What one job of a workload is to do (JobPlan), which the job's loop (phases/workload/workload_job.h) runs and where its
// requests go (phases/workload/job_places.h) reads. Plain data.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/fio_random.h"
#include "engine/io_engine.h"
#include "phases/job_snapshot.h"
#include "phases/live_io.h"
#include "phases/workload/job_flow.h"
#include "phases/workload/workload_data.h"
#include "result/workload_spec.h"

namespace bench {

// One of a job's files: the engine's IoRequest::file_index i is JobPlan::files[i].
struct JobFile {
  std::uint64_t region_offset = 0;  // where the job's region starts (offset=, offset_increment=): added to offsets
  std::uint64_t region_bytes = 0;   // the job's part of the file, from region_offset; a whole number of blocks
  std::string name;                 // names the file in error messages
  int fd = -1;                      // the engine's descriptor of it: fio's cache drop at a time_based wrap uses it
  std::uint64_t span_bytes = 0;     // the file's length from region_offset when the job starts (0: region_bytes)
};

// What one job is to do. The engine works on the job's files (EngineSetup::fds in the order of `files`), with
// `depth` buffer slots of spec.block_bytes (filled with the data to write). Each request goes to the file fio's
// file_service_type picks (phases/workload/job_files.h FileService); a file is done when its region is covered.
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
  JobData* data = nullptr;          // the writes' contents and the reads' checks (phases/workload/workload_data.h); may be null
  const std::atomic<bool>* group_end = nullptr;  // fio's exitall: set when a job of the fio group ended: stop as at runtime's end
  // Called before each loop after the first (loops=, io_size= passes), with nothing in flight: fio's
  // unlink_each_loop (the phase makes the files anew, on the engine's descriptors). May throw: the job ends with it.
  std::function<void()> between_loops = nullptr;
  LiveIo* live_io = nullptr;  // where the job counts its completed requests for the progress display; may be null
  JobSnapshot* snapshot = nullptr;  // where the job answers for its measurement so far (phases/job_snapshot.h); may be null
  FlowCounters* flow = nullptr;  // the run's counters of the job's flow_id (phases/workload/job_flow.h); null: no flow
};

}  // namespace bench
