#pragma once
// A workload job in a process of its own (EngineChoice::own_process), as fio runs each of its jobs unless told
// `thread`. It matters for posixaio: glibc's POSIX AIO keeps one request list, one lock and one pool of helper
// threads per process, so jobs that are threads of one process share them, and 16 jobs of buffered 64 KiB random
// writes made half the requests that 16 processes make (docs/performance.md); each of fio's job processes has its own.
//
// The job's thread forks; the child, in a session of its own as fio's job process (so that with the scheduler's
// autogroups each job is a scheduling group, as each of fio's is), runs the job and sends back what it measured and
// what it threw
// (phases/workload/job_outcome_codec.h); the thread waits for it. The child meets the group's start line through the parent:
// its wait_for_start() tells the parent's thread, which waits at the group's barrier and then releases it. While it
// runs, the parent's thread passes a stop signal, another job's failure (abort) and fio's exitall (group_end) on to it
// within kRelayInterval, and its progress count back. The child never deletes what the parent made, never prints,
// and ends with _exit (no handler or destructor of the parent's runs twice); it is killed if the parent's thread dies.
// The group's CPU time includes the child's whole run (process_cpu_time counts ended children) but its set-up before
// the start line, which it reports (JobMeasurement::cpu_outside_group) and the runner takes out; its message and exit
// after its work stay in (small beside any run).
#include <chrono>
#include <functional>

#include "phases/phase.h"

namespace bench {

inline constexpr std::chrono::milliseconds kRelayInterval{10};

// Runs job(child's context) in a child process and returns once it has ended, with its measurement in
// *context.measurement (REQUIRES: non-null); throws what the job threw (rethrow_job_error), std::system_error when
// the process cannot be made, or std::runtime_error when it ended without a result (killed, say).
void run_in_own_process(PhaseContext& context, const std::function<void(PhaseContext&)>& job);

}  // namespace bench
