#pragma once
// A workload "w" of `size_bytes` as `bench++ job` would hold it: the options applied in order with kb_base=1024,
// then check_workload's refusals (each throws UsageError, as the front end does).
#include <cstdint>
#include <vector>

#include "cli/fio_options.h"

namespace bench::test {

inline WorkloadSpec checked_workload(const std::vector<FioOption>& options, std::uint64_t size_bytes) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.size_bytes = size_bytes;
  for (const FioOption& option : options) apply_fio_option(spec, option, 1024);
  check_workload(spec);
  return spec;
}

}  // namespace bench::test
