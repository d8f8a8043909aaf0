#pragma once
// Wall time from std::chrono::steady_clock and process CPU time (user + system) from getrusage.
#include <chrono>

namespace bench {

using SteadyTime = std::chrono::steady_clock::time_point;

// User + system CPU time consumed so far by the whole process (all threads).
std::chrono::nanoseconds process_cpu_time();

// Measures wall and CPU time from construction (or restart()).
class Stopwatch {
 public:
  Stopwatch() { restart(); }
  void restart();
  std::chrono::nanoseconds wall_elapsed() const;
  std::chrono::nanoseconds cpu_elapsed() const;

 private:
  SteadyTime wall_start_;
  std::chrono::nanoseconds cpu_start_{0};
};

// Nanoseconds between two steady-clock readings, for per-operation latency.
inline std::uint64_t nanos_between(SteadyTime start, SteadyTime end) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count());
}

}  // namespace bench
