#pragma once
// `bench++ job` and `bench++ suite`: parse (cli/job_options.h), find out where the run runs, run the workloads
// (run/workload_runner.h) and write their outputs (app/workload_outputs.h).
#include <string>
#include <vector>

#include "cli/job_options.h"

namespace bench {

// Returns 0 when the run succeeded; throws UsageError, InterruptedError or other exceptions (main maps them).
int run_workload_command(WorkloadCommand command, const std::vector<std::string>& args);

}  // namespace bench
