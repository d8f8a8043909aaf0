#include "compare/comparison_json.h"

#include <fmt/format.h>

#include "compare/escaping.h"
#include "compare/value_format.h"

namespace bench {
namespace {

std::string number_or_null(bool present, double value, int decimals) {
  return present ? fmt::format("{:.{}f}", value, decimals) : "null";
}

std::string string_or_null(bool present, std::string_view text) { return present ? json_string(text) : "null"; }

std::string group_json(const GroupInfo& group, bool is_base) {
  std::string files;
  for (std::size_t i = 0; i < group.files.size(); ++i) files += (i == 0 ? "" : ", ") + json_string(group.files[i]);
  return fmt::format(
      R"({{"name": {}, "role": "{}", "label": {}, "files": [{}], "runs": {}, "from_bonnie": {}, "placement": {}}})",
      json_string(group.name), is_base ? "base" : "other", json_string(group.label), files, group.runs,
      group.from_bonnie ? "true" : "false", string_or_null(!group.placement.empty(), group.placement));
}

std::string value_json(const GroupInfo& group, const MetricCell& cell) {
  const bool measured = cell.state == CellState::kMeasured;
  return fmt::format(
      R"({{"group": {}, "state": "{}", "runs": {}, "measured_runs": {}, "mean": {}, "stddev": {}, )"
      R"("under_min_time": {}, "ratio_to_base": {}, "verdict": {}, "noise": {}, "phrase": {}}})",
      json_string(group.name), state_keyword(cell.state), cell.runs, measured ? cell.stats.count : 0,
      number_or_null(measured, cell.stats.mean, 3), number_or_null(measured, cell.stats.stddev, 3),
      cell.under_min_time ? "true" : "false", number_or_null(cell.ratio.has_value(), cell.ratio.value_or(0), 6),
      string_or_null(cell.verdict.has_value(), cell.verdict ? verdict_keyword(*cell.verdict) : ""),
      string_or_null(cell.verdict.has_value(), noise_keyword(cell.noise)), json_string(cell.phrase));
}

std::string metric_json(const Comparison& comparison, const TestComparison& test, const MetricRow& row) {
  std::string values;
  for (std::size_t g = 0; g < row.cells.size(); ++g) {
    values += fmt::format("{}\n            {}", g == 0 ? "" : ",", value_json(comparison.groups[g], row.cells[g]));
  }
  return fmt::format(
      "{{\"metric\": \"{}\", \"unit\": \"{}\", \"better\": \"{}\",\n          \"values\": [{}\n          ]}}",
      metric_key(row.kind), unit_keyword(test, row), higher_is_better(row.kind) ? "higher" : "lower", values);
}

std::string test_json(const Comparison& comparison, const TestComparison& test) {
  std::string metrics;
  for (std::size_t m = 0; m < test.metrics.size(); ++m) {
    metrics += fmt::format("{}\n        {}", m == 0 ? "" : ",", metric_json(comparison, test, test.metrics[m]));
  }
  return fmt::format("{{\"test\": \"{}\", \"title\": {},\n      \"metrics\": [{}\n      ]}}", phase_key(test.test),
                     json_string(phase_title(test.test)), metrics);
}

}  // namespace

std::string format_comparison_json(const Comparison& comparison) {
  std::string groups;
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) {
    groups += fmt::format("{}\n    {}", g == 0 ? "" : ",", group_json(comparison.groups[g], g == 0));
  }
  std::string tests;
  for (std::size_t t = 0; t < comparison.tests.size(); ++t) {
    tests += fmt::format("{}\n    {}", t == 0 ? "" : ",", test_json(comparison, comparison.tests[t]));
  }
  std::string notes;
  for (std::size_t n = 0; n < comparison.notes.size(); ++n) {
    notes += fmt::format("{}\n    {}", n == 0 ? "" : ",", json_string(comparison.notes[n]));
  }
  return fmt::format(
      "{{\n  \"tool\": \"bench++\",\n  \"kind\": \"comparison\",\n  \"format_version\": 1,\n"
      "  \"noise_rule\": {},\n  \"groups\": [{}\n  ],\n  \"tests\": [{}\n  ],\n  \"notes\": [{}{}]\n}}\n",
      json_string(noise_rule_text()), groups, tests, notes, notes.empty() ? "" : "\n  ");
}

}  // namespace bench
