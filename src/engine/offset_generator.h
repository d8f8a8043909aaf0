#pragma once
// Where a sequential job's requests go: block-aligned offsets in a region, in order, pass after pass. Pure (no
// I/O, no clock) and O(1) in memory whatever the region's size. (Random offsets: engine/random_offsets.h.)
#include <cstdint>

namespace bench {

// Block-aligned byte offsets in [0, block_count() x block_bytes()): the region, truncated to whole blocks. Each
// pass hands out every block exactly once, in order; after the last block of a pass the next pass starts back at
// offset 0.
class OffsetGenerator {
 public:
  // REQUIRES: 0 < block_bytes <= region_bytes (else std::invalid_argument).
  OffsetGenerator(std::uint64_t region_bytes, std::uint32_t block_bytes);

  // The next offset, in bytes.
  std::uint64_t next();
  // Passes completed: 1 once every block has been handed out once, 2 after twice, ...
  std::uint64_t pass() const { return pass_; }
  // Offsets handed out in the current pass, 0..block_count() - 1.
  std::uint64_t position_in_pass() const { return position_; }
  std::uint64_t block_count() const { return block_count_; }
  std::uint32_t block_bytes() const { return block_bytes_; }

 private:
  std::uint32_t block_bytes_;
  std::uint64_t block_count_;
  std::uint64_t pass_ = 0;
  std::uint64_t position_ = 0;
};

}  // namespace bench
