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
void add_usage(CpuBreakdown& breakdown, const rusage& usage) {
  breakdown.user += to_nanos(usage.ru_utime);
  breakdown.system += to_nanos(usage.ru_stime);
  breakdown.context_switches += static_cast<std::uint64_t>(usage.ru_nvcsw + usage.ru_nivcsw);
  breakdown.major_faults += static_cast<std::uint64_t>(usage.ru_majflt);
  breakdown.minor_faults += static_cast<std::uint64_t>(usage.ru_minflt);
}
}  // namespace

std::chrono::nanoseconds process_cpu_time() {
  const CpuBreakdown usage = process_usage();
  return usage.user + usage.system;
}

CpuBreakdown process_usage() {
  CpuBreakdown breakdown;
  for (const int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage usage{};
    if (::getrusage(who, &usage) != 0) {
      throw std::system_error(errno, std::generic_category(), "cannot read the process's CPU time (getrusage)");
    }
    add_usage(breakdown, usage);
  }
  return breakdown;
}

std::optional<CpuBreakdown> thread_usage() noexcept {
  rusage usage{};
  if (::getrusage(RUSAGE_THREAD, &usage) != 0) return std::nullopt;
  CpuBreakdown breakdown;
  add_usage(breakdown, usage);
  return breakdown;
}

CpuBreakdown usage_between(const CpuBreakdown& start, const CpuBreakdown& end) {
  return {end.user - start.user, end.system - start.system, end.context_switches - start.context_switches,
          end.major_faults - start.major_faults, end.minor_faults - start.minor_faults};
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
