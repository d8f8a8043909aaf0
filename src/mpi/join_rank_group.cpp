// The MPI build: the MPI job when an MPI launcher started this process, else alone (as the plain build).
#include <cstdlib>
#include <optional>

#include "mpi/mpi_rank_group.h"
#include "run/rank_group.h"
#include "text/number.h"

namespace bench {
namespace {
bool started_by_mpi_launcher() { return mpi_launcher_variable().has_value(); }

// The rank as the launcher numbers it (Open MPI, PMIx, PMI), or -1 when none says (a value that is not a rank
// says nothing).
long launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    const char* value = std::getenv(name);
    if (const std::optional<long> rank = value ? read_number<long>(value) : std::nullopt) return *rank;
  }
  return -1;
}
}  // namespace

std::unique_ptr<RankGroup> join_rank_group() {
  if (!started_by_mpi_launcher()) return std::make_unique<SingleProcessGroup>();
  return std::make_unique<MpiRankGroup>();
}

bool is_secondary_rank() { return started_by_mpi_launcher() && launcher_rank() > 0; }

}  // namespace bench
