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

}  // namespace bench
