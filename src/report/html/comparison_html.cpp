#include "report/html/comparison_html.h"

#include <algorithm>

#include <fmt/format.h>

#include "compare/ranking.h"
#include "report/comparison_values.h"
#include "report/html/html_text.h"
#include "report/html/html_page.h"
#include "report/html/host_view_svg.h"
#include "report/html/suite_table_html.h"

namespace bench {
namespace {


constexpr std::string_view kBaseColour = "#8a94a6";
constexpr std::string_view kBetterColour = "#2e9e5b";
constexpr std::string_view kWorseColour = "#d2453a";
constexpr std::string_view kNeutralColour = "#4a7bd0";

constexpr int kChartWidth = 490;
constexpr int kLabelWidth = 110;
constexpr int kBarWidth = 230;
constexpr int kRowHeight = 24;

std::string_view colour_of(const MetricCell& cell, bool is_base) {
  if (is_base) return kBaseColour;
  if (cell.verdict && cell.noise == Noise::kBeyond) {
    if (*cell.verdict == Verdict::kBetter) return kBetterColour;
    if (*cell.verdict == Verdict::kWorse) return kWorseColour;
  }
  return kNeutralColour;
}

// Whether the cell of group g has no ratio because a side's job failed (CellState::kFailed).
bool failed_against_base(const MetricRow& row, std::size_t g) {
  return row.cells[g].state == CellState::kFailed || row.cells[0].state == CellState::kFailed;
}

std::string_view phrase_class(const MetricCell& cell) {
  if (cell.verdict && cell.noise == Noise::kBeyond && *cell.verdict != Verdict::kSame) {
    return *cell.verdict == Verdict::kBetter ? "better" : "worse";
  }
  return "neutral";
}

double scale_of(const MetricRow& row) {
  double largest = 0;
  for (const auto& cell : row.cells) {
    if (cell.state == CellState::kMeasured) largest = std::max(largest, cell.stats.mean + cell.stats.stddev);
  }
  return largest > 0 ? largest : 1;
}

std::string bar_row(const MetricCell& cell, std::string_view name, bool is_base, int y, double scale, DisplayUnit unit) {
  std::string out = fmt::format(R"(<text x="{}" y="{}" text-anchor="end">{}</text>)", kLabelWidth - 6, y + 16,
                                html_text(shortened(name, 16)));
  if (cell.state != CellState::kMeasured) {
    return out + fmt::format(R"(<text class="{}" x="{}" y="{}">{}</text>)",
                             cell.state == CellState::kFailed ? "failed" : "missing", kLabelWidth, y + 16,
                             html_text(format_cell_value(cell, unit)));
  }
  const auto x_of = [&](double value) { return kLabelWidth + std::clamp(value / scale, 0.0, 1.0) * kBarWidth; };
  const double bar_end = x_of(cell.stats.mean);
  double text_x = bar_end;
  out += fmt::format(R"(<rect x="{}" y="{}" width="{:.1f}" height="16" rx="2" fill="{}"/>)", kLabelWidth, y + 4,
                     bar_end - kLabelWidth, colour_of(cell, is_base));
  if (cell.stats.count > 1 && cell.stats.stddev > 0) {
    const double low = x_of(cell.stats.mean - cell.stats.stddev);
    const double high = x_of(cell.stats.mean + cell.stats.stddev);
    out += fmt::format(
        R"(<path d="M{0:.1f} {2}V{3}M{0:.1f} {4}H{1:.1f}M{1:.1f} {2}V{3}" stroke="#1d2330" stroke-width="1.2" fill="none"/>)",
        low, high, y + 7, y + 17, y + 12);
    text_x = std::max(text_x, high);
  }
  std::string value = format_cell_value(cell, unit);
  if (cell.under_min_time) value += " *";
  return out + fmt::format(R"(<text x="{:.1f}" y="{}">{}</text>)", text_x + 5, y + 16, html_text(value));
}

std::string chart(const Comparison& comparison, const TestComparison& test, const MetricRow& row) {
  const DisplayUnit unit = display_unit(test, row);
  const double scale = scale_of(row);
  const int height = static_cast<int>(row.cells.size()) * kRowHeight + 8;
  std::string bars;
  for (std::size_t g = 0; g < row.cells.size(); ++g) {
    bars += bar_row(row.cells[g], comparison.groups[g].name, g == 0, 4 + static_cast<int>(g) * kRowHeight, scale,
                    unit);
  }
  std::string phrases;
  for (std::size_t g = 1; g < row.cells.size(); ++g) {
    const MetricCell& cell = row.cells[g];
    const std::string verdict = verdict_text(cell);
    phrases += fmt::format("<li class=\"{}\">{}{}</li>", failed_against_base(row, g) ? "failed" : phrase_class(cell),
                           html_text(cell.phrase),
                           verdict.empty() ? "" : html_text(" — " + verdict));
  }
  const std::string caption = fmt::format("{} <span>({}, {} is better)</span>", html_text(metric_title(row.kind)),
                                          html_text(unit.symbol), higher_is_better(row.kind) ? "higher" : "lower");
  return fmt::format(
      "<figure><figcaption>{}</figcaption>\n<svg width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" "
      "aria-label=\"{} of {}\">{}</svg>\n<ul class=\"phrases\">{}</ul></figure>\n",
      caption, kChartWidth, height, kChartWidth, height, html_text(metric_title(row.kind)),
      html_text(test_key(test.test)), bars, phrases);
}

// The latency CDF of the test's groups (results read from JSON keep their histograms); "" without any.
std::string cdf_figure(const Comparison& comparison, const TestComparison& test) {
  std::vector<CdfSeries> series;
  for (std::size_t g = 0; g < comparison.groups.size() && g < test.latency_histograms.size(); ++g) {
    series.push_back({comparison.groups[g].name, &test.latency_histograms[g]});
  }
  return latency_cdf_figure(series);
}

std::string groups_table(const Comparison& comparison) {
  std::string rows;
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) {
    const GroupInfo& group = comparison.groups[g];
    std::string files;
    for (const auto& file : group.files) files += (files.empty() ? "" : ", ") + file;
    rows += fmt::format("<tr><th>{}</th><td>{}</td><td>{}</td><td>{} run{}{}</td><td>{}</td></tr>\n",
                        g == 0 ? "base" : "other", html_text(group.name), html_text(files), group.runs,
                        group.runs == 1 ? "" : "s", group.from_bonnie ? ", bonnie++ lines" : "",
                        html_text(group.placement));
  }
  return "<table class=\"groups\">\n" + rows + "</table>\n";
}

const MetricRow* find_row(const TestComparison& test, MetricKind kind) {
  for (const auto& row : test.metrics) {
    if (row.kind == kind) return &row;
  }
  return nullptr;
}

// The phrase of group g for the first of `kinds` that it has a verdict for (else the first present), coloured.
std::string glance_cell(const TestComparison& test, std::initializer_list<MetricKind> kinds, std::size_t g,
                        const std::string& group_name) {
  const MetricCell* chosen = nullptr;
  bool failed = false;
  for (const MetricKind kind : kinds) {
    const MetricRow* row = find_row(test, kind);
    if (row == nullptr) continue;
    if (chosen == nullptr || (!chosen->verdict && row->cells[g].verdict)) {
      chosen = &row->cells[g];
      failed = failed_against_base(*row, g);
    }
  }
  if (chosen == nullptr) return "<td></td>";
  const std::string verdict = verdict_text(*chosen);
  // The column's header names the group: a phrase that starts with its name ("guest 0.42× host") drops it.
  std::string phrase = chosen->phrase;
  if (phrase.rfind(group_name + " ", 0) == 0) phrase = phrase.substr(group_name.size() + 1);
  return fmt::format("<td class=\"{}\">{}{}</td>", failed ? "failed" : phrase_class(*chosen), html_text(phrase),
                     verdict.empty() ? "" : html_text(" (" + verdict + ")"));
}

// One row per test: each other group's throughput and latency phrases.
std::string glance_table(const Comparison& comparison) {
  std::string head = "<tr><th>test</th>";
  for (std::size_t g = 1; g < comparison.groups.size(); ++g) {
    const std::string name = html_text(comparison.groups[g].name);
    head += fmt::format("<th>{}: throughput</th><th>{}: latency</th>", name, name);
  }
  std::string rows;
  for (const auto& test : comparison.tests) {
    rows += fmt::format("<tr><td>{}</td>", html_text(test_short_title(test.test)));
    for (std::size_t g = 1; g < comparison.groups.size(); ++g) {
      rows += glance_cell(test, {MetricKind::kThroughput}, g, comparison.groups[g].name);
      rows += glance_cell(test, {MetricKind::kLatencyP99, MetricKind::kLatencyMax}, g, comparison.groups[g].name);
    }
    rows += "</tr>\n";
  }
  return "<h2>At a glance</h2>\n<table class=\"glance\">\n" + head + "</tr>\n" + rows + "</table>\n";
}

// What changes what the figures mean (Comparison::caveats), above everything they qualify; "" without any.
std::string caveats_section(const Comparison& comparison) {
  if (comparison.caveats.empty()) return {};
  std::string items;
  for (const auto& caveat : comparison.caveats) items += "<li>" + html_text(caveat) + "</li>\n";
  return "<section>\n<h2>Read first</h2>\n<ul class=\"notes\">\n" + items + "</ul>\n</section>\n";
}

// The answer (compare/ranking.h): per test and headline metric, the groups best first; "" without any ratio.
std::string answer_section(const Comparison& comparison) {
  const std::vector<MetricRanking> rankings = rank_groups(comparison);
  if (rankings.empty()) return {};
  std::string rows;
  for (const MetricRanking& ranking : rankings) {
    const TestComparison& test = comparison.tests[ranking.test];
    for (std::size_t i = 0; i < ranking.order.size(); ++i) {
      const std::string lead =
          i == 0 ? fmt::format("<td rowspan=\"{}\">{}</td><td rowspan=\"{}\">{} ({} is better)</td>",
                               ranking.order.size() + (ranking.word.empty() ? 0 : 1),
                               html_text(test_short_title(test.test)),
                               ranking.order.size() + (ranking.word.empty() ? 0 : 1),
                               html_text(metric_title(ranking.kind)), higher_is_better(ranking.kind) ? "higher" : "lower")
                 : "";
      rows += fmt::format("<tr>{}<td>{}</td><td>{}</td></tr>\n", lead, html_text(place_text(ranking, i)),
                          html_text(ranked_phrase(comparison, ranking, i)));
    }
    if (!ranking.word.empty()) rows += fmt::format("<tr><td colspan=\"2\">{}</td></tr>\n", html_text(ranking.word));
  }
  return "<h2>The answer</h2>\n<p class=\"rule\">Per test, the groups best first, each against the base and against "
         "the next one down; groups not ranked apart share a place (\"2=\").</p>\n<table class=\"glance\">\n"
         "<tr><th>test</th><th>metric</th><th>place</th><th>group</th></tr>\n" +
         rows + "</table>\n";
}

std::string legend() {
  return fmt::format(
      "<p class=\"legend\">Bars: mean of the runs; whiskers: ± one standard deviation."
      "<span class=\"swatch\" style=\"background:{}\"></span>base"
      "<span class=\"swatch\" style=\"background:{}\"></span>better beyond noise"
      "<span class=\"swatch\" style=\"background:{}\"></span>worse beyond noise"
      "<span class=\"swatch\" style=\"background:{}\"></span>within noise or unknown</p>\n",
      kBaseColour, kBetterColour, kWorseColour, kNeutralColour);
}

}  // namespace

std::string format_comparison_html(const Comparison& comparison, const std::vector<Executor>& suite) {
  std::string names;
  for (const auto& group : comparison.groups) names += (names.empty() ? "" : " vs ") + group.name;
  std::string body;
  bool any_short = false;
  for (const auto& test : comparison.tests) {
    body += fmt::format("<section>\n<h2>{}<code>{}</code></h2>\n", html_text(test_title(test.test)),
                        html_text(test_key(test.test)));
    for (const FailedRun& failed : test.failures) {
      body += fmt::format("<p class=\"failed\">FAILED: {}; its figures are left out</p>\n",
                          html_text(failed_run_text(comparison, failed)));
    }
    body += "<div class=\"charts\">\n";
    for (const auto& row : test.metrics) {
      body += chart(comparison, test, row);
      any_short = any_short || std::any_of(row.cells.begin(), row.cells.end(),
                                           [](const MetricCell& c) { return c.under_min_time; });
    }
    body += cdf_figure(comparison, test);
    body += "</div>\n</section>\n";
  }
  body += host_view_section(comparison.host_views);
  std::string notes;
  for (const auto& note : comparison.notes) notes += "<li>" + html_text(note) + "</li>\n";
  if (any_short) notes += "<li>* at least one run of this test lasted under 0.5 s (bonnie++ would print +++++)</li>\n";
  if (!notes.empty()) notes = "<section>\n<h2>Notes</h2>\n<ul class=\"notes\">\n" + notes + "</ul>\n</section>\n";
  return html_page("bench++ compare: " + names, "bench++ compare",
                   fmt::format("{}{}{}{}<p class=\"rule\">Values are the mean ± sample standard deviation of a "
                               "group's runs; {}. Noise: {}.</p>\n{}{}{}{}",
                               caveats_section(comparison), answer_section(comparison), suite_table_section(suite), groups_table(comparison),
                               html_text(comparison.ratio_rule),
                               html_text(comparison.noise_rule), glance_table(comparison),
                               legend(), body, notes));
}

}  // namespace bench
