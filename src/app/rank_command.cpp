#include "app/rank_command.h"

#include <memory>

namespace bench {

int run_as_rank(const std::function<void(RankGroup&)>& on_rank) {
  const std::unique_ptr<RankGroup> group = join_rank_group();
  try {
    on_rank(*group);
  } catch (...) {
    if (group->rank() == 0) throw;
    return 0;
  }
  return 0;
}

}  // namespace bench
