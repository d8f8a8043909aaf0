#pragma once
// Where a job's requests go: offsets in a region, sequential or random without repeats, pass after pass. Pure
// (no I/O, no clock) and O(1) in memory whatever the region's size.
#include <array>
#include <cstdint>

namespace bench {

// A seeded pseudo-random permutation of [0, count): a keyed six-round Feistel network over the smallest power
// of two >= count (and >= 4), walked back into range by applying it again while the result is >= count
// (cycle-walking: fewer than two applications expected, since the domain is under 2 x count). The same count
// and key give the same permutation on every machine. Copyable, 64 bytes, no allocation.
class BlockPermutation {
 public:
  static constexpr int kRounds = 6;
  // REQUIRES: count >= 1.
  BlockPermutation(std::uint64_t count, std::uint64_t key);
  // The image of `index`. REQUIRES: index < count().
  std::uint64_t operator()(std::uint64_t index) const;
  std::uint64_t count() const { return count_; }

 private:
  std::uint64_t apply_rounds(std::uint64_t value) const;

  std::uint64_t count_;
  unsigned high_bits_;  // the Feistel halves: high_bits_ + low_bits_ bits, high_bits_ - low_bits_ in {0, 1}
  unsigned low_bits_;
  std::array<std::uint64_t, kRounds> round_keys_;
};

enum class OffsetOrder { kSequential, kRandom };

// Block-aligned byte offsets in [0, block_count() x block_bytes()): the region, truncated to whole blocks.
// Each pass hands out every block exactly once: in order for kSequential, in the pass's own seeded
// permutation for kRandom (the seed mixed with the pass number: a new order each pass, the same orders for the
// same seed). After the last block of a pass the next pass starts (sequential: back at offset 0).
class OffsetGenerator {
 public:
  // REQUIRES: 0 < block_bytes <= region_bytes (else std::invalid_argument).
  OffsetGenerator(OffsetOrder order, std::uint64_t region_bytes, std::uint32_t block_bytes, std::uint64_t seed);

  // The next offset, in bytes.
  std::uint64_t next();
  // Passes completed: 1 once every block has been handed out once, 2 after twice, ...
  std::uint64_t pass() const { return pass_; }
  // Offsets handed out in the current pass, 0..block_count() - 1.
  std::uint64_t position_in_pass() const { return position_; }
  std::uint64_t block_count() const { return block_count_; }
  std::uint32_t block_bytes() const { return block_bytes_; }
  OffsetOrder order() const { return order_; }

 private:
  OffsetOrder order_;
  std::uint32_t block_bytes_;
  std::uint64_t block_count_;
  std::uint64_t seed_;
  std::uint64_t pass_ = 0;
  std::uint64_t position_ = 0;
  BlockPermutation permutation_;  // the current pass's (unused for kSequential)
};

}  // namespace bench
