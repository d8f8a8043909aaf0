#include "engine/refill_policy.h"

#include <algorithm>

#include "engine/checked_setup.h"

namespace bench {

RefillPolicy::RefillPolicy(AioBatching batching, std::uint32_t depth)
    : batching_(normalized_batching(batching, std::max<std::uint32_t>(depth, 1))) {}

std::size_t RefillPolicy::batch_size(std::size_t free_slots) const {
  return std::min<std::size_t>(free_slots, batching_.submit);
}

std::optional<RefillPolicy::Reap> RefillPolicy::reap(std::size_t in_flight, std::size_t free_slots,
                                                     bool may_issue) const {
  if (in_flight == 0 || (free_slots > 0 && may_issue)) return std::nullopt;
  const std::size_t min = std::max<std::size_t>(1, std::min<std::size_t>(batching_.complete_min, in_flight));
  return Reap{min, std::max<std::size_t>(batching_.complete_max, min)};
}

}  // namespace bench
