#include "engine/random_offsets.h"

#include <stdexcept>
#include <string>

namespace bench {

namespace {

bool is_ranked(DistributionKind kind) {
  return kind == DistributionKind::kZipf || kind == DistributionKind::kPareto || kind == DistributionKind::kNormal;
}

bool is_zoned(DistributionKind kind) {
  return kind == DistributionKind::kZoned || kind == DistributionKind::kZonedAbsolute;
}

// fio's scaling of a uniform draw onto 0..blocks-1: blocks x (r / (max + 1)), in double as fio computes it.
template <typename Generator>
std::uint64_t scaled_draw(Generator& generator, std::uint64_t blocks, double max_plus_one) {
  const double fraction = static_cast<double>(generator.next()) / max_plus_one;
  const auto block = static_cast<std::uint64_t>(static_cast<double>(blocks) * fraction);
  return block < blocks || blocks == 0 ? block : blocks - 1;  // 64-bit draws can round up to 1.0
}

}  // namespace

RandomOffsets::RandomOffsets(const RandomOffsetsSpec& spec)
    : spec_(spec),
      block_count_(spec.block_bytes == 0 ? 0 : spec.region_bytes / spec.block_bytes),
      zone_random_(static_cast<std::uint32_t>(spec.seeds.zone)),
      mix_random_{FioTausworthe32(static_cast<std::uint32_t>(spec.seeds.sequential_mix)),
                  FioTausworthe32(static_cast<std::uint32_t>(spec.seeds.sequential_mix)),
                  FioTausworthe32(static_cast<std::uint32_t>(spec.seeds.sequential_mix))} {
  if (block_count_ == 0) {
    throw std::invalid_argument("random offsets: no block of " + std::to_string(spec.block_bytes) +
                                " bytes in a region of " + std::to_string(spec.region_bytes) + " bytes");
  }
  for (const std::uint32_t percent : spec.percentage_random) {
    if (percent > 100) throw std::invalid_argument("percentage_random above 100");
  }
  const DistributionSpec& distribution = spec.distribution;
  if (spec.generator == RandomGenerator::kLfsr && is_zoned(distribution.kind))
    throw std::invalid_argument("random_generator=lfsr cannot draw zoned distributions (fio ignores the zones)");
  switch (spec.generator) {
    case RandomGenerator::kTausworthe:
      uniform_.emplace<FioTausworthe32>(static_cast<std::uint32_t>(spec.seeds.block_offsets));
      break;
    case RandomGenerator::kTausworthe64:
      uniform_.emplace<FioTausworthe64>(spec.seeds.block_offsets);
      break;
    case RandomGenerator::kLfsr:
      uniform_.emplace<FioLfsr>(block_count_, spec.seeds.block_offsets);
      break;
  }
  if (is_ranked(distribution.kind)) {
    const std::uint32_t unit = spec.range_bytes != 0 ? spec.range_bytes : spec.block_bytes;
    const std::uint64_t ranges = (spec.region_bytes + unit - 1) / unit;
    const std::uint32_t seed = spec.seeds.distribution;
    ranked_.emplace(distribution.kind, ranges, distribution.parameter, distribution.center, seed);
  }
  if (is_zoned(distribution.kind)) {
    const bool absolute = distribution.kind == DistributionKind::kZonedAbsolute;
    for (unsigned d = 0; d < kFioDirections; ++d) {
      zones_[d] = ZoneTable(distribution.zones[d], absolute);
      std::uint64_t total = 0;
      for (const Zone& zone : distribution.zones[d]) total += zone.size_bytes;
      if (absolute && total / spec.block_bytes > block_count_)
        throw std::invalid_argument("zoned_abs: the zones' sizes (" + std::to_string(total) +
                                    " bytes) exceed the region of " + std::to_string(spec.region_bytes) + " bytes");
    }
  }
  // fio keeps a map only for uniform draws of a Tausworthe generator.
  if (spec.random_map && distribution.kind == DistributionKind::kRandom && spec.generator != RandomGenerator::kLfsr)
    map_.emplace(block_count_);
}

void RandomOffsets::new_pass() {
  if (map_) map_->clear();
  if (auto* lfsr = std::get_if<FioLfsr>(&uniform_)) lfsr->reset(spec_.seeds.block_offsets);
  sequential_end_.fill(0);
}

// A uniform block of 0..blocks-1 (lfsr: of the whole region, as fio's lfsr ignores `blocks`), replaced by the
// next free one when the map has it already, and marked in the map when `mark`; nullopt when the map or the
// lfsr is exhausted.
std::optional<std::uint64_t> RandomOffsets::next_uniform_block(std::uint64_t blocks, bool mark) {
  std::uint64_t block = 0;
  if (auto* taus = std::get_if<FioTausworthe32>(&uniform_)) {
    block = scaled_draw(*taus, blocks, 4294967296.0);
  } else if (auto* taus64 = std::get_if<FioTausworthe64>(&uniform_)) {
    block = scaled_draw(*taus64, blocks, 18446744073709551616.0);
  } else {
    const std::optional<std::uint64_t> drawn = std::get<FioLfsr>(uniform_).next();
    if (!drawn) return std::nullopt;
    block = *drawn;
  }
  if (map_) {
    if (map_->is_set(block)) {
      const std::optional<std::uint64_t> free = map_->next_free_after(block);
      if (!free) return std::nullopt;
      block = *free;
    }
    if (mark) map_->set(block);
  }
  return block;
}

std::optional<std::uint64_t> RandomOffsets::next_random_block(FioDirection direction, bool mark) {
  const DistributionKind kind = spec_.distribution.kind;
  if (ranked_) return ranked_->next();
  const ZoneTable& zones = zones_[static_cast<unsigned>(direction)];
  if (!is_zoned(kind) || zones.empty()) return next_uniform_block(block_count_, mark);
  const ZoneTable::Span& span = zones.row(zone_random_.between(1, 100));
  std::uint64_t first = 0;
  std::uint64_t blocks = 0;
  if (kind == DistributionKind::kZoned) {  // percent of the region's blocks, as fio rounds them
    first = span.begin * block_count_ / 100;
    blocks = block_count_ * (span.end - span.begin) / 100;
  } else {
    first = span.begin / spec_.block_bytes;
    blocks = span.end / spec_.block_bytes - first;
  }
  const std::optional<std::uint64_t> block = next_uniform_block(blocks, mark);
  if (!block) return std::nullopt;
  return first + *block;
}

// The block's byte offset; a block that would end past the region (a rank of a region that is not a whole
// number of ranges, or a request longer than a block) folds back into it.
std::uint64_t RandomOffsets::to_offset(std::uint64_t block, std::uint32_t length) const {
  std::uint64_t offset = (block % block_count_) * spec_.block_bytes;
  if (length <= spec_.region_bytes && offset + length > spec_.region_bytes)
    offset = (spec_.region_bytes - length) / spec_.block_bytes * spec_.block_bytes;
  return offset;
}

std::optional<std::uint64_t> RandomOffsets::next(FioDirection direction, std::uint32_t length) {
  const unsigned d = static_cast<unsigned>(direction);
  const std::uint32_t percent = spec_.percentage_random[d];
  if (percent < 100 && mix_random_[d].between(1, 100) > percent) return next_sequential(direction, length);
  return draw(direction, length, true);
}

std::optional<std::uint64_t> RandomOffsets::next_sequential(FioDirection direction, std::uint32_t length) {
  const unsigned d = static_cast<unsigned>(direction);
  std::uint64_t position = sequential_end_[d];
  if (position + length > spec_.region_bytes && spec_.time_based) position = 0;
  if (position + length <= spec_.region_bytes) {
    sequential_end_[d] = position + length;
    return position;  // sequential requests leave the random map alone, as in fio
  }
  // Past the end without wrapping: fio draws this request at random instead, and leaves it out of the map.
  return draw(direction, length, false);
}

std::optional<std::uint64_t> RandomOffsets::draw(FioDirection direction, std::uint32_t length, bool mark) {
  std::optional<std::uint64_t> block = next_random_block(direction, mark);
  if (!block && spec_.time_based) {  // fio's get_next_rand_block: reset the file and draw again
    new_pass();
    ++time_based_restarts_;
    block = next_random_block(direction, mark);
  }
  if (!block) return std::nullopt;
  const std::uint64_t offset = to_offset(*block, length);
  sequential_end_[static_cast<unsigned>(direction)] = offset + length;
  return offset;
}

}  // namespace bench
