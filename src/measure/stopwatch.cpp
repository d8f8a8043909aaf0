#include "measure/stopwatch.h"

#include <ctime>

#include <sys/resource.h>

#include <cerrno>
#include <system_error>

namespace bench {
namespace {
std::chrono::nanoseconds to_nanos(const timeval& tv) {
  return std::chrono::seconds(tv.tv_sec) + std::chrono::microseconds(tv.tv_usec);
}
}  // namespace

std::chrono::nanoseconds process_cpu_time() {
  rusage usage{};
  if (::getrusage(RUSAGE_SELF, &usage) != 0) {
    throw std::system_error(errno, std::generic_category(), "cannot read the process's CPU time (getrusage)");
  }
  return to_nanos(usage.ru_utime) + to_nanos(usage.ru_stime);
}

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace bench
