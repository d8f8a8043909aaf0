#include "result/metrics.h"

#include "result/test_id.h"

namespace bench {
namespace {
double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }
}  // namespace

std::optional<double> rate_per_second(const PhaseResult& result) {
  if (result.elapsed.count() <= 0) return std::nullopt;
  const double work = test_work_unit(result) == WorkUnit::kBytes ? static_cast<double>(result.bytes)
                                                                     : static_cast<double>(result.operations);
  return work / seconds(result.elapsed);
}

std::optional<double> cpu_percent(const PhaseResult& result) {
  if (result.elapsed.count() <= 0) return std::nullopt;
  return seconds(result.cpu) / seconds(result.elapsed) * 100.0;
}

bool too_fast(const PhaseResult& result) { return result.elapsed < kMinMeaningfulTime; }

std::optional<double> cpu_seconds_per_million_requests(std::chrono::nanoseconds cpu, std::uint64_t requests) {
  if (requests == 0) return std::nullopt;
  return seconds(cpu) / static_cast<double>(requests) * 1e6;
}

std::optional<double> cpu_percent_per_job(const PhaseResult& result) {
  const std::optional<double> percent = cpu_percent(result);
  if (!percent || result.workers == 0) return std::nullopt;
  return *percent / result.workers;
}

bool measurer_near_cpu_bound(const PhaseResult& result) {
  const std::optional<double> percent = cpu_percent_per_job(result);
  return percent && *percent > kMeasurerBusyPercentPerJob;
}

}  // namespace bench
