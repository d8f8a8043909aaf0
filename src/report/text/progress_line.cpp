#include "report/text/progress_line.h"

#include <algorithm>

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

// "m:ss left", rounded to the second (minutes beyond 59 as they are: "75:00 left").
std::string time_left_text(double seconds) {
  const auto left = static_cast<std::uint64_t>(std::max(0.0, seconds) + 0.5);
  return fmt::format("{}:{:02} left", left / 60, left % 60);
}

double seconds_of(std::chrono::nanoseconds duration) { return std::chrono::duration<double>(duration).count(); }

}  // namespace

std::string format_progress_line(PhaseId id, std::uint64_t done, std::uint64_t total,
                                 std::chrono::nanoseconds elapsed, std::uint64_t bytes_per_operation) {
  const double seconds = seconds_of(elapsed);
  const unsigned percent = total == 0 ? 0 : static_cast<unsigned>(std::min<std::uint64_t>(done, total) * 100 / total);
  std::string line = fmt::format("{:<33}{:>4}%", phase_progress_text(id), percent);
  if (done == 0 || seconds <= 0) return line;
  const double per_second = static_cast<double>(done) / seconds;
  line += fmt::format("  {:>14}", format_rate(id, per_second, bytes_per_operation));
  if (done < total) line += "  " + time_left_text(static_cast<double>(total - done) / per_second);
  return line;
}

std::string format_steps_progress(std::string_view name, std::span<const std::optional<std::chrono::nanoseconds>> step_durations,
                                  std::size_t step, std::chrono::nanoseconds in_step, std::chrono::nanoseconds since_start) {
  const std::size_t steps = step_durations.size();
  step = std::min(step, steps == 0 ? 0 : steps - 1);
  std::string line = fmt::format("{}: step {} of {}", name, step + 1, steps);
  if (steps == 0) return line;
  const bool all_timed =
      std::all_of(step_durations.begin(), step_durations.end(), [](const auto& d) { return d.has_value(); });
  double share = 0;
  std::optional<double> left;
  if (all_timed) {
    double total = 0;
    double done = 0;
    for (std::size_t s = 0; s < steps; ++s) {
      const double expected = seconds_of(*step_durations[s]);
      total += expected;
      if (s < step) done += expected;
      if (s == step) done += std::min(expected, seconds_of(in_step));
    }
    share = total > 0 ? done / total : static_cast<double>(step) / static_cast<double>(steps);
    left = total - done;
  } else {
    share = static_cast<double>(step) / static_cast<double>(steps);
    if (step > 0) left = seconds_of(since_start - in_step) / static_cast<double>(step) * static_cast<double>(steps - step);
  }
  line += fmt::format("  {:>3}%", static_cast<unsigned>(std::min(share, 1.0) * 100));
  if (left) line += "  " + time_left_text(*left);
  return line;
}

std::string fit_to_width(std::string line, std::size_t width) {
  if (width != 0 && line.size() > width) line.resize(width);
  return line;
}

}  // namespace bench
