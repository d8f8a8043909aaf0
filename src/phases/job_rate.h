#pragma once
// fio's rate= and rate_iops= for one job (fio 3.33's rule, backend.c and io_u.c): a direction's next request is
// due once the bytes already issued in that direction have had their time at the rate (linear: bytes / rate
// after the job's start), or, with rate_process=poisson, after gaps drawn from an exponential distribution whose
// mean is one request's share of a second. A job that mixes reads and writes issues the direction that is due,
// and when neither is, waits for the one due first. Pure: the caller reads the clock and sleeps.
#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/io_engine.h"
#include "phases/rng.h"
#include "result/workload_spec.h"

namespace bench {

class RatePacer {
 public:
  // REQUIRES: spec.rate_limited(). `seed` draws poisson's gaps.
  RatePacer(const WorkloadSpec& spec, std::uint64_t seed);

  // What to issue next, `wanted` (kRead or kWrite, the mix's choice) or the other direction, and when, as time
  // since the job's start: at or before `now` when it may go now.
  struct Next {
    IoOp op = IoOp::kRead;
    std::chrono::nanoseconds due{0};
  };
  Next next(IoOp wanted, std::chrono::nanoseconds now) const;

  // Counts one request of `op` issued (kRead or kWrite): the next one's due time moves on.
  void issued(IoOp op, std::uint32_t bytes);

 private:
  static std::size_t index(IoOp op) { return op == IoOp::kWrite ? 1 : 0; }
  std::array<std::uint64_t, 2> bytes_per_second_{0, 0};  // 0: that direction is not limited
  std::array<std::uint64_t, 2> issued_bytes_{0, 0};
  std::array<std::chrono::nanoseconds, 2> due_{};
  std::uint32_t block_bytes_;
  bool poisson_;
  bool mixed_;  // reads and writes both (rw, randrw with a share of each)
  Rng rng_;
};

// fio's rate_min= and rate_iops_min= for one job (fio 3.33's __check_min_rate): from 2 s after the job's start,
// each direction that has completed any request is checked once a second (fio's ratecycle): the first check sets
// a mark, each later one needs the bytes (or requests) since the last mark to reach the minimum per second.
// Pure: the caller reads the clock.
class RateFloor {
 public:
  explicit RateFloor(const WorkloadSpec& spec);
  bool active() const { return active_; }

  // Counts one completed request of `op` (kRead or kWrite).
  void completed(IoOp op, std::uint32_t bytes);

  // At `since_start` after the job's start: nullopt while the minimum holds, else fio's message without the
  // job's name ("rate_min=1048576B/s not met, got 524288B/s", "rate_iops_min=100 not met, got 12 IOPS").
  std::optional<std::string> check(std::chrono::nanoseconds since_start);

 private:
  std::array<std::uint64_t, 2> min_bytes_{0, 0};
  std::array<std::uint64_t, 2> min_iops_{0, 0};
  std::array<std::uint64_t, 2> bytes_{0, 0};
  std::array<std::uint64_t, 2> requests_{0, 0};
  std::array<std::uint64_t, 2> mark_bytes_{0, 0};
  std::array<std::uint64_t, 2> mark_requests_{0, 0};
  std::array<std::chrono::nanoseconds, 2> mark_time_{};
  bool active_ = false;
};

}  // namespace bench
