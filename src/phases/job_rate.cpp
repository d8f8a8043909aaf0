#include "phases/job_rate.h"

#include <algorithm>
#include <cmath>

namespace bench {

RatePacer::RatePacer(const WorkloadSpec& spec, std::uint64_t seed)
    : block_bytes_(spec.block_bytes),
      poisson_(spec.rate_poisson),
      mixed_(reads_data(spec.pattern) && writes_data(spec.pattern) && spec.read_percent > 0 &&
             spec.read_percent < 100),
      rng_(seed ^ 0x726174652d676170ULL) {
  for (std::size_t d = 0; d < 2; ++d) {
    // fio: rate= when given, else rate_iops= times the block size.
    bytes_per_second_[d] = spec.rate_bytes[d] != 0 ? spec.rate_bytes[d] : spec.rate_iops[d] * spec.block_bytes;
  }
}

RatePacer::Next RatePacer::next(IoOp wanted, std::chrono::nanoseconds now) const {
  const IoOp other = wanted == IoOp::kWrite ? IoOp::kRead : IoOp::kWrite;
  const auto due = [&](IoOp op) {
    return bytes_per_second_[index(op)] == 0 ? std::chrono::nanoseconds(0) : due_[index(op)];
  };
  if (due(wanted) <= now || !mixed_) return {wanted, due(wanted)};
  if (due(other) <= now) return {other, due(other)};  // the other direction is behind its rate: it goes
  return due(wanted) <= due(other) ? Next{wanted, due(wanted)} : Next{other, due(other)};
}

void RatePacer::issued(IoOp op, std::uint32_t bytes) {
  const std::size_t d = index(op);
  const std::uint64_t rate = bytes_per_second_[d];
  if (rate == 0) return;
  issued_bytes_[d] += bytes;
  if (poisson_) {
    // fio: the mean gap is a whole number of microseconds, 1e6 / iops, scaled by -ln(u) for u uniform in (0, 1].
    const std::uint64_t iops = std::max<std::uint64_t>(rate / block_bytes_, 1);
    const double u = (static_cast<double>(rng_.next() >> 11) + 1.0) / 9007199254740992.0;
    const auto gap_us = static_cast<std::int64_t>(static_cast<double>(1'000'000 / iops) * -std::log(u));
    due_[d] += std::chrono::microseconds(gap_us);
    return;
  }
  const std::uint64_t bytes_done = issued_bytes_[d];
  const std::uint64_t whole_seconds = bytes_done / rate;
  // (in double: the remainder times a million passes 64 bits for rates above 18 TB/s)
  const auto rest_us = static_cast<std::int64_t>(static_cast<double>(bytes_done % rate) * 1e6 / static_cast<double>(rate));
  due_[d] = std::chrono::seconds(whole_seconds) + std::chrono::microseconds(rest_us);
}

}  // namespace bench
