#include "engine/offset_generator.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace bench {

namespace {

constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// SplitMix64's finaliser: a bijective 64-bit mix in which every input bit affects every output bit.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t low_mask(unsigned bits) { return (std::uint64_t{1} << bits) - 1; }  // bits <= 32

// The permutation key of pass `pass` under `seed`.
std::uint64_t pass_key(std::uint64_t seed, std::uint64_t pass) { return mix64(mix64(seed) ^ (pass * kGoldenGamma)); }

}  // namespace

BlockPermutation::BlockPermutation(std::uint64_t count, std::uint64_t key) : count_(count), round_keys_{} {
  const unsigned domain_bits =
      std::max(2u, static_cast<unsigned>(std::bit_width(count - 1)));  // 2^domain_bits >= count
  low_bits_ = domain_bits / 2;
  high_bits_ = domain_bits - low_bits_;
  std::uint64_t state = key;
  for (std::uint64_t& round_key : round_keys_) round_key = mix64(state += kGoldenGamma);
}

// One value through the rounds: (high, low) becomes (low, high ^ F(low)); the halves swap widths each round,
// which keeps every round (and so the whole) a bijection of [0, 2^(high_bits_ + low_bits_)).
std::uint64_t BlockPermutation::apply_rounds(std::uint64_t value) const {
  unsigned high_bits = high_bits_;
  unsigned low_bits = low_bits_;
  for (const std::uint64_t round_key : round_keys_) {
    const std::uint64_t high = value >> low_bits;
    const std::uint64_t low = value & low_mask(low_bits);
    const std::uint64_t mixed = (high ^ mix64(low ^ round_key)) & low_mask(high_bits);
    value = (low << high_bits) | mixed;
    std::swap(high_bits, low_bits);
  }
  return value;
}

std::uint64_t BlockPermutation::operator()(std::uint64_t index) const {
  std::uint64_t value = apply_rounds(index);
  while (value >= count_) value = apply_rounds(value);  // ends: index's own cycle returns below count_
  return value;
}

OffsetGenerator::OffsetGenerator(OffsetOrder order, std::uint64_t region_bytes, std::uint32_t block_bytes,
                                 std::uint64_t seed)
    : order_(order),
      block_bytes_(block_bytes),
      block_count_(block_bytes == 0 ? 0 : region_bytes / block_bytes),
      seed_(seed),
      permutation_(std::max<std::uint64_t>(block_count_, 1), pass_key(seed, 0)) {
  if (block_bytes == 0 || block_count_ == 0) {
    throw std::invalid_argument("offset generator: block of " + std::to_string(block_bytes) + " bytes in a region of " +
                                std::to_string(region_bytes) + " bytes");
  }
}

std::uint64_t OffsetGenerator::next() {
  const std::uint64_t block = order_ == OffsetOrder::kRandom ? permutation_(position_) : position_;
  if (++position_ == block_count_) {
    position_ = 0;
    ++pass_;
    if (order_ == OffsetOrder::kRandom) permutation_ = BlockPermutation(block_count_, pass_key(seed_, pass_));
  }
  return block * block_bytes_;
}

}  // namespace bench
