#include "measure/stopwatch.h"

#include <sys/resource.h>

namespace bench {
namespace {
std::chrono::nanoseconds to_nanos(const timeval& tv) {
  return std::chrono::seconds(tv.tv_sec) + std::chrono::microseconds(tv.tv_usec);
}
}  // namespace

std::chrono::nanoseconds process_cpu_time() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return to_nanos(usage.ru_utime) + to_nanos(usage.ru_stime);
}

void Stopwatch::restart() {
  cpu_start_ = process_cpu_time();
  wall_start_ = std::chrono::steady_clock::now();
}

std::chrono::nanoseconds Stopwatch::wall_elapsed() const { return std::chrono::steady_clock::now() - wall_start_; }

std::chrono::nanoseconds Stopwatch::cpu_elapsed() const { return process_cpu_time() - cpu_start_; }

}  // namespace bench
