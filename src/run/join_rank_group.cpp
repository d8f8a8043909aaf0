// The plain build (no MPI): every process runs alone.
#include "run/rank_group.h"

namespace bench {

std::unique_ptr<RankGroup> join_rank_group() { return std::make_unique<SingleProcessGroup>(); }

bool is_secondary_rank() { return false; }

}  // namespace bench
