#include "phases/bonnie/data_pattern.h"

#include <cstring>

#include "phases/rng.h"

namespace bench {
namespace {
// 1 MiB of distinct starting points: a 128 KiB compression record sees unrelated windows.
constexpr std::size_t kPoolSpanBytes = 1u << 20;
constexpr std::size_t kWindowAlignment = AlignedBuffer::kAlignment;
constexpr std::uint32_t kStampMagic = 0xbe4c4a11u;

void store_u64(unsigned char* at, std::uint64_t value) { std::memcpy(at, &value, sizeof value); }
void store_u32(unsigned char* at, std::uint32_t value) { std::memcpy(at, &value, sizeof value); }
// The stamp's 32 bits of a 64-bit seed: both halves count.
std::uint32_t stamp_of(std::uint64_t seed) { return static_cast<std::uint32_t>(seed ^ (seed >> 32)) ^ kStampMagic; }
}  // namespace

BlockPattern::BlockPattern(DataPattern pattern, std::uint64_t seed, std::size_t block_bytes)
    : pattern_(pattern),
      seed_(seed),
      block_bytes_(block_bytes),
      pool_windows_(kPoolSpanBytes / kWindowAlignment),
      pool_(pattern == DataPattern::kRandom ? kPoolSpanBytes + block_bytes : block_bytes) {
  if (pattern_ == DataPattern::kZero) {
    std::memset(pool_.data(), 0, pool_.size());
    return;
  }
  Rng rng(seed);
  for (std::size_t i = 0; i + sizeof(std::uint64_t) <= pool_.size(); i += sizeof(std::uint64_t)) {
    store_u64(pool_.data() + i, rng.next());
  }
}

std::size_t BlockPattern::window_start(std::uint64_t offset) const {
  // A cheap mix of the block number, so neighbouring blocks use unrelated windows.
  std::uint64_t x = offset / block_bytes_ + seed_;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return static_cast<std::size_t>(x % pool_windows_) * kWindowAlignment;
}

void BlockPattern::stamp(unsigned char* block, std::uint64_t offset) const {
  for (std::size_t at = 0; at + kStampBytes <= block_bytes_; at += kSectorBytes) {
    store_u64(block + at, offset + at);
    store_u32(block + at + 8, stamp_of(seed_));
    store_u32(block + at + 12, 0);  // write generation
  }
}

unsigned char* BlockPattern::block_for(std::uint64_t offset) {
  if (pattern_ == DataPattern::kZero) {
    // bonnie++'s way: one byte of an otherwise zero buffer changes from block to block.
    ++pool_.data()[zero_counter_++ % block_bytes_];
    return pool_.data();
  }
  unsigned char* block = pool_.data() + window_start(offset);
  stamp(block, offset);
  return block;
}

void BlockPattern::touch(DataPattern pattern, unsigned char* block) {
  if (pattern == DataPattern::kZero) {
    ++block[0];
    return;
  }
  ++block[12];  // the first sector's write generation
}

bool BlockPattern::matches(const unsigned char* block, std::uint64_t offset) const {
  return !first_mismatch(block, offset).has_value();
}

std::optional<std::size_t> BlockPattern::first_mismatch(const unsigned char* block, std::uint64_t offset) const {
  if (pattern_ == DataPattern::kZero) return std::nullopt;
  const unsigned char* expected = pool_.data() + window_start(offset);
  // The first byte of block[from, from + size) that differs from want[0, size); memcmp first, as the
  // matching case is the common one.
  const auto first_difference = [block](std::size_t from, const unsigned char* want,
                                        std::size_t size) -> std::optional<std::size_t> {
    if (std::memcmp(block + from, want, size) == 0) return std::nullopt;
    std::size_t i = 0;
    while (block[from + i] == want[i]) ++i;
    return from + i;
  };
  for (std::size_t at = 0; at < block_bytes_; at += kSectorBytes) {
    const std::size_t sector_end = std::min(at + kSectorBytes, block_bytes_);
    if (at + kStampBytes <= block_bytes_) {
      unsigned char stamp_bytes[12];  // the offset and seed fields of the stamp (the generation is not checked)
      store_u64(stamp_bytes, offset + at);
      store_u32(stamp_bytes + 8, stamp_of(seed_));
      if (const auto bad = first_difference(at, stamp_bytes, sizeof stamp_bytes)) return bad;
    }
    const std::size_t body = std::min(at + kStampBytes, sector_end);
    if (const auto bad = first_difference(body, expected + body, sector_end - body)) return bad;
  }
  return std::nullopt;
}

}  // namespace bench
