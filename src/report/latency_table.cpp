#include "report/latency_table.h"

#include <fmt/format.h>

#include "result/metrics.h"
#include "result/statistics.h"

namespace bench {
namespace {

constexpr int kTitleWidth = 27;

std::string rate_unit(PhaseId id) {
  switch (phase_work_unit(id)) {
    case WorkUnit::kBytes:
      return "K/sec";
    case WorkUnit::kSeeks:
      return "seeks/sec";
    case WorkUnit::kFiles:
      return "files/sec";
    case WorkUnit::kSyncs:
      return "syncs/sec";
  }
  return "";
}

// The rate in the unit rate_unit() names (bonnie's K = 1024 bytes).
double display_rate(const PhaseResult& phase) {
  const double rate = rate_per_second(phase).value_or(0.0);
  return phase_work_unit(phase.id) == WorkUnit::kBytes ? rate / 1024.0 : rate;
}

}  // namespace

std::string format_duration_ns(double nanoseconds) {
  struct Unit {
    double scale;
    const char* suffix;
  };
  static constexpr Unit kUnits[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "us"}};
  for (const auto& unit : kUnits) {
    if (nanoseconds >= unit.scale) {
      const double value = nanoseconds / unit.scale;
      const int decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2;
      return fmt::format("{:.{}f}{}", value, decimals, unit.suffix);
    }
  }
  return fmt::format("{:.0f}ns", nanoseconds);
}

std::string format_latency_table(const RunResult& run) {
  std::string table;
  for (const auto& phase : run.phases) {
    if (!phase.latency) continue;
    const LatencySummary& l = *phase.latency;
    table += fmt::format("{:<{}}{:>10}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}\n", phase_title(phase.id), kTitleWidth,
                         l.count, format_duration_ns(static_cast<double>(l.min_ns)), format_duration_ns(l.mean_ns),
                         format_duration_ns(static_cast<double>(l.p50_ns)),
                         format_duration_ns(static_cast<double>(l.p90_ns)),
                         format_duration_ns(static_cast<double>(l.p99_ns)),
                         format_duration_ns(static_cast<double>(l.p999_ns)),
                         format_duration_ns(static_cast<double>(l.max_ns)));
  }
  if (table.empty()) return table;
  return fmt::format("{:<{}}{:>10}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}\n", "Latency per operation", kTitleWidth,
                     "ops", "min", "mean", "p50", "p90", "p99", "p99.9", "max") +
         table;
}

std::string format_repeat_summary(const std::vector<RunResult>& runs) {
  if (runs.size() < 2) return {};
  std::string text = fmt::format("Across {} runs (mean ± standard deviation):\n", runs.size());
  for (const PhaseId id : kAllPhaseIds) {
    std::vector<double> rates, cpus, p99s;
    for (const auto& run : runs) {
      if (const PhaseResult* phase = run.find(id)) {
        rates.push_back(display_rate(*phase));
        cpus.push_back(cpu_percent(*phase).value_or(0.0));
        if (phase->latency) p99s.push_back(static_cast<double>(phase->latency->p99_ns));
      }
    }
    if (rates.empty()) continue;
    const MeanStddev rate = mean_stddev(rates);
    const MeanStddev cpu = mean_stddev(cpus);
    text += fmt::format("{:<{}}{:>12.1f} ± {:<10.1f}{:<10} {:>5.1f} ± {:<5.1f}%CPU", phase_title(id), kTitleWidth,
                        rate.mean, rate.stddev, rate_unit(id), cpu.mean, cpu.stddev);
    if (!p99s.empty()) {
      const MeanStddev p99 = mean_stddev(p99s);
      text += fmt::format("  p99 {} ± {}", format_duration_ns(p99.mean), format_duration_ns(p99.stddev));
    }
    text += '\n';
  }
  return text;
}

}  // namespace bench
