#pragma once
// A fio workload as a Phase (phases/phase.h): each of its numjobs jobs on the file the plan gave it
// (phases/workload_files.h), laid out by prepare() (untimed), then run() on the job's own thread: it opens the
// file, fills its buffers with incompressible data, makes its engine there (io_uring's SINGLE_ISSUER), waits for
// the group's release and runs phases/workload_job.h's loop. Three parts: its reads, writes and syncs.
#include <cstdint>
#include <memory>
#include <vector>

#include "phases/engine_choice.h"
#include "phases/phase.h"
#include "phases/workload_files.h"

namespace bench {

// `targets` (each job's files, job after job: targets_of_job) and `files` are the runner's and outlive the phase; prepare() fills in the targets'
// paths. Job j's offsets and data use seed + j.
std::unique_ptr<Phase> make_workload_phase(const WorkloadSpec& spec, std::vector<JobTarget>& targets,
                                           const EngineChoice& choice, std::uint64_t seed, WorkloadFiles& files);

}  // namespace bench
