#pragma once
// The bytes the I/O tests write. With DataPattern::kRandom the data is incompressible and never repeats a
// 512-byte sector: every sector starts with a 16-byte stamp (its file offset, the seed and a write
// generation) and the rest comes from a window of a random pool that moves with the block, so neither
// compression nor deduplication flatters the storage. Each worker's seed is its own (PhaseContext::pattern_seed),
// so neither do several workers' files. With kZero it is bonnie++'s almost-zero buffer
// (one byte changes per block). Blocks are produced in place (no copy) and are aligned for O_DIRECT.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "platform/aligned_buffer.h"
#include "result/run_setup.h"

namespace bench {

class BlockPattern {
 public:
  static constexpr std::size_t kSectorBytes = 512;
  static constexpr std::size_t kStampBytes = 16;

  // REQUIRES: block_bytes is a power of two >= 256.
  BlockPattern(DataPattern pattern, std::uint64_t seed, std::size_t block_bytes);

  // The block to write at `offset` (a multiple of block_bytes). Valid until the next call; the caller may
  // write it as is (it is aligned) or copy it.
  unsigned char* block_for(std::uint64_t offset);

  // Marks a block that was read back as rewritten (bonnie++'s "change one byte"), in place. For kRandom
  // it bumps the first sector's write generation, which matches() ignores.
  static void touch(DataPattern pattern, unsigned char* block);

  // True when `block`, read from `offset`, holds what block_for(offset) produced (ignoring the write
  // generation that touch() changes). Always true for kZero, which carries no stamp.
  bool matches(const unsigned char* block, std::uint64_t offset) const;
  // The index in `block` of the first byte that differs from what block_for(offset) produced (the write
  // generation ignored), or nullopt when the block matches. Always nullopt for kZero.
  std::optional<std::size_t> first_mismatch(const unsigned char* block, std::uint64_t offset) const;

  std::size_t block_bytes() const { return block_bytes_; }

 private:
  std::size_t window_start(std::uint64_t offset) const;
  void stamp(unsigned char* block, std::uint64_t offset) const;

  DataPattern pattern_;
  std::uint64_t seed_;
  std::size_t block_bytes_;
  std::size_t pool_windows_;  // number of aligned starting points in the pool
  AlignedBuffer pool_;        // random bytes (kRandom) or one zeroed block (kZero)
  std::uint64_t zero_counter_ = 0;
};

}  // namespace bench
