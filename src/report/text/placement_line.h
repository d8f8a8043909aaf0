#pragma once
// The lines above a run's tables: where it ran ("Running on: guest (kvm), container: none"; nothing when not
// recorded) and, under MPI, its ranks ("MPI: 3 ranks x 2 workers on 2 hosts: node1, node2"; for workloads "MPI: 4
// ranks on 2 hosts: node1, node2; each rank runs every workload").
#include <string>

#include "result/run_result.h"

namespace bench {

// Ends with '\n' (each line); empty when there is nothing to say.
std::string format_placement_line(const RunInfo& info);

}  // namespace bench
