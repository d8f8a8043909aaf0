#pragma once
// A run's plan (plan/plan.h) as `--dry-run` prints it: the groups of tests in order, each test on a line (a
// bonnie++ test with its workers and operations; a workload with its pattern, block size, size, jobs, depth, time
// and engine, and why the engine when it is not the one asked for), then the room the run needs on each
// filesystem against what is free there, and the request buffers. Pure.
#include <string>

#include "plan/plan.h"

namespace bench {

// Ends with '\n'.
std::string format_plan_text(const Plan& plan);

}  // namespace bench
