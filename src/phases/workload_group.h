#pragma once
// Workloads that run at once (fio runs a job file's jobs together up to the next stonewall): every job of every
// workload of the group on a thread of its own, released together, each with its own engine (made on its own
// thread: io_uring's SINGLE_ISSUER), file descriptor and buffers of incompressible data. The group's wall time
// runs from that release to the last job's end; CPU is the whole process's over the group (io_uring's kernel
// workers included), so workloads that share a group share it.
#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "phases/workload_files.h"
#include "phases/workload_job.h"
#include "result/engine_kind.h"
#include "result/workload_spec.h"

namespace bench {

// One workload of a group, ready to start.
struct WorkloadRun {
  const WorkloadSpec* spec = nullptr;
  std::vector<JobTarget> targets;  // one per job, prepared (workload_files.h)
  EngineKind engine = EngineKind::kSync;
  std::uint32_t depth = 1;  // requests in flight per job
  std::uint64_t seed = 0;   // job j's offsets use seed + j
};

struct WorkloadMeasurement {
  std::vector<JobMeasurement> jobs;  // in job order
  std::chrono::nanoseconds cpu{0};   // the process's user + system time over the group
  std::chrono::nanoseconds wall{0};  // the group's: release to the last job's end
};

// The engine a workload runs on and why (empty reason for the expected one): the one its fio engine names
// (spec.engine), the asynchronous ones (io_uring, libaio, posixaio) with iodepth requests in flight, the
// synchronous ones one request at a time, as in fio (iodepth has no effect there); io_uring, when the kernel
// refuses it (`io_uring_refusal` holds why), on psync at iodepth 1 and psync_threads (iodepth threads) above.
struct EngineChoice {
  EngineKind engine = EngineKind::kPsync;
  std::uint32_t depth = 1;
  std::string note;  // e.g. "io_uring is unavailable (...): psync_threads keeps iodepth=32 requests in flight ..."
};
EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal);

// Runs the group and returns each workload's measurement, in order. A stop signal ends every job early (their
// measurements say so); the first job's failure is rethrown once all jobs have ended.
std::vector<WorkloadMeasurement> run_workload_group(const std::vector<WorkloadRun>& group,
                                                    const std::atomic<int>& interrupt_signal);

}  // namespace bench
