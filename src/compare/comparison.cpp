#include "compare/comparison.h"

#include <array>

#include <fmt/format.h>

namespace bench {

std::string_view noise_rule_text() {
  return "a difference is beyond the run-to-run noise when the means differ by more than 2× the larger sample "
         "standard deviation (needs 2 or more runs on one side; otherwise the noise is unknown)";
}

std::string_view metric_title(MetricKind kind) {
  constexpr std::array<std::string_view, 5> kTitles = {"throughput", "CPU", "p50 latency", "p99 latency",
                                                       "max latency"};  // in MetricKind's order
  return kTitles[static_cast<std::size_t>(kind)];
}

bool higher_is_better(MetricKind kind) { return kind == MetricKind::kThroughput; }

std::string failed_run_text(const Comparison& comparison, const FailedRun& failed) {
  return fmt::format("{} run {} ({}): error {}: {}", comparison.groups.at(failed.group).name, failed.run + 1,
                     failed.file, failed.failure.error, failed.failure.message);
}

}  // namespace bench
