#include "report/csv/comparison_csv.h"

#include <algorithm>

#include <fmt/format.h>

#include "compare/ranking.h"
#include "report/comparison_values.h"
#include "report/csv/csv_field.h"

namespace bench {
namespace {

constexpr std::string_view kHeader =
    "test,metric,unit,better,group,role,label,files,runs,measured_runs,state,mean,stddev,under_min_time,"
    "ratio_to_base,verdict,noise,phrase,failed_runs,error_code,error,place\n";

// The first run of group g whose job failed in the test, else nullptr.
const FailedRun* first_failure(const TestComparison& test, std::size_t g) {
  for (const FailedRun& failed : test.failures) {
    if (failed.group == g) return &failed;
  }
  return nullptr;
}

std::string row(const TestComparison& test, const MetricRow& metric, const GroupInfo& group, const MetricCell& cell,
                bool is_base, const FailedRun* failed, const std::string& place) {
  std::string files;
  for (const auto& file : group.files) files += (files.empty() ? "" : "; ") + file;
  const bool measured = cell.state == CellState::kMeasured;
  const std::vector<std::string> fields = {
      test_key(test.test),
      std::string(keyword(metric.kind)),
      std::string(unit_keyword(test, metric)),
      higher_is_better(metric.kind) ? "higher" : "lower",
      group.name,
      is_base ? "base" : "other",
      group.label,
      files,
      fmt::format("{}", cell.runs),
      fmt::format("{}", measured ? cell.stats.count : 0),
      std::string(keyword(cell.state)),
      measured ? fmt::format("{:.3f}", cell.stats.mean) : "",
      measured ? fmt::format("{:.3f}", cell.stats.stddev) : "",
      cell.under_min_time ? "1" : "0",
      cell.ratio ? fmt::format("{:.6f}", *cell.ratio) : "",
      cell.verdict ? std::string(keyword(*cell.verdict)) : "",
      cell.verdict ? std::string(keyword(cell.noise)) : "",
      cell.phrase,
      fmt::format("{}", cell.failed_runs),
      failed ? fmt::format("{}", failed->failure.error) : "",
      failed ? failed->failure.message : "",
      place,
  };
  return csv_record(fields);
}

// The columns after the existing ones, with a host view.
constexpr std::string_view kHostViewColumns = ",direction,median,low,high";

// A host view's row: the existing columns (test = the workload, metric = the figure's keyword; mean, stddev and
// the ratio's columns empty), then direction, median, low, high.
std::string host_view_row(const GroupInfo& group, bool is_base, const WorkloadDecomposition& workload,
                          std::string_view direction, std::string_view metric, std::string_view unit,
                          const std::optional<FigureSpread>& spread, const std::string& phrase) {
  std::string files;
  for (const auto& file : group.files) files += (files.empty() ? "" : "; ") + file;
  const bool measured = spread.has_value() || ((metric == "reading" || metric == "note") && !workload.why_none);
  const std::vector<std::string> fields = {
      workload.workload, std::string(metric), std::string(unit), "", group.name, is_base ? "base" : "other",
      group.label, files, fmt::format("{}", workload.runs), fmt::format("{}", spread ? spread->runs : 0),
      measured ? "measured" : "not_recorded", "", "", "0", "", "", "", phrase, "0", "", "", "",
      std::string(direction),
      spread ? fmt::format("{:.3f}", spread->median) : "", spread ? fmt::format("{:.3f}", spread->low) : "",
      spread ? fmt::format("{:.3f}", spread->high) : ""};
  return csv_record(fields);
}

std::string host_view_rows(const Comparison& comparison) {
  std::string out;
  for (const GroupDecomposition& decomposition : comparison.host_views) {
    const auto found = std::find_if(comparison.groups.begin(), comparison.groups.end(),
                                    [&](const GroupInfo& g) { return g.name == decomposition.group; });
    if (found == comparison.groups.end()) continue;
    const bool is_base = found == comparison.groups.begin();
    for (const WorkloadDecomposition& w : decomposition.workloads) {
      out += host_view_row(*found, is_base, w, "all", "reading", "", std::nullopt, w.why_none.value_or(w.reading));
      for (const DirectionSpread& d : w.directions) {
        for (const HostViewFigureRow& row : host_view_figure_rows()) {
          out += host_view_row(*found, is_base, w, d.direction, row.keyword, row.unit,
                               d.figures[static_cast<std::size_t>(row.figure)], "");
        }
        for (const std::string& note : d.notes) out += host_view_row(*found, is_base, w, d.direction, "note", "", std::nullopt, note);
      }
    }
  }
  return out;
}

}  // namespace

std::string format_comparison_csv(const Comparison& comparison) {
  const bool host_view = !comparison.host_views.empty();
  std::string out = host_view ? std::string(kHeader.substr(0, kHeader.size() - 1)) + std::string(kHostViewColumns) + "\n"
                              : std::string(kHeader);
  const std::vector<MetricRanking> rankings = rank_groups(comparison);
  for (std::size_t t = 0; t < comparison.tests.size(); ++t) {
    const TestComparison& test = comparison.tests[t];
    for (const auto& metric : test.metrics) {
      const auto ranking = std::find_if(rankings.begin(), rankings.end(), [&](const MetricRanking& r) {
        return r.test == t && r.kind == metric.kind;
      });
      for (std::size_t g = 0; g < metric.cells.size(); ++g) {
        std::string place;
        for (std::size_t i = 0; ranking != rankings.end() && i < ranking->order.size(); ++i) {
          if (ranking->order[i].group == g) place = place_text(*ranking, i);
        }
        std::string record = row(test, metric, comparison.groups[g], metric.cells[g], g == 0, first_failure(test, g), place);
        if (host_view) record.insert(record.size() - 1, ",,,,");
        out += record;
      }
    }
  }
  return out + host_view_rows(comparison);
}

}  // namespace bench
