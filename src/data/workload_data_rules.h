#pragma once
// What a workload's data options (its buffer options and verify=, result/data_options.h) may be: the refusals the
// command line makes before a run (cli/fio_workload_checks.cpp) and the verify= a job runs
// (phases/workload/workload_data.h), from the rules of data/verify.h. Pure.
#include <optional>
#include <string>

#include "data/verify.h"
#include "result/data_options.h"
#include "result/workload_spec.h"

namespace bench {

// verify= as the job runs it: verify_pattern alone is kPatternWithHeader (fio's VERIFY_PATTERN).
VerifyMethod effective_verify_method(const VerifyOptions& options);

// The verify= a job of `spec` checks its blocks with (its effective method, pattern, interval and the buffers'
// compress percentage).
VerifySpec verify_spec_of(const WorkloadSpec& spec);

// A one-line reason why bench++ does not run this workload's data options, or nullopt (cli/fio_options.cpp's
// check_workload refuses with it).
std::optional<std::string> refused_data_options(const WorkloadSpec& spec);

}  // namespace bench
