#include "report/text/comparison_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "compare/ranking.h"
#include "report/comparison_values.h"
#include "report/text/host_view_text.h"
#include "text/printable.h"

namespace bench {
namespace {

// Text from a result file on one line of the table: its control bytes (newlines too) escaped (text/printable.h).
std::string one_line(std::string_view text) { return printable(text); }

// Terminal columns of UTF-8 text (every code point counts as one).
std::size_t width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// The first `columns` code points of `text` (as bytes).
std::size_t prefix_bytes(std::string_view text, std::size_t columns) {
  std::size_t points = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (points++ == columns) return i;
  }
  return text.size();
}

// `text` wrapped at spaces into lines of at most kComparisonTextWidth columns: the first after `first`, the rest
// after `rest` (indents); a word longer than a line is cut.
std::string wrapped(std::string_view text, std::string_view first, std::string_view rest) {
  std::string out;
  std::string line(first);
  bool line_empty = true;
  const auto flush = [&] {
    out += line + "\n";
    line = std::string(rest);
    line_empty = true;
  };
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t space = text.find(' ', at);
    std::string_view word = text.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
    at = space == std::string_view::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    if (!line_empty && width(line) + 1 + width(word) > kComparisonTextWidth) flush();
    while (width(line) + (line_empty ? 0 : 1) + width(word) > kComparisonTextWidth) {  // a word longer than a line
      const std::size_t room = kComparisonTextWidth - width(line) - (line_empty ? 0 : 1);
      line += (line_empty ? "" : " ") + std::string(word.substr(0, prefix_bytes(word, room)));
      word = word.substr(prefix_bytes(word, room));
      flush();
    }
    if (word.empty()) continue;
    line += (line_empty ? "" : " ") + std::string(word);
    line_empty = false;
  }
  if (!line_empty) out += line + "\n";
  return out;
}

// `text` with a capital first letter.
std::string sentence(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string files_text(const GroupInfo& group) {
  std::string files;
  for (const auto& file : group.files) files += (files.empty() ? "" : ", ") + one_line(file);
  return fmt::format("{}, {} run{}{}{}", files, group.runs, group.runs == 1 ? "" : "s",
                     group.from_bonnie ? ", bonnie++ lines" : "",
                     group.placement.empty() ? "" : "; " + one_line(group.placement));
}

const MetricRow* find_row(const TestComparison& test, MetricKind kind) {
  for (const MetricRow& row : test.metrics) {
    if (row.kind == kind) return &row;
  }
  return nullptr;
}

// One unit for every latency of a test (p50, p99 and max, all groups): the one its largest reads in (max latency's,
// else p99's, else p50's).
DisplayUnit latency_unit(const TestComparison& test) {
  for (const MetricKind kind : {MetricKind::kLatencyMax, MetricKind::kLatencyP99, MetricKind::kLatencyP50}) {
    const MetricRow* row = find_row(test, kind);
    if (row != nullptr && std::any_of(row->cells.begin(), row->cells.end(),
                                      [](const MetricCell& c) { return c.state == CellState::kMeasured; })) {
      return display_unit(test, *row);
    }
  }
  return {"ns", 1};
}

DisplayUnit unit_of(const TestComparison& test, const MetricRow& row) {
  const bool latency = row.kind != MetricKind::kThroughput && row.kind != MetricKind::kCpuPercent;
  return latency ? latency_unit(test) : display_unit(test, row);
}

// "512 MiB/s ±2%", "36.0% ±3%", "0.0120 ms" (one run): a figure and its unit, the runs' spread as a share of the
// mean (one sample standard deviation); "*" when a run lasted under 0.5 s, "(2 of 3)" when some runs gave none.
std::string narrow_cell(const MetricCell& cell, DisplayUnit unit) {
  switch (cell.state) {
    case CellState::kAbsent: return "absent";
    case CellState::kNotRecorded: return "not recorded";
    case CellState::kNotMeasured: return "under 0.5 s";
    case CellState::kFailed: return "FAILED";
    case CellState::kMeasured: break;
  }
  std::string text = format_number(cell.stats.mean / unit.scale) +
                     (unit.symbol == "%" ? "%" : fmt::format(" {}", unit.symbol));
  if (cell.stats.count > 1 && cell.stats.mean != 0) {
    const double percent = 100 * cell.stats.stddev / cell.stats.mean;
    text += percent < 1 ? fmt::format(" ±{:.1f}%", percent) : fmt::format(" ±{:.0f}%", percent);
  }
  if (cell.under_min_time) text += " *";
  if (cell.stats.count < cell.runs) text += fmt::format(" ({} of {})", cell.stats.count, cell.runs);
  return text;
}

// A group's row of figures: its name, then one cell per metric of the test.
struct FigureRow {
  std::string name;
  std::vector<std::string> cells;
};

// The rows under a header, in columns; a row whose name would push it past the width has its name on a line of
// its own, its figures on the next.
std::string render_rows(const std::vector<FigureRow>& rows) {
  std::vector<std::size_t> widths(rows.front().cells.size(), 0);
  std::size_t name_width = 0;
  for (const FigureRow& row : rows) {
    name_width = std::max(name_width, width(row.name));
    for (std::size_t c = 0; c < row.cells.size(); ++c) widths[c] = std::max(widths[c], width(row.cells[c]));
  }
  std::size_t figures_width = 0;
  for (const std::size_t w : widths) figures_width += w + 2;
  const bool names_apart = 2 + name_width + figures_width > kComparisonTextWidth;
  const std::size_t lead = names_apart ? 4 : 2 + name_width + 2;
  std::string out;
  for (const FigureRow& row : rows) {
    std::string text;
    if (names_apart) {
      out += wrapped(row.name, "  ", "  ");
      text = std::string(lead, ' ');
    } else {
      text = "  " + row.name + std::string(lead - 2 - width(row.name), ' ');
    }
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      text += row.cells[c];
      if (c + 1 < row.cells.size()) text += std::string(widths[c] - width(row.cells[c]) + 2, ' ');
    }
    out += text + "\n";
  }
  return out;
}

// "throughput 0.42× host (worse, beyond noise)": a phrase of group g led by its metric.
std::string led_phrase(const MetricRow& row, std::size_t g, const std::string& name) {
  const MetricCell& cell = row.cells[g];
  const std::string title(metric_title(row.kind));
  std::string phrase = one_line(cell.phrase);
  if (phrase.rfind(title, 0) != 0) {
    phrase = phrase.rfind(name + " ", 0) == 0 ? title + phrase.substr(name.size()) : title + ": " + phrase;
  }
  const std::string verdict = verdict_text(cell);
  return verdict.empty() ? phrase : fmt::format("{} ({})", phrase, verdict);
}

std::string test_block(const Comparison& comparison, const TestComparison& test) {
  std::string out = "\n" + one_line(fmt::format("{} ({})", test_short_title(test.test), test_key(test.test))) + "\n";
  std::vector<FigureRow> rows;
  FigureRow header{"group", {}};
  for (const MetricRow& row : test.metrics) header.cells.emplace_back(metric_title(row.kind));
  rows.push_back(header);
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) {
    FigureRow figures{one_line(comparison.groups[g].name), {}};
    for (const MetricRow& row : test.metrics) figures.cells.push_back(narrow_cell(row.cells[g], unit_of(test, row)));
    rows.push_back(std::move(figures));
  }
  out += render_rows(rows);
  const std::string base = one_line(comparison.groups[0].name);
  for (std::size_t g = 1; g < comparison.groups.size(); ++g) {
    const std::string name = one_line(comparison.groups[g].name);
    std::string phrases;
    for (const MetricRow& row : test.metrics) phrases += (phrases.empty() ? "" : "; ") + led_phrase(row, g, name);
    out += wrapped(fmt::format("{} vs {}: {}", name, base, phrases), "  ", "      ");
  }
  for (const FailedRun& failed : test.failures) {
    out += wrapped("FAILED: " + one_line(failed_run_text(comparison, failed)) + "; its figures are left out", "  ",
                   "      ");
  }
  return out;
}

std::string answer_section(const Comparison& comparison) {
  const std::vector<MetricRanking> rankings = rank_groups(comparison);
  if (rankings.empty()) return {};
  std::string out = wrapped(
      "The answer: per test, the groups best first, each against the base and against the next one down; groups "
      "not ranked apart share a place (\"2=\").",
      "\n", "");
  for (const MetricRanking& ranking : rankings) {
    const TestComparison& test = comparison.tests[ranking.test];
    out += one_line(fmt::format("{} ({}): {}, {} is better", test_short_title(test.test), test_key(test.test),
                                metric_title(ranking.kind), higher_is_better(ranking.kind) ? "higher" : "lower")) +
           "\n";
    for (std::size_t i = 0; i < ranking.order.size(); ++i) {
      out += wrapped(one_line(ranked_phrase(comparison, ranking, i)), fmt::format("  {:<4}", place_text(ranking, i)),
                     "        ");
    }
    if (!ranking.word.empty()) out += wrapped(ranking.word, "  ", "  ");
  }
  return out;
}

}  // namespace

std::string format_comparison_text(const Comparison& comparison) {
  std::string out = "bench++ compare\n";
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) {
    const GroupInfo& group = comparison.groups[g];
    const std::string name = group.itself.empty() ? one_line(group.name) : one_line(group.name + ": " + group.itself);
    out += wrapped(fmt::format("{} {} ({})", g == 0 ? "base: " : "other:", name, files_text(group)), "  ", "         ");
  }
  if (!comparison.caveats.empty()) {
    out += "\nRead first:\n";
    for (const auto& caveat : comparison.caveats) out += wrapped(one_line(caveat), "  - ", "    ");
  }
  out += answer_section(comparison);
  out += "\n";
  out += wrapped(fmt::format("Figures: the mean of a group's runs, ± their sample standard deviation as a share of "
                             "the mean; the wide form (mean ± standard deviation) is in --csv, --json and --html. "
                             "Latencies of a test in one unit. {}.",
                             sentence(comparison.ratio_rule)),
                 "", "");
  out += wrapped(fmt::format("Noise: {}.", comparison.noise_rule), "", "");

  bool any_short = false;
  for (const auto& test : comparison.tests) {
    out += test_block(comparison, test);
    for (const MetricRow& row : test.metrics) {
      any_short = any_short || std::any_of(row.cells.begin(), row.cells.end(),
                                           [](const MetricCell& c) { return c.under_min_time; });
    }
  }

  out += format_host_view_text(comparison.host_views);

  if (!comparison.notes.empty() || any_short) {
    out += "\nNotes:\n";
    for (const auto& note : comparison.notes) out += wrapped(one_line(note), "  - ", "    ");
    if (any_short) out += "  * at least one run of this test lasted under 0.5 s (bonnie++ would print +++++)\n";
  }
  return out;
}

}  // namespace bench
