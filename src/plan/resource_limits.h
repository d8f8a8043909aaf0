#pragma once
// What a plan needs of the process's resource limits (platform/resource_limits.h), checked by the run command right
// after make_plan (app/run_command), so that --dry-run refuses what the run could not do, with exit 2. Conservative:
// each check refuses only what certainly cannot work, whatever else the machine runs:
//   - the file size limit (ulimit -f): bonnie++'s test files, each written whole (the file tests' smallest size),
//     and a workload's new files that take their size before its requests (phases/workload/workload_files.h
//     JobTarget::extent: laid out for reading or overwrite=1, or preallocated: fallocate= other than none and keep);
//     a file a writing job grows may stay below the limit, and existing files and devices are not checked;
//   - the process limit (ulimit -u, where the kernel applies it): the threads and processes of a group that run at
//     once, this one included (with several jobs each a thread; posixaio's jobs each a process; psync_threads'
//     iodepth threads per job, io_submit_mode=offload's; bonnie++'s random seeks' seekers per worker), x the ranks on
//     this host, and rank 0's progress thread; the user's other processes and glibc's POSIX AIO helpers are not
//     counted;
//   - the address space and data limits (ulimit -v, ulimit -d): a group's request buffers in one process (plan/room.h
//     job_buffer_bytes), the program and the threads' stacks not counted.
#include <cstdint>

#include "plan/plan.h"
#include "platform/resource_limits.h"

namespace bench {

// The threads and processes group `g` of `plan` runs at once on one rank, this process included. Pure.
std::uint64_t group_tasks(const Plan& plan, std::size_t g);

// The request buffers group `g` of `plan` holds at once in one process: its jobs' on threads of this process, or
// the largest job's in a process of its own, whichever is more; nullopt past 2^64. Pure.
CheckedSize group_buffer_bytes(const Plan& plan, std::size_t g);

// Throws UsageError naming the workload (or bonnie++'s option) and the limit, for the first need of `plan` beyond
// `limits` (the header's list), with `ranks_on_host` ranks of the plan running on this host. Pure.
void check_resource_limits(const Plan& plan, const ResourceLimits& limits, std::uint32_t ranks_on_host);

}  // namespace bench
