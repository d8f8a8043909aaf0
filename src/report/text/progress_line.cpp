#include "report/text/progress_line.h"

#include <fmt/format.h>

#include "result/result_keywords.h"

namespace bench {
namespace {

std::string format_rate(PhaseId id, double operations_per_second, std::uint64_t bytes_per_operation) {
  const WorkUnit unit = phase_work_unit(id);
  if (unit != WorkUnit::kBytes) return fmt::format("{:.0f} {}", operations_per_second, rate_symbol(unit));
  const double bytes_per_second = operations_per_second * static_cast<double>(bytes_per_operation);
  return fmt::format("{:.1f} {}", bytes_per_second / kMibPerSecond.bytes_per_second, kMibPerSecond.symbol);
}

}  // namespace

std::string format_progress_line(PhaseId id, std::uint64_t done, std::uint64_t total,
                                 std::chrono::nanoseconds elapsed, std::uint64_t bytes_per_operation) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  const unsigned percent = total == 0 ? 0 : static_cast<unsigned>(std::min<std::uint64_t>(done, total) * 100 / total);
  std::string line = fmt::format("{:<33}{:>4}%", phase_progress_text(id), percent);
  if (done == 0 || seconds <= 0) return line;
  const double per_second = static_cast<double>(done) / seconds;
  line += fmt::format("  {:>14}", format_rate(id, per_second, bytes_per_operation));
  if (done < total) {
    const auto left = static_cast<std::uint64_t>(static_cast<double>(total - done) / per_second + 0.5);
    line += fmt::format("  {}:{:02} left", left / 60, left % 60);
  }
  return line;
}

}  // namespace bench
