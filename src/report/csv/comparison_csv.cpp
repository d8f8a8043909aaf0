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

}  // namespace

std::string format_comparison_csv(const Comparison& comparison) {
  std::string out(kHeader);
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
        out += row(test, metric, comparison.groups[g], metric.cells[g], g == 0, first_failure(test, g), place);
      }
    }
  }
  return out;
}

}  // namespace bench
