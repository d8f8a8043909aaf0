#pragma once
// A job's completed requests and their bytes so far, per direction (fio's read, write, trim), for the progress
// display to read while the job runs (fio's ETA line: its rates and percent done, report/fio/fio_eta_line.h).
// Written by the job alone, read by the progress ticker: relaxed atomics, lock-free, so that a job in a process of
// its own can keep them in memory both processes see (phases/workload/job_process.cpp).
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace bench {

inline constexpr std::size_t kLiveDirections = 3;  // read, write, trim: fio's DDIR_RWDIR_CNT

struct LiveIo {
  std::array<std::atomic<std::uint64_t>, kLiveDirections> bytes{};
  std::array<std::atomic<std::uint64_t>, kLiveDirections> requests{};

  // A whole request of `length` bytes in `direction` (0 read, 1 write, 2 trim) came back.
  void completed(std::size_t direction, std::uint64_t length) {
    bytes[direction].fetch_add(length, std::memory_order_relaxed);
    requests[direction].fetch_add(1, std::memory_order_relaxed);
  }
  // Sets this one's counts to `other`'s (a job process's shared copy passed on to the parent's).
  void copy_from(const LiveIo& other) {
    for (std::size_t d = 0; d < kLiveDirections; ++d) {
      bytes[d].store(other.bytes[d].load(std::memory_order_relaxed), std::memory_order_relaxed);
      requests[d].store(other.requests[d].load(std::memory_order_relaxed), std::memory_order_relaxed);
    }
  }
};
static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "LiveIo is shared between processes");

}  // namespace bench
