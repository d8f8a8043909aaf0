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

}  // namespace bench
