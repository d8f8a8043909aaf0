#pragma once
// fio's random_distribution: which blocks random requests favour. The option's grammar (parse_random_distribution)
// and fio 3.33's generators for zipf, pareto and normal, which draw a rank, scatter it over the file with a
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

namespace bench {

// fio's data directions, in the order its per-direction values are written (read,write,trim).
enum class FioDirection : unsigned { kRead = 0, kWrite = 1, kTrim = 2 };
inline constexpr unsigned kFioDirections = 3;

enum class DistributionKind { kRandom, kZipf, kPareto, kNormal, kZoned, kZonedAbsolute };

// One zone of zoned (a share of the region) or zoned_abs (bytes): access_percent of the requests go there.
struct Zone {
  std::uint32_t access_percent = 0;
  std::uint32_t size_percent = 0;  // zoned
  std::uint64_t size_bytes = 0;    // zoned_abs
  bool operator==(const Zone&) const = default;
};

struct DistributionSpec {
  DistributionKind kind = DistributionKind::kRandom;
  // zipf: theta (fio's default 1.1, not 1); pareto: h, 0 < h < 1 (default 0.2); normal: the deviation's width in
  // percent of the region, 0 <= dev < 100 (default 0).
  double parameter = 0;
  std::optional<double> center;  // zipf, pareto, normal: where the hottest block sits, 0..1 of the region
  std::array<std::vector<Zone>, kFioDirections> zones;  // zoned, zoned_abs: per direction, in order
  bool operator==(const DistributionSpec&) const = default;
};

// A size as the option's caller reads fio sizes (cli's parse_fio_size with the job's kb_base); what it throws
// for bad text is passed on as std::invalid_argument with its message.
using SizeParser = std::function<std::uint64_t(std::string_view)>;

// random_distribution's value as fio 3.33 reads it: random, zipf[:theta[:center]], pareto[:h[:center]],
// normal[:dev[:center]], zoned:A/S:A/S..., zoned_abs:A/SIZE:... with up to three
// comma-separated lists (read,write,trim; one list serves all three, two lists give trim the write list's: fio's
// manual has them, fio 3.33's option matcher refuses any value with a comma).
// In a zone a missing or zero size takes an equal part of what the others leave; access shares must add up to
// 100. Throws std::invalid_argument with a one-line message naming what was wrong (the value, not the option).
DistributionSpec parse_random_distribution(std::string_view text, const SizeParser& parse_size);

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

// fio's zipf generator (Gray et al.'s method over a zeta sum of at most 10 million terms, as fio caps it):
// ranges is the number of blocks; the hottest rank lands at a hashed, shifted block.
class FioZipf {
 public:
  // REQUIRES: ranges >= 1, theta != 1. Costs min(ranges, 10^7) pow() calls (fio's cost too: ~0.1 s per 10^6).
  FioZipf(std::uint64_t ranges, double theta, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  FioTausworthe32 random_;
  std::uint64_t ranges_;
  double theta_;
  double zetan_;
  double alpha_;
  double eta_;
  double second_bound_;  // 1 + 0.5^theta
  std::uint64_t shift_;
};

// fio's pareto generator: rank = (ranges - 1) * u^(log h / log(1 - h)).
class FioPareto {
 public:
  FioPareto(std::uint64_t ranges, double h, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  FioTausworthe32 random_;
  std::uint64_t ranges_;
  double power_;
  std::uint64_t shift_;
};

// fio's normal (gauss) generator: the mean of 12 uniform draws over the ranges (a bell of sd ~ ranges / 12),
// plus a uniform jitter of `deviation` percent of the ranges when it is non-zero.
class FioNormal {
 public:
  FioNormal(std::uint64_t ranges, double deviation_percent, std::optional<double> center, std::uint32_t seed);
  std::uint64_t next();

 private:
  FioTausworthe32 random_;
  std::uint64_t ranges_;
  std::int64_t jitter_ = 0;  // fio's stddev: ceil(ranges x dev / 100), at most ranges / 2
  std::uint64_t shift_ = 0;
};

}  // namespace bench
