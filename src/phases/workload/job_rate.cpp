#include "phases/workload/job_rate.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <fmt/format.h>

namespace bench {

namespace {

std::size_t direction_index(IoOp op) {
  switch (op) {
    case IoOp::kWrite:
      return 1;
    case IoOp::kTrim:
      return 2;
    default:
      return 0;
  }
}

}  // namespace

RatePacer::RatePacer(const WorkloadSpec& spec, std::uint64_t seed)
    : poisson_(spec.rate_poisson),
      mixed_(reads_data(spec.pattern) && writes_data(spec.pattern) && spec.read_percent > 0 &&
             spec.read_percent < 100),
      trims_then_writes_(trims_data(spec.pattern) && writes_data(spec.pattern)),
      rng_(seed ^ 0x726174652d676170ULL) {
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    const std::uint32_t smallest = spec.block_sizes.direction[d].min();
    smallest_request_[d] = smallest != 0 ? smallest : spec.block_bytes;
    // fio: rate= when given, else rate_iops= times the direction's smallest request.
    bytes_per_second_[d] = spec.rate_bytes[d] != 0 ? spec.rate_bytes[d] : spec.rate_iops[d] * smallest_request_[d];
  }
}

std::chrono::nanoseconds RatePacer::due(std::size_t direction) const {
  return bytes_per_second_[direction] == 0 ? std::chrono::nanoseconds(0) : due_[direction];
}

RatePacer::Next RatePacer::next(IoOp wanted, std::chrono::nanoseconds now) const {
  if (trims_then_writes_) return {wanted, due(direction_index(IoOp::kWrite))};  // the trim and its write alike
  const IoOp other = wanted == IoOp::kWrite ? IoOp::kRead : IoOp::kWrite;
  const std::chrono::nanoseconds wanted_due = due(direction_index(wanted));
  if (wanted_due <= now || !mixed_) return {wanted, wanted_due};
  const std::chrono::nanoseconds other_due = due(direction_index(other));
  if (other_due <= now) return {other, other_due};  // the other direction is behind its rate: it goes
  return wanted_due <= other_due ? Next{wanted, wanted_due} : Next{other, other_due};
}

void RatePacer::issued(IoOp op, std::uint32_t bytes) {
  const std::size_t d = direction_index(op);
  const std::uint64_t rate = bytes_per_second_[d];
  if (rate == 0) return;
  issued_bytes_[d] += bytes;
  if (poisson_) {
    // fio: the mean gap is a whole number of microseconds, 1e6 / iops, scaled by -ln(u) for u uniform in (0, 1].
    const std::uint64_t iops = std::max<std::uint64_t>(rate / smallest_request_[d], 1);
    const double u = (static_cast<double>(rng_.next() >> 11) + 1.0) / 9007199254740992.0;
    const auto gap_us = static_cast<std::int64_t>(static_cast<double>(1'000'000 / iops) * -std::log(u));
    due_[d] += std::chrono::microseconds(gap_us) + std::exchange(poisson_stalled_[d], std::chrono::nanoseconds(0));
    return;
  }
  const std::uint64_t bytes_done = issued_bytes_[d];
  const std::uint64_t whole_seconds = bytes_done / rate;
  // (in double: the remainder times a million passes 64 bits for rates above 18 TB/s)
  const auto rest_us = static_cast<std::int64_t>(static_cast<double>(bytes_done % rate) * 1e6 / static_cast<double>(rate));
  due_[d] = std::chrono::seconds(whole_seconds) + std::chrono::microseconds(rest_us);
}

void RatePacer::restart() {
  issued_bytes_.fill(0);
  due_.fill(std::chrono::nanoseconds(0));
  poisson_stalled_.fill(std::chrono::nanoseconds(0));
}

void RatePacer::stalled(IoOp op, std::chrono::nanoseconds stalled) {
  const std::size_t d = direction_index(op);
  const std::uint64_t rate = bytes_per_second_[d];
  const auto total_us = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(stalled).count());
  if (rate == 0 || total_us == 0) return;
  // fio's arithmetic, in its unsigned 64 bits: a result below one request wraps and takes the difference off.
  const std::uint64_t missed = rate * total_us / 1'000'000;
  const std::uint64_t request = smallest_request_[d];
  const std::uint64_t us_per_request = request * 1'000'000 / rate;
  const std::uint64_t over = us_per_request <= total_us ? request : 0;
  issued_bytes_[d] += missed - over;
  if (poisson_) poisson_stalled_[d] += std::chrono::microseconds(total_us);
}

RateFloor::RateFloor(const WorkloadSpec& spec)
    : min_bytes_(spec.rate_min_bytes), min_iops_(spec.rate_iops_min), cycle_(spec.rate_cycle) {
  for (std::size_t d = 0; d < kFioDirections; ++d) active_ = active_ || min_bytes_[d] != 0 || min_iops_[d] != 0;
}

void RateFloor::completed(IoOp op, std::uint32_t bytes) {
  const std::size_t d = direction_index(op);
  bytes_[d] += bytes;
  ++requests_[d];
}

std::optional<std::string> RateFloor::check(std::chrono::nanoseconds since_start) {
  using std::chrono::milliseconds;
  constexpr milliseconds kSettle(2000);  // fio's settle period from the job's start
  if (!active_ || since_start < kSettle) return std::nullopt;
  for (std::size_t d = 0; d < kFioDirections; ++d) {
    if (bytes_[d] == 0 || (min_bytes_[d] == 0 && min_iops_[d] == 0)) continue;
    if (mark_bytes_[d] != 0 || mark_requests_[d] != 0) {
      const auto spent = std::chrono::duration_cast<milliseconds>(since_start - mark_time_[d]).count();
      if (spent < cycle_.count() || spent == 0) continue;
      const auto per_second = [&](std::uint64_t now, std::uint64_t mark) {
        return (now - mark) * 1000 / static_cast<std::uint64_t>(spent);
      };
      if (min_bytes_[d] != 0) {
        const std::uint64_t rate = per_second(bytes_[d], mark_bytes_[d]);
        if (rate < min_bytes_[d]) return fmt::format("rate_min={}B/s not met, got {}B/s", min_bytes_[d], rate);
      } else {
        const std::uint64_t iops = per_second(requests_[d], mark_requests_[d]);
        if (iops < min_iops_[d]) return fmt::format("rate_iops_min={} not met, got {} IOPS", min_iops_[d], iops);
      }
    }
    mark_bytes_[d] = bytes_[d];
    mark_requests_[d] = requests_[d];
    mark_time_[d] = since_start;
  }
  return std::nullopt;
}

}  // namespace bench
