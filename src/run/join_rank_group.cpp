// The plain build (no MPI): every process runs alone, and one started by an MPI launcher is refused.
#include <fmt/format.h>

#include "result/errors.h"
#include "run/rank_group.h"

namespace bench {

std::unique_ptr<RankGroup> join_rank_group() {
  if (const std::optional<std::string> variable = mpi_launcher_variable()) {
    throw UsageError(fmt::format(
        "started by an MPI launcher ({}), but this bench++ was built without MPI: each process would run the "
        "whole benchmark alone (build with cmake -DBENCH_WITH_MPI=ON for MPI runs)",
        *variable));
  }
  return std::make_unique<SingleProcessGroup>();
}

bool is_secondary_rank() { return false; }

}  // namespace bench
