#pragma once
// fio's rate= and rate_iops= for one job (fio 3.33's rule, backend.c and io_u.c): a direction's next request is
// due once the bytes already issued in that direction have had their time at the rate (linear: bytes / rate
// after the job's start), or, with rate_process=poisson, after gaps drawn from an exponential distribution whose
// mean is one request's share of a second. A job that mixes reads and writes issues the direction that is due,
// and when neither is, waits for the one due first. A trim job is paced by its trim rate. A trimwrite job is
// paced by its write rate alone, as fio (which asks its write direction when the next request may go, then
// makes it the trim or the write): each trim goes when its write is due and the write follows it; the trims
// count in their own direction but their rate holds nothing back. Pure: the caller reads the clock and sleeps.
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

  // What to issue next, `wanted` (kRead, kWrite or kTrim: the job's choice) or, in a read and write mix, the
  // other direction, and when, as time since the job's start: at or before `now` when it may go now.
  struct Next {
    IoOp op = IoOp::kRead;
    std::chrono::nanoseconds due{0};
  };
  Next next(IoOp wanted, std::chrono::nanoseconds now) const;

  // Counts one request of `op` issued (kRead, kWrite or kTrim): that direction's next due time moves on.
  void issued(IoOp op, std::uint32_t bytes);

  // The schedule starts afresh, nothing issued: at the ramp's end, as fio's reset_all_stats resets its rate's
  // issued bytes and next times (libfio.c reset_io_counters) and the job's start they count from.
  void restart();

  // rate_ignore_thinktime=1: a thinktime stall of `stalled` followed a request of `op`; the bytes that direction's
  // rate would have issued meanwhile, less one request, count as issued (fio's handle_thinktime), so the requests
  // after the next one keep to the rate from where the stall left them instead of catching up. Poisson's next gap
  // starts that much later. Either takes effect when the next request is issued, as fio's.
  void stalled(IoOp op, std::chrono::nanoseconds stalled);

 private:
  std::chrono::nanoseconds due(std::size_t direction) const;
  std::array<std::uint64_t, kFioDirections> bytes_per_second_{};  // 0: that direction is not limited
  std::array<std::uint32_t, kFioDirections> smallest_request_{};  // fio's min_bs: rate_iops= and poisson's gaps
  std::array<std::uint64_t, kFioDirections> issued_bytes_{};
  std::array<std::chrono::nanoseconds, kFioDirections> due_{};
  std::array<std::chrono::nanoseconds, kFioDirections> poisson_stalled_{};  // added to the next gap
  bool poisson_;
  bool mixed_;             // reads and writes both (rw, randrw with a share of each)
  bool trims_then_writes_; // trimwrite, randtrimwrite: paced by the writes' rate
  Rng rng_;
};

// fio's rate_min= and rate_iops_min= for one job (fio 3.33's __check_min_rate): from 2 s after the job's start,
// each direction (reads, writes, trims) that has completed any request is checked once every rate_cycle= (1 s unless
// told; fio's ratecycle): the first check sets
// a mark, each later one needs the bytes (or requests) since the last mark to reach the minimum per second.
// Pure: the caller reads the clock.
class RateFloor {
 public:
  explicit RateFloor(const WorkloadSpec& spec);
  bool active() const { return active_; }

  // Counts one completed request of `op` (kRead, kWrite or kTrim).
  void completed(IoOp op, std::uint32_t bytes);

  // At `since_start` after the job's start: nullopt while the minimum holds, else fio's message without the
  // job's name ("rate_min=1048576B/s not met, got 524288B/s", "rate_iops_min=100 not met, got 12 IOPS").
  std::optional<std::string> check(std::chrono::nanoseconds since_start);

 private:
  std::array<std::uint64_t, kFioDirections> min_bytes_{};
  std::array<std::uint64_t, kFioDirections> min_iops_{};
  std::array<std::uint64_t, kFioDirections> bytes_{};
  std::array<std::uint64_t, kFioDirections> requests_{};
  std::array<std::uint64_t, kFioDirections> mark_bytes_{};
  std::array<std::uint64_t, kFioDirections> mark_requests_{};
  std::array<std::chrono::nanoseconds, kFioDirections> mark_time_{};
  std::chrono::milliseconds cycle_;
  bool active_ = false;
};

}  // namespace bench
