#pragma once
// fio's random_distribution: which blocks random requests favour (result/offset_spec.h: the spec; its grammar is
// cli/fio_distribution.h's). fio 3.33's generators for zipf, pareto and normal (one class), which draw a rank, scatter it over the file with a
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

// fio 3.33's zipf, pareto and normal generators, one class because they differ only in how a uniform draw of
// their own tausworthe stream becomes a rank (0 = the hottest): the rank is then scattered over the ranges by
// fio's multiplicative hash and shifted so that the hottest lands at the center (given, or fio's random one).
//   zipf:   Gray et al.'s method over a zeta sum of at most 10 million terms, as fio caps it (parameter: theta)
//   pareto: rank = (ranges - 1) * u^(log h / log(1 - h))                              (parameter: h)
//   normal: the mean of 12 uniform draws (a bell of sd ~ ranges / 12), plus a uniform jitter of `parameter`
//           percent of the ranges when it is non-zero
class FioRankedDistribution {
 public:
  // REQUIRES: kind is kZipf, kPareto or kNormal; ranges >= 1; zipf: theta != 1 (costs min(ranges, 10^7) pow()
  // calls, fio's cost too: ~0.1 s per 10^6); pareto: 0 < h < 1. Throws std::invalid_argument otherwise.
  // scatter false: the ranks are not hashed (fio's zipf_disable_hash / gauss_disable_hash, which its
  // file_service_type= draws use: neighbouring ranks stay neighbouring files).
  FioRankedDistribution(DistributionKind kind, std::uint64_t ranges, double parameter, std::optional<double> center,
                        std::uint32_t seed, bool scatter = true);
  std::uint64_t next() {
    const std::uint64_t rank = next_rank();
    return ((scatter_ ? fio_hash_u64(rank) : rank) + shift_) % ranges_;
  }

 private:
  std::uint64_t next_rank();
  double uniform() { return static_cast<double>(random_.next()) / 4294967295.0; }  // [0, 1], as fio divides

  DistributionKind kind_;
  FioTausworthe32 random_;
  std::uint64_t ranges_;
  bool scatter_;
  std::uint64_t shift_ = 0;
  double zipf_zetan_ = 0;  // zipf's terms
  double zipf_alpha_ = 0;
  double zipf_eta_ = 0;
  double zipf_second_bound_ = 0;  // 1 + 0.5^theta
  double pareto_power_ = 0;
  std::int64_t normal_jitter_ = 0;  // fio's stddev: ceil(ranges x dev / 100), at most ranges / 2
};

}  // namespace bench
