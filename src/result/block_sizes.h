#pragma once
// fio's request sizes per direction (bs=R,W[,T], bsrange=, bssplit=, blockalign=) as the options give them:
// plain values, parsed by cli/fio_options.cpp, settled by settle_workload, drawn by engine/request_sizes.h.
// WorkloadSpec::block_bytes is the largest request of any direction once settled (each request buffer's
// size); with no option here every request is block_bytes, as before.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace bench {

// One entry of fio's bssplit: `bytes` for `percent` of the requests.
struct BlockSplit {
  std::uint32_t bytes = 0;
  std::uint32_t percent = 0;
  friend bool operator==(const BlockSplit&, const BlockSplit&) = default;
};

// One direction's options. fio's precedence: bssplit's sizes over bsrange's over bs's.
struct DirectionBlockSizes {
  std::uint32_t bs = 0;         // bs=; 0: not given (settle_workload fills it from WorkloadSpec::block_bytes)
  std::uint32_t range_min = 0;  // bsrange=lo-hi; 0: none
  std::uint32_t range_max = 0;
  std::vector<BlockSplit> split;  // bssplit=, sorted by percent ascending as fio sorts it; empty: none
  std::uint32_t align = 0;        // blockalign= (random offsets' unit); 0: min(), fio's default

  std::uint32_t min() const {
    if (!split.empty())
      return std::min_element(split.begin(), split.end(), [](auto& a, auto& b) { return a.bytes < b.bytes; })->bytes;
    return range_min != 0 ? range_min : bs;
  }
  std::uint32_t max() const {
    if (!split.empty())
      return std::max_element(split.begin(), split.end(), [](auto& a, auto& b) { return a.bytes < b.bytes; })->bytes;
    return range_max != 0 ? range_max : bs;
  }
  // One size for every request of this direction (fio's min_bs == max_bs: no draw).
  bool fixed() const { return min() == max(); }
  std::uint32_t offset_unit() const { return align != 0 ? align : min(); }
  friend bool operator==(const DirectionBlockSizes&, const DirectionBlockSizes&) = default;
};

// Reads [0], writes [1] and trims [2], fio's DDIR_READ, DDIR_WRITE and DDIR_TRIM.
struct BlockSizes {
  std::array<DirectionBlockSizes, 3> direction;

  // Whether requests differ from one block_bytes: a direction drawn, the directions apart, or blockalign.
  bool varies() const {
    for (const DirectionBlockSizes& d : direction) {
      if (!d.fixed() || d.min() != direction[0].min() || d.offset_unit() != d.min()) return true;
    }
    return false;
  }
  std::uint32_t largest() const { return std::max({direction[0].max(), direction[1].max(), direction[2].max()}); }
  // The smallest request of any direction (fio's td_min_bs); 0 before settle_workload fills the sizes.
  std::uint32_t smallest() const { return std::min({direction[0].min(), direction[1].min(), direction[2].min()}); }
  // The unit of random offsets for every direction: the smallest (fio keeps one per direction).
  std::uint32_t offset_unit() const {
    return std::min({direction[0].offset_unit(), direction[1].offset_unit(), direction[2].offset_unit()});
  }
  friend bool operator==(const BlockSizes&, const BlockSizes&) = default;
};

}  // namespace bench
