#pragma once
// One job of a workload (fio's job; numjobs makes several): its requests through an IoEngine, with iodepth of
// them in flight, timed one by one from submission to completion. What fio calls lat (slat + clat): a request's
// time starts when the batch it is in is submitted and ends when its completion is reaped; the requests of one
// batch share one clock reading, as in fio. Batches are fio's iodepth_batch_submit (default one request) and go
// as soon as that many slots are free; the loop reaps only with its queue full (engine/refill_policy.h). The job
// stops issuing by its stop rules (phases/workload/job_stop.h: size, io_size, number_ios, loops, runtime after the ramp,
// exitall, a stop signal, its own failure), then waits for what is in flight; its pacing (phases/workload/job_pacing.h)
// says when each request may go. Requests issued during ramp_time are done but not measured
// (phases/workload/job_recorder.h). After its requests: end_fsync= (timed in the job, no sync request: fio's), then
// verify='s read-back of a writing job through the same engine, counted as its reads (fio's do_verify).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "phases/workload/job_plan.h"
#include "phases/workload/job_recorder.h"  // part_index, kWorkloadParts
#include "phases/phase.h"
#include "result/workload_result.h"
#include "result/workload_spec.h"

namespace bench {

// Runs the job on the calling thread, starting now, into `measurement` (its parts sized kWorkloadParts: reads,
// writes, syncs). Throws std::system_error for a request the kernel failed (ENOSPC, EIO, ...; "cannot write FILE
// at offset N") or that moved fewer bytes than asked, after waiting for the requests still in flight; throws
// std::runtime_error when the job falls under rate_min= or rate_iops_min= (phases/workload/job_rate.h), as fio fails it;
// VerifyError (phases/workload/workload_data.h) for the first bad block a verify= check found.
void run_job(const JobPlan& plan, JobMeasurement& measurement);

}  // namespace bench
