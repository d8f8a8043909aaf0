#include "report/text/comparison_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/comparison_values.h"
#include "text/printable.h"

namespace bench {
namespace {

// Columns of the table: one row of cells, a test heading when `heading` is set, or a line of its own under a
// test (outside the columns) when `remark` is.
struct Line {
  std::string heading;
  std::vector<std::string> cells;
  std::string remark;
};

// Text from a result file on one line of the table: its control bytes (newlines too) escaped (text/printable.h).
std::string one_line(std::string_view text) { return printable(text); }

// Terminal columns of UTF-8 text (every code point counts as one).
std::size_t width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string files_text(const GroupInfo& group) {
  std::string files;
  for (const auto& file : group.files) files += (files.empty() ? "" : ", ") + one_line(file);
  return fmt::format("{}, {} run{}{}{}", files, group.runs, group.runs == 1 ? "" : "s",
                     group.from_bonnie ? ", bonnie++ lines" : "",
                     group.placement.empty() ? "" : "; " + one_line(group.placement));
}

std::vector<std::string> header_cells(const Comparison& comparison) {
  std::vector<std::string> cells = {"metric", one_line(comparison.groups[0].name)};
  for (std::size_t g = 1; g < comparison.groups.size(); ++g) {
    cells.push_back(one_line(comparison.groups[g].name));
    cells.push_back(fmt::format("{} vs {}", one_line(comparison.groups[g].name), one_line(comparison.groups[0].name)));
  }
  return cells;
}

std::vector<std::string> metric_cells(const TestComparison& test, const MetricRow& row, bool& any_short) {
  const DisplayUnit unit = display_unit(test, row);
  std::vector<std::string> cells = {std::string(metric_title(row.kind))};
  for (std::size_t g = 0; g < row.cells.size(); ++g) {
    const MetricCell& cell = row.cells[g];
    std::string value = format_cell_value(cell, unit);
    if (cell.under_min_time) {
      value += " *";
      any_short = true;
    }
    cells.push_back(std::move(value));
    if (g == 0) continue;
    const std::string verdict = verdict_text(cell);
    cells.push_back(one_line(cell.phrase) + (verdict.empty() ? "" : fmt::format(" ({})", verdict)));
  }
  return cells;
}

std::string render(const std::vector<Line>& lines) {
  std::vector<std::size_t> widths;
  for (const auto& line : lines) {
    widths.resize(std::max(widths.size(), line.cells.size()), 0);
    if (!line.remark.empty()) continue;
    for (std::size_t c = 0; c < line.cells.size(); ++c) widths[c] = std::max(widths[c], width(line.cells[c]));
  }
  std::string out;
  for (const auto& line : lines) {
    if (!line.heading.empty()) {
      out += "\n" + line.heading + "\n";
      continue;
    }
    if (!line.remark.empty()) {
      out += "  " + line.remark + "\n";
      continue;
    }
    std::string text = " ";
    for (std::size_t c = 0; c < line.cells.size(); ++c) {
      text += " " + line.cells[c];
      if (c + 1 < line.cells.size()) text += std::string(widths[c] - width(line.cells[c]) + 1, ' ');
    }
    out += text + "\n";
  }
  return out;
}

}  // namespace

std::string format_comparison_text(const Comparison& comparison) {
  std::string out = "bench++ compare\n";
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) {
    const GroupInfo& group = comparison.groups[g];
    out += fmt::format("  {} {} ({})\n", g == 0 ? "base: " : "other:", one_line(group.name), files_text(group));
  }
  out += fmt::format("Values are the mean ± sample standard deviation of a group's runs; {}.\n",
                     comparison.ratio_rule);
  out += fmt::format("Noise: {}.\n", comparison.noise_rule);

  std::vector<Line> lines;
  const std::vector<std::string> header = header_cells(comparison);
  bool any_short = false;
  for (const auto& test : comparison.tests) {
    lines.push_back({one_line(fmt::format("{} ({})", test_short_title(test.test), test_key(test.test))), {}, ""});
    lines.push_back({"", header, ""});
    for (const auto& row : test.metrics) lines.push_back({"", metric_cells(test, row, any_short), ""});
    for (const FailedRun& failed : test.failures) {
      lines.push_back(
          {"", {}, "FAILED: " + one_line(failed_run_text(comparison, failed)) + "; its figures are left out"});
    }
  }
  out += render(lines);

  if (!comparison.notes.empty() || any_short) {
    out += "\nNotes:\n";
    for (const auto& note : comparison.notes) out += fmt::format("  - {}\n", one_line(note));
    if (any_short) out += "  * at least one run of this test lasted under 0.5 s (bonnie++ would print +++++)\n";
  }
  return out;
}

}  // namespace bench
