#include "engine/request_sizes.h"

namespace bench {
namespace {

std::variant<FioTausworthe32, FioTausworthe64> generator_for(RandomGenerator generator, std::uint64_t seed) {
  if (generator == RandomGenerator::kTausworthe64) return FioTausworthe64(seed);
  return FioTausworthe32(static_cast<std::uint32_t>(seed));
}

}  // namespace

RequestSizes::RequestSizes(const BlockSizes& sizes, RandomGenerator generator, const FioSeeds& seeds)
    : sizes_(sizes),
      random_{generator_for(generator, seeds.block_sizes[0]), generator_for(generator, seeds.block_sizes[1]),
              generator_for(generator, seeds.block_sizes[2])} {}

std::uint64_t RequestSizes::draw(unsigned direction) {
  return std::visit([](auto& random) -> std::uint64_t { return random.next(); }, random_[direction]);
}

std::uint32_t RequestSizes::next(unsigned direction, std::uint64_t offset, std::uint64_t end) {
  const DirectionBlockSizes& sizes = sizes_.direction[direction];
  const std::uint64_t min = sizes.min();
  const std::uint64_t max = sizes.max();
  const auto fits = [&](std::uint64_t length) { return offset + length <= end; };
  if (min == max) return static_cast<std::uint32_t>(min);
  if (!fits(min)) return 0;
  const bool wide = std::holds_alternative<FioTausworthe64>(random_[direction]);
  const std::uint64_t rand_max = wide ? UINT64_MAX : UINT32_MAX;
  std::uint64_t length = 0;
  do {
    const std::uint64_t r = draw(direction);
    if (sizes.split.empty()) {
      length = min + static_cast<std::uint64_t>(static_cast<double>(max) *
                                                (static_cast<double>(r) / (static_cast<double>(rand_max) + 1.0)));
    } else {
      std::uint64_t percent = 0;
      for (const BlockSplit& entry : sizes.split) {
        if (entry.percent == 0) continue;
        length = entry.bytes;
        percent += entry.percent;
        if (r / percent <= rand_max / 100 && fits(length)) break;
      }
    }
    if ((min & (min - 1)) == 0) {
      length &= ~(min - 1);
    } else {
      length -= length % min;
    }
    if (length > max) length = max;
  } while (!fits(length));
  return static_cast<std::uint32_t>(length);
}

}  // namespace bench
