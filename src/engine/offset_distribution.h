#pragma once
// fio's random_distribution: which blocks random requests favour (result/offset_spec.h: the spec; its grammar is
// cli/fio_distribution.h's). fio 3.33's generators for zipf, pareto and normal, which draw a rank, scatter it over the file with a
// multiplicative hash and shift it by a random (or given) center, so hot blocks are spread out as in fio. Zoned
// distributions are a table (ZoneTable) over a uniform draw; engine/random_offsets.h puts them together.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/fio_random.h"
#include "result/offset_spec.h"

namespace bench {

// The zone of each percentile of requests for one direction, built from its zones (fio's zone_state_index):
// a uniform draw of 1..100 picks a row; the row names the zone's span of the region.
class ZoneTable {
 public:
  struct Span {
    std::uint64_t begin = 0;  // zoned: percent of the region; zoned_abs: bytes
    std::uint64_t end = 0;
  };
  ZoneTable() = default;  // no zones: the direction's draws stay uniform
  // REQUIRES: zones whose access shares add up to 100 (parse_random_distribution's).
  explicit ZoneTable(const std::vector<Zone>& zones, bool absolute);
  bool empty() const { return empty_; }
  const Span& row(std::uint32_t percentile) const { return rows_[percentile - 1]; }  // percentile 1..100

 private:
  bool empty_ = true;
  std::array<Span, 100> rows_{};
};

// What fio's zipf, pareto and normal generators share: their own tausworthe stream, and the scatter of a drawn
// rank (0 = the hottest) over the ranges by fio's multiplicative hash, shifted so the hottest lands at `shift`.
struct RankScatter {
  FioTausworthe32 random;
  std::uint64_t ranges;
  std::uint64_t shift = 0;
  // A uniform draw in [0, 1], as fio divides its 32-bit draw.
  double uniform() { return static_cast<double>(random.next()) / 4294967295.0; }
  std::uint64_t place(std::uint64_t rank) const { return (fio_hash_u64(rank) + shift) % ranges; }
};

// fio's zipf generator (Gray et al.'s method over a zeta sum of at most 10 million terms, as fio caps it):
// ranges is the number of blocks; the hottest rank lands at a hashed, shifted block.
class FioZipf {
 public:
  // REQUIRES: ranges >= 1, theta != 1. Costs min(ranges, 10^7) pow() calls (fio's cost too: ~0.1 s per 10^6).
  FioZipf(std::uint64_t ranges, double theta, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  RankScatter draw_;
  double theta_;
  double zetan_;
  double alpha_;
  double eta_;
  double second_bound_;  // 1 + 0.5^theta
};

// fio's pareto generator: rank = (ranges - 1) * u^(log h / log(1 - h)).
class FioPareto {
 public:
  FioPareto(std::uint64_t ranges, double h, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  RankScatter draw_;
  double power_;
};

// fio's normal (gauss) generator: the mean of 12 uniform draws over the ranges (a bell of sd ~ ranges / 12),
// plus a uniform jitter of `deviation` percent of the ranges when it is non-zero.
class FioNormal {
 public:
  FioNormal(std::uint64_t ranges, double deviation_percent, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  RankScatter draw_;
  std::int64_t jitter_ = 0;  // fio's stddev: ceil(ranges x dev / 100), at most ranges / 2
};

}  // namespace bench
