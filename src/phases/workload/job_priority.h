#pragma once
// fio's nice=, prio= and prioclass= for one job: the job's thread runs with that nice value (setpriority on the
// thread) and that I/O priority (ioprio_set on the thread; a prio without a class is best effort, a class without
// a prio has prio 0, as fio 3.33's ioprio_value). A thread's priorities die with it: the workload phase runs such a
// job on a thread of its own (the runner's thread may run the next group).
#include "result/workload_spec.h"

namespace bench {

// Whether the spec asks for any of the three.
bool sets_job_priority(const WorkloadSpec& spec);

// Applies them to the calling thread. Throws std::system_error naming the option when the kernel refuses
// (a negative nice without CAP_SYS_NICE, the realtime class without CAP_SYS_ADMIN).
void apply_job_priority(const WorkloadSpec& spec);

// Tries them on a short-lived thread of its own and throws UsageError, naming the option and why, when the
// kernel refuses them: make_plan calls it, so a run refuses before anything is created.
void check_job_priority(const WorkloadSpec& spec);

}  // namespace bench
