#pragma once
// Where a fio job's random requests go, as its options say it (random_generator, random_distribution), in plain
// values: cli/fio_distribution.h reads them, engine/random_offsets.h draws the offsets.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace bench {

// random_generator=: fio's default tausworthe, lfsr, tausworthe64.
enum class RandomGenerator { kTausworthe, kLfsr, kTausworthe64 };

// rw_sequencer=: where a random job's requests between two random ones go (rw=randread:N): kSequential after the
// direction's last request, kIdentical at its offset again.
enum class RwSequencer { kSequential, kIdentical };

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

}  // namespace bench
