#pragma once
// A fio workload as a Phase (phases/phase.h): each of its numjobs jobs on the file the plan gave it
// (phases/workload/workload_files.h), laid out by prepare() (untimed), then run() on the job's own thread: it opens the
// file, fills its buffers with incompressible data, makes its engine there (io_uring's SINGLE_ISSUER), waits for
// the group's release and runs phases/workload/workload_job.h's loop. Three parts: its reads, writes and syncs.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "phases/workload/engine_choice.h"
#include "phases/workload/job_flow.h"
#include "phases/phase.h"
#include "phases/workload/workload_files.h"
#include "platform/aligned_buffer.h"

namespace bench {

// `targets` (each job's files, job after job: targets_of_job) and `files` are the runner's and outlive the phase; prepare() fills in the targets'
// paths. Job j's offsets and data use seed + j. `flows`: the run's flows (phases/workload/job_flow.h), the runner's
// too; nullptr: the workload is in none.
std::unique_ptr<Phase> make_workload_phase(const WorkloadSpec& spec, std::vector<JobTarget>& targets,
                                           const EngineChoice& choice, std::uint64_t seed, WorkloadFiles& files,
                                           RunFlows* flows = nullptr);

// The pages of a job's request buffers (iodepth x bs, one AlignedBuffer): huge pages for requests of 128 KiB or
// more, whose segments and merges at the device depend on their pages being contiguous; ordinary ones otherwise
// (a request of a few pages gains nothing, and many jobs of small requests would each round up to 2 MiB).
AlignedBuffer::Pages request_buffer_pages(const WorkloadSpec& spec);

// fio's hipri on io_uring (IORING_SETUP_IOPOLL) where a job's file is on a device without poll queues: refused
// (UsageError) when the run is planned, before anything is made (--dry-run says it too), where fio's requests each
// fail with EOPNOTSUPP. The device is the file's when it is there, its directory's when it is to be made; one sysfs
// says nothing of is tried. Nothing to check without hipri or on another engine.
void check_polled_devices(const WorkloadSpec& spec, std::span<const JobTarget> targets, EngineKind engine);

}  // namespace bench
