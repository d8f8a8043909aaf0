#include "data/random_fill.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace bench {

namespace {

constexpr std::uint64_t kMultiplier = 6364136223846793005ULL;  // Knuth's MMIX LCG
constexpr int kLanes = 4;

// One lane: a 64-bit LCG whose high bits are folded onto the weak low ones.
struct Lane {
  std::uint64_t state;
  std::uint64_t increment;  // odd, different per lane
  std::uint64_t next() {
    state = state * kMultiplier + increment;
    return state ^ (state >> 29);
  }
};

}  // namespace

void fill_random(std::span<std::byte> out, std::uint64_t seed) {
  Lane lanes[kLanes];
  for (int i = 0; i < kLanes; ++i) {
    lanes[i].state = derive_seed(seed, static_cast<std::uint64_t>(i));
    lanes[i].increment = derive_seed(seed, static_cast<std::uint64_t>(i) + kLanes) | 1;
  }
  std::byte* p = out.data();
  std::size_t left = out.size();
  while (left >= 8 * kLanes) {
    std::uint64_t words[kLanes];
    for (int i = 0; i < kLanes; ++i) words[i] = lanes[i].next();
    std::memcpy(p, words, sizeof words);
    p += sizeof words;
    left -= sizeof words;
  }
  int lane = 0;
  while (left > 0) {
    const std::uint64_t word = lanes[lane++].next();
    const std::size_t n = std::min<std::size_t>(left, sizeof word);
    std::memcpy(p, &word, n);  // little-endian hosts: the same bytes as the full words above
    p += n;
    left -= n;
  }
}

void fill_repeating(std::span<std::byte> out, std::span<const std::byte> pattern) {
  if (pattern.empty()) throw std::invalid_argument("fill_repeating: empty pattern");
  const std::size_t first = std::min(out.size(), pattern.size());
  std::memcpy(out.data(), pattern.data(), first);
  // Double the filled part until the buffer is full.
  for (std::size_t filled = first; filled < out.size();) {
    const std::size_t n = std::min(filled - filled % pattern.size(), out.size() - filled);
    std::memcpy(out.data() + filled, out.data(), n);
    filled += n;
  }
}

void fill_compressible(std::span<std::byte> out, std::uint64_t seed, std::uint32_t percent,
                       std::uint32_t segment_bytes, std::span<const std::byte> filler) {
  if (percent > 100 || segment_bytes == 0) throw std::invalid_argument("fill_compressible: bad percent or segment");
  const auto fill_rest = [&filler](std::span<std::byte> rest) {
    if (filler.empty())
      std::memset(rest.data(), 0, rest.size());
    else
      fill_repeating(rest, filler);
  };
  std::uint64_t index = 0;
  for (std::size_t position = 0; position < out.size(); position += segment_bytes) {
    const std::size_t size = std::min<std::size_t>(segment_bytes, out.size() - position);
    const std::span<std::byte> segment = out.subspan(position, size);
    const std::size_t random = segment.size() * (100 - percent) / 100;
    fill_random(segment.first(random), derive_seed(seed, index++));
    if (random < segment.size()) fill_rest(segment.subspan(random));
  }
}

}  // namespace bench
