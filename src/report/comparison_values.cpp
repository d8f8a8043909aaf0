#include "report/comparison_values.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "result/result_keywords.h"

namespace bench {
namespace {

double largest_value(const MetricRow& row) {
  double largest = 0;
  for (const auto& cell : row.cells) {
    if (cell.state == CellState::kMeasured) largest = std::max(largest, cell.stats.mean);
  }
  return largest;
}

}  // namespace

DisplayUnit display_unit(const TestComparison& test, const MetricRow& row) {
  const double largest = largest_value(row);
  switch (row.kind) {
    case MetricKind::kThroughput: {
      if (test.unit != WorkUnit::kBytes) return {rate_symbol(test.unit), 1};
      // The largest unit the row's largest value reaches (B/s below 1 KiB/s).
      const ByteRateUnit* unit = &kByteRateUnits.front();
      for (const ByteRateUnit& larger : kByteRateUnits) {
        if (largest >= larger.bytes_per_second) unit = &larger;
      }
      return {unit->symbol, unit->bytes_per_second};
    }
    case MetricKind::kCpuPercent: return {"%", 1};
    case MetricKind::kLatencyP50:
    case MetricKind::kLatencyP99:
    case MetricKind::kLatencyMax:
      if (largest >= 1e9) return {"s", 1e9};
      if (largest >= 1e6) return {"ms", 1e6};
      if (largest >= 1e3) return {"µs", 1e3};
      return {"ns", 1};
  }
  return {"", 1};
}

std::string_view unit_keyword(const TestComparison& test, const MetricRow& row) {
  switch (row.kind) {
    case MetricKind::kThroughput: return rate_keyword(test.unit);
    case MetricKind::kCpuPercent: return "percent";
    default: break;
  }
  return "ns";
}

std::string format_number(double value) { return significant_digits(value, 3); }

std::string format_cell_value(const MetricCell& cell, DisplayUnit unit) {
  switch (cell.state) {
    case CellState::kAbsent: return "absent";
    case CellState::kNotRecorded: return "not recorded";
    case CellState::kNotMeasured: return "not measured (under 0.5 s)";
    case CellState::kFailed: return "FAILED";
    case CellState::kMeasured: break;
  }
  std::string text = format_number(cell.stats.mean / unit.scale);
  if (cell.stats.count > 1) text += " ± " + significant_digits(cell.stats.stddev / unit.scale, 2);
  text += unit.symbol == "%" ? "%" : fmt::format(" {}", unit.symbol);
  if (cell.stats.count < cell.runs) {
    text += fmt::format(" ({} of {} runs{})", cell.stats.count, cell.runs,
                        cell.failed_runs > 0 ? fmt::format(", {} failed", cell.failed_runs) : "");
  }
  return text;
}

std::string verdict_text(const MetricCell& cell) {
  if (!cell.verdict || *cell.verdict == Verdict::kSame) return "";
  const std::string_view verdict = keyword(*cell.verdict);
  switch (cell.noise) {
    case Noise::kBeyond: return fmt::format("{}, beyond noise", verdict);
    case Noise::kWithin: return fmt::format("{}, within noise", verdict);
    case Noise::kUnknown: break;
  }
  return fmt::format("{}, noise unknown", verdict);
}

}  // namespace bench
