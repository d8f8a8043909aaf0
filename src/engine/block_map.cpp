#include "engine/block_map.h"

#include <bit>
#include <stdexcept>

namespace bench {

namespace {

constexpr std::uint64_t kAllSet = ~std::uint64_t{0};

constexpr std::uint64_t words_for(std::uint64_t bits) { return (bits + 63) / 64; }

}  // namespace

BlockMap::BlockMap(std::uint64_t count) : count_(count) {
  if (count == 0) throw std::invalid_argument("block map: no blocks");
  std::uint64_t bits = count;
  std::uint64_t total_words = 0;
  while (true) {
    level_bits_[levels_] = bits;
    level_start_[levels_] = total_words;
    total_words += words_for(bits);
    ++levels_;
    if (words_for(bits) == 1) break;
    bits = words_for(bits);
  }
  words_.resize(total_words);
  clear();
}

void BlockMap::clear() {
  for (unsigned level = 0; level < levels_; ++level) {
    const std::uint64_t words = words_for(level_bits_[level]);
    for (std::uint64_t i = 0; i < words; ++i) word(level, i) = 0;
    const unsigned used = static_cast<unsigned>(level_bits_[level] % 64);
    if (used != 0) word(level, words - 1) = kAllSet << used;  // the padding past the end counts as set
  }
}

bool BlockMap::is_set(std::uint64_t block) const { return (word(0, block / 64) >> (block % 64)) & 1; }

bool BlockMap::full() const { return word(levels_ - 1, 0) == kAllSet; }

void BlockMap::set(std::uint64_t block) {
  std::uint64_t bit = block;
  for (unsigned level = 0; level < levels_; ++level) {
    std::uint64_t& w = word(level, bit / 64);
    const bool was_full = w == kAllSet;
    w |= std::uint64_t{1} << (bit % 64);
    if (was_full || w != kAllSet) return;  // the summary above changes only when this word just filled
    bit /= 64;
  }
}

// The first clear bit of `level` at or after `bit`: within bit's own word, else in the first word after it
// that the level above says is not full.
std::optional<std::uint64_t> BlockMap::first_free_from(unsigned level, std::uint64_t bit) const {
  if (bit >= level_bits_[level]) return std::nullopt;
  const std::uint64_t index = bit / 64;
  const std::uint64_t free_here = ~word(level, index) & (kAllSet << (bit % 64));
  if (free_here != 0) return index * 64 + static_cast<unsigned>(std::countr_zero(free_here));
  if (level + 1 == levels_) return std::nullopt;
  const std::optional<std::uint64_t> next_word = first_free_from(level + 1, index + 1);
  if (!next_word) return std::nullopt;
  return *next_word * 64 + static_cast<unsigned>(std::countr_one(word(level, *next_word)));
}

std::optional<std::uint64_t> BlockMap::next_free_after(std::uint64_t block) const {
  const std::uint64_t start = block + 1 == count_ ? 0 : block + 1;
  std::optional<std::uint64_t> found = first_free_from(0, start);
  if (!found && start != 0) found = first_free_from(0, 0);
  return found;
}

}  // namespace bench
