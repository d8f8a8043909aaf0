#pragma once
// fio's random map (randommap, its default for random I/O): which blocks of the current pass have been handed
// out, so that a drawn block already done is replaced by the next free one after it. One bit per block plus a
// summary level per 64x fewer bits (under 1.6 % more): 32 KiB per GiB of 4 KiB blocks. Every query is
// O(log64 blocks); nothing allocates after construction.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace bench {

class BlockMap {
 public:
  // REQUIRES: count >= 1 (else std::invalid_argument). Allocates the bits (std::bad_alloc when that fails).
  explicit BlockMap(std::uint64_t count);

  std::uint64_t count() const { return count_; }
  bool is_set(std::uint64_t block) const;  // REQUIRES: block < count()
  void set(std::uint64_t block);           // REQUIRES: block < count()
  // The first block not set after `block`, searching up to the end and then from block 0 (fio's
  // axmap_next_free); nullopt when every block is set. REQUIRES: block < count().
  std::optional<std::uint64_t> next_free_after(std::uint64_t block) const;
  bool full() const;
  void clear();  // a new pass: no block set

 private:
  std::optional<std::uint64_t> first_free_from(unsigned level, std::uint64_t bit) const;
  std::uint64_t& word(unsigned level, std::uint64_t index) { return words_[level_start_[level] + index]; }
  std::uint64_t word(unsigned level, std::uint64_t index) const { return words_[level_start_[level] + index]; }

  std::uint64_t count_;
  unsigned levels_ = 0;
  // Level 0 holds a bit per block; a bit of level L + 1 is set when its word of level L is full. The bits past
  // the end of each level are kept set, so they are never free and a level's last word can fill.
  std::array<std::uint64_t, 12> level_bits_{};
  std::array<std::uint64_t, 12> level_start_{};  // index of each level's first word in words_
  std::vector<std::uint64_t> words_;
};

}  // namespace bench
