#include "report/bonnie/bonnie_format.h"

#include <fmt/format.h>

#include "result/metrics.h"

namespace bench {

BonnieCell make_bonnie_cell(const RunResult& run, PhaseId id) {
  BonnieCell cell;
  const PhaseResult* phase = run.find(id);
  if (phase == nullptr) return cell;
  if (phase->latency) cell.latency = format_bonnie_latency(phase->latency->max_ns);
  const std::optional<double> rate = rate_per_second(*phase);
  const std::optional<double> cpu = cpu_percent(*phase);
  if (too_fast(*phase) || !rate || !cpu) {
    cell.state = BonnieCell::State::kTooFast;
    return cell;
  }
  cell.state = BonnieCell::State::kMeasured;
  cell.rate = phase_work_unit(id) == WorkUnit::kBytes ? *rate / 1024.0 : *rate;
  cell.cpu_percent = static_cast<std::int64_t>(*cpu);
  return cell;
}

std::string format_bonnie_size(std::uint64_t value, std::string_view units) {
  std::size_t unit = 0;
  while (value != 0 && value % 1024 == 0 && unit + 1 < units.size()) {
    value /= 1024;
    ++unit;
  }
  std::string text = std::to_string(value);
  if (!units.empty() && units[unit] != ' ') text += units[unit];
  return text;
}

std::string format_bonnie_file_size(std::uint64_t bytes) {
  constexpr std::uint64_t kMiB = 1024 * 1024;
  if (bytes != 0 && bytes % kMiB == 0) return format_bonnie_size(bytes / kMiB, "MG");
  return format_bonnie_size(bytes, " kMG");
}

std::string format_bonnie_chunk_size(std::uint64_t bytes) { return format_bonnie_size(bytes, " km"); }

std::string format_bonnie_latency(std::uint64_t max_ns) {
  if (max_ns == 0) return {};
  const std::uint64_t us = max_ns / 1000;
  if (us >= 100'000'000) return fmt::format("{}s", us / 1'000'000);
  if (us >= 100'000) return fmt::format("{}ms", us / 1000);
  return fmt::format("{}us", us);
}

std::string format_bonnie_io_rate(double kib_per_second) {
  if (kib_per_second < 10000.0) return fmt::format("{:4d}k", static_cast<std::int64_t>(kib_per_second));
  const double mib_per_second = kib_per_second / 1024.0;
  if (mib_per_second < 100.0) return fmt::format("{:4.1f}m", mib_per_second);
  if (mib_per_second < 1000.0) return fmt::format("{:4d}m", static_cast<std::int64_t>(mib_per_second + 0.5));
  return fmt::format("{:4.1f}g", mib_per_second / 1024.0);
}

std::string format_bonnie_seek_rate(double seeks_per_second) {
  if (seeks_per_second >= 1000.0) return fmt::format("{:.0f}", seeks_per_second);
  return fmt::format("{:.1f}", seeks_per_second);
}

}  // namespace bench
