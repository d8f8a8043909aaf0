#include "report/text/latency_table.h"

#include <optional>

#include <fmt/format.h>

#include "result/metrics.h"
#include "result/result_keywords.h"
#include "result/statistics.h"
#include "result/test_id.h"

namespace bench {
namespace {

constexpr std::uint64_t kEtcdFsyncP99LimitNs = 10'000'000;

// Byte rates in KiB/s (bonnie++'s unit), the others per second.
std::string_view rate_unit(WorkUnit unit) { return unit == WorkUnit::kBytes ? kKibPerSecond.symbol : rate_symbol(unit); }
std::string_view rate_unit(PhaseId id) { return rate_unit(phase_work_unit(id)); }

// The rate in the unit rate_unit() names.
double display_rate(WorkUnit unit, double per_second) {
  return unit == WorkUnit::kBytes ? per_second / kKibPerSecond.bytes_per_second : per_second;
}
double display_rate(PhaseId id, double per_second) { return display_rate(phase_work_unit(id), per_second); }

std::string duration_cell(std::uint64_t ns) { return format_duration_ns(static_cast<double>(ns)); }

std::string fsync_verdict(const PhaseResult& fsync) {
  if (!fsync.latency) return {};
  const std::uint64_t p99 = fsync.latency->p99_ns;
  return fmt::format("Fsync latency p99 {} over {} fdatasync calls: {} etcd's 10ms guideline\n", duration_cell(p99),
                     fsync.latency->count, p99 < kEtcdFsyncP99LimitNs ? "within" : "ABOVE");
}

// With --seek-writes other than bonnie++'s one in ten, the Seeks rates (here and in bonnie++'s table above,
// which has no place for it) measure other work than bonnie++'s: say so under the table.
std::string seek_writes_note(const RunResult& run) {
  const IoSpec kBonnie{};
  const std::optional<IoSpec>& io = run.info.setup.io;
  if (!io || io->seek_write_percent == kBonnie.seek_write_percent) return {};
  if (run.find(PhaseId::kRandomSeeks) == nullptr) return {};
  return fmt::format("Random seeks write back {} % of tickets (bonnie++: {} %)\n", io->seek_write_percent,
                     kBonnie.seek_write_percent);
}

// With --verify the read tests also compared what they read, which costs CPU time (not latency: the check is
// outside the samples): say so, since their %CPU is not bonnie++'s then.
std::string verify_note(const RunResult& run) {
  if (!run.info.setup.verify) return {};
  for (const PhaseId id : {PhaseId::kRewrite, PhaseId::kPerCharRead, PhaseId::kBlockRead, PhaseId::kRandomSeeks}) {
    if (run.find(id) != nullptr) return "Reads checked against the data written (--verify): %CPU includes the check\n";
  }
  return {};
}

// A read test that found what it reads largely in the page cache measured the cache, not the disk.
constexpr double kCachedMarkPercent = 5;

std::optional<std::string> cache_mark(const PhaseResult& phase) {
  if (!phase.cached_percent || *phase.cached_percent < kCachedMarkPercent) return std::nullopt;
  return fmt::format("(cached {:.0f} %)", *phase.cached_percent);
}

std::string cached_reads_note(const RunResult& run) {
  for (const auto& phase : run.phases) {
    if (!cache_mark(phase)) continue;
    return run.info.setup.cache == CacheMode::kKeep
               ? "(cached N %): N % of what the test read was in the page cache as it began (--cache keep): the "
                 "rate is partly the cache's\n"
               : "(cached N %): N % of what the test read was still in the page cache after the drop (the file "
                 "system kept it: tmpfs?): the rate is the cache's, not the disk's\n";
  }
  return {};
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

std::string format_rate(WorkUnit unit, double per_second) {
  const double rate = display_rate(unit, per_second);
  return fmt::format("{:.{}f} {}", rate, rate >= 100 ? 0 : 1, rate_unit(unit));
}

std::string format_rate(PhaseId id, double per_second) { return format_rate(phase_work_unit(id), per_second); }

std::string format_latency_table(const RunResult& run) {
  if (run.phases.empty()) return {};
  std::string text = fmt::format("{:<{}}{:>16}{:>6}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}\n", "Measured", kTestTitleWidth,
                                 "rate", "%CPU", "min", "mean", "p50", "p90", "p99", "p99.9", "max");
  for (const auto& phase : run.phases) {
    if (phase.workload) continue;  // the workload table shows those
    const auto rate = rate_per_second(phase);
    text += fmt::format("{:<{}}{:>16}{:>6}", test_short_title(test_id(phase)), kTestTitleWidth,
                        rate ? format_rate(test_work_unit(phase), *rate) : "-",
                        cpu_percent(phase) ? fmt::format("{:.0f}", *cpu_percent(phase)) : "-");
    if (const auto& l = phase.latency) {
      text += fmt::format("{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}{:>9}", duration_cell(l->min_ns), format_duration_ns(l->mean_ns),
                          duration_cell(l->p50_ns), duration_cell(l->p90_ns), duration_cell(l->p99_ns),
                          duration_cell(l->p999_ns), duration_cell(l->max_ns));
    }
    if (const auto cached = cache_mark(phase)) text += "  " + *cached;
    text += '\n';
  }
  text += cached_reads_note(run);
  text += seek_writes_note(run);
  text += verify_note(run);
  if (const PhaseResult* fsync = run.find(PhaseId::kFsyncLatency)) text += fsync_verdict(*fsync);
  return text;
}

std::string format_repeat_summary(const std::vector<RunResult>& runs) {
  if (runs.size() < 2) return {};
  std::string text = fmt::format("Across {} runs (mean ± standard deviation):\n", runs.size());
  for (const PhaseId id : kAllPhaseIds) {
    std::vector<double> rates, cpus, p99s;
    for (const auto& run : runs) {
      if (const PhaseResult* phase = run.find(id)) {
        rates.push_back(display_rate(id, rate_per_second(*phase).value_or(0.0)));
        cpus.push_back(cpu_percent(*phase).value_or(0.0));
        if (phase->latency) p99s.push_back(static_cast<double>(phase->latency->p99_ns));
      }
    }
    if (rates.empty()) continue;
    const MeanStddev rate = mean_stddev(rates);
    const MeanStddev cpu = mean_stddev(cpus);
    text += fmt::format("{:<{}}{:>12.1f} ± {:<9.1f}{:<8} %CPU {:>5.1f} ± {:<5.1f}", phase_short_title(id), kTestTitleWidth,
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
