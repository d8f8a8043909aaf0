#pragma once
// How long each request of a job is, as fio 3.33's get_next_buflen draws it (io_u.c) for bsrange= and bssplit=:
// one generator per direction (fio's bsrange_state, seeded by FioSeeds::block_sizes; 64-bit under
// random_generator=tausworthe64), a draw per request, aligned down to the direction's smallest size and redrawn
// until the request fits before the region's end. A direction of one size draws nothing.
//
// bsrange=lo-hi: lo + hi x r / (max + 1), aligned down to lo's multiple and capped at hi (fio's formula: the
// multiples of lo evenly, hi taking the rest when it is not one). bssplit: the first entry, in ascending percent, whose
// running sum of percents covers r / (max / 100), among those that fit; none covering: the last entry.
#include <array>
#include <cstdint>
#include <variant>

#include "engine/fio_random.h"
#include "result/block_sizes.h"
#include "result/offset_spec.h"

namespace bench {

class RequestSizes {
 public:
  RequestSizes(const BlockSizes& sizes, RandomGenerator generator, const FioSeeds& seeds);

  // The length of the next request of `direction` (0 read, 1 write) at `offset`, ending at most at `end`;
  // 0 when not even the direction's smallest size fits (fio then ends the job's pass).
  std::uint32_t next(unsigned direction, std::uint64_t offset, std::uint64_t end);

 private:
  std::uint64_t draw(unsigned direction);

  BlockSizes sizes_;
  std::array<std::variant<FioTausworthe32, FioTausworthe64>, 3> random_;
};

}  // namespace bench
