#pragma once
// The facts of where a run runs, for every command that runs one.
#include "cli/config.h"
#include "platform/virt_detect.h"
#include "result/run_result.h"

namespace bench {

// `placement` is detected before privileges are dropped: some evidence (the SMBIOS entry, PID 1's environment)
// is readable only by root. Where the run runs only: the runner records its setup, the one it runs.
RunInfo make_run_info(const Config& config, Placement placement);

}  // namespace bench
