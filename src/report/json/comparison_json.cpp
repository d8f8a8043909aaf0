#include "report/json/comparison_json.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "compare/ranking.h"
#include "report/comparison_values.h"

namespace bench {
namespace {

using nlohmann::ordered_json;

// `value` rounded to `decimals` places (as the comparison CSV writes it), or null when absent.
ordered_json rounded_or_null(bool present, double value, int decimals) {
  if (!present) return nullptr;
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

ordered_json text_or_null(bool present, std::string_view text) {
  return present ? ordered_json(text) : ordered_json(nullptr);
}

ordered_json group_json(const GroupInfo& group, bool is_base) {
  ordered_json out;
  out["name"] = group.name;
  out["role"] = is_base ? "base" : "other";
  out["label"] = group.label;
  out["files"] = group.files;
  out["runs"] = group.runs;
  out["from_bonnie"] = group.from_bonnie;
  out["placement"] = text_or_null(!group.placement.empty(), group.placement);
  return out;
}

// [{"round": 1, NAME: value}, ...]
ordered_json rounds_json(const std::vector<RoundValue>& rounds, std::string_view name, int decimals) {
  ordered_json out = ordered_json::array();
  for (const RoundValue& r : rounds) {
    ordered_json item;
    item["round"] = r.round;
    item[std::string(name)] = rounded_or_null(true, r.value, decimals);
    out.push_back(std::move(item));
  }
  return out;
}

ordered_json value_json(const GroupInfo& group, const MetricCell& cell) {
  const bool measured = cell.state == CellState::kMeasured;
  ordered_json out;
  out["group"] = group.name;
  out["state"] = keyword(cell.state);
  out["runs"] = cell.runs;
  out["measured_runs"] = measured ? cell.stats.count : 0;
  out["mean"] = rounded_or_null(measured, cell.stats.mean, 3);
  out["stddev"] = rounded_or_null(measured, cell.stats.stddev, 3);
  out["under_min_time"] = cell.under_min_time;
  out["ratio_to_base"] = rounded_or_null(cell.ratio.has_value(), cell.ratio.value_or(0), 6);
  out["verdict"] = text_or_null(cell.verdict.has_value(), cell.verdict ? keyword(*cell.verdict) : "");
  out["noise"] = text_or_null(cell.verdict.has_value(), keyword(cell.noise));
  out["phrase"] = cell.phrase;
  out["failed_runs"] = cell.failed_runs;
  if (!cell.by_round.empty()) out["by_round"] = rounds_json(cell.by_round, "value", 3);
  if (cell.rounds) {
    out["round_ratios"] = rounds_json(cell.rounds->per_round, "ratio", 6);
    out["ratio_low"] = rounded_or_null(true, cell.rounds->low, 6);
    out["ratio_high"] = rounded_or_null(true, cell.rounds->high, 6);
    out["spread_wider_than_difference"] = cell.rounds->spread_wider_than_difference;
  }
  return out;
}

ordered_json metric_json(const Comparison& comparison, const TestComparison& test, const MetricRow& row) {
  ordered_json values = ordered_json::array();
  for (std::size_t g = 0; g < row.cells.size(); ++g) values.push_back(value_json(comparison.groups[g], row.cells[g]));
  ordered_json out;
  out["metric"] = keyword(row.kind);
  out["unit"] = unit_keyword(test, row);
  out["better"] = higher_is_better(row.kind) ? "higher" : "lower";
  out["values"] = std::move(values);
  return out;
}

ordered_json test_json(const Comparison& comparison, const TestComparison& test) {
  ordered_json metrics = ordered_json::array();
  for (const auto& row : test.metrics) metrics.push_back(metric_json(comparison, test, row));
  ordered_json out;
  out["test"] = test_key(test.test);
  out["title"] = test_title(test.test);
  out["metrics"] = std::move(metrics);
  ordered_json failures = ordered_json::array();
  for (const FailedRun& failed : test.failures) {
    failures.push_back({{"group", comparison.groups.at(failed.group).name}, {"file", failed.file},
                        {"run", failed.run + 1}, {"code", failed.failure.error}, {"message", failed.failure.message}});
  }
  out["failures"] = std::move(failures);
  return out;
}

// [{test, metric, better, order: [{group, place, ratio_to_base, ratio_low, ratio_high, rounds, ratio_to_next,
// apart_from_next}...], word}...] (compare/ranking.h)
ordered_json answer_json(const Comparison& comparison) {
  ordered_json out = ordered_json::array();
  for (const MetricRanking& ranking : rank_groups(comparison)) {
    ordered_json order = ordered_json::array();
    for (const RankedGroup& ranked : ranking.order) {
      ordered_json item;
      item["group"] = comparison.groups[ranked.group].name;
      item["place"] = ranked.place;
      item["ratio_to_base"] = rounded_or_null(true, ranked.ratio, 6);
      item["ratio_low"] = rounded_or_null(ranked.low.has_value(), ranked.low.value_or(0), 6);
      item["ratio_high"] = rounded_or_null(ranked.high.has_value(), ranked.high.value_or(0), 6);
      item["rounds"] = ranked.rounds;
      item["ratio_to_next"] = rounded_or_null(ranked.to_next.has_value(), ranked.to_next.value_or(0), 6);
      item["apart_from_next"] = ranked.apart_from_next;
      order.push_back(std::move(item));
    }
    ordered_json item;
    item["test"] = test_key(comparison.tests[ranking.test].test);
    item["metric"] = keyword(ranking.kind);
    item["better"] = higher_is_better(ranking.kind) ? "higher" : "lower";
    item["order"] = std::move(order);
    item["word"] = text_or_null(!ranking.word.empty(), ranking.word);
    out.push_back(std::move(item));
  }
  return out;
}

// {median, low, high, runs, values} of a figure over a group's runs (values: rounds or runs), in its raw unit; null when no run measured it.
ordered_json spread_json(const std::optional<FigureSpread>& spread) {
  if (!spread) return nullptr;
  return {{"median", rounded_or_null(true, spread->median, 6)}, {"low", rounded_or_null(true, spread->low, 6)},
          {"high", rounded_or_null(true, spread->high, 6)}, {"runs", spread->runs}, {"values", spread->values}};
}

ordered_json workload_decomposition_json(const WorkloadDecomposition& workload) {
  ordered_json directions = ordered_json::array();
  for (const DirectionSpread& direction : workload.directions) {
    ordered_json figures;
    for (const HostViewFigureRow& row : host_view_figure_rows()) {
      figures[std::string(row.keyword)] = spread_json(direction.figures[static_cast<std::size_t>(row.figure)]);
    }
    directions.push_back({{"direction", direction.direction}, {"figures", std::move(figures)}, {"notes", direction.notes}});
  }
  ordered_json out;
  out["workload"] = workload.workload;
  out["tests"] = workload.tests;
  out["runs"] = workload.runs;
  out["by_rounds"] = workload.by_rounds;
  out["tcg"] = workload.tcg;
  out["why_none"] = text_or_null(workload.why_none.has_value(), workload.why_none.value_or(""));
  out["reading"] = text_or_null(!workload.reading.empty(), workload.reading);
  out["directions"] = std::move(directions);
  return out;
}

// [{group, workloads: [...]}...] for the groups whose runs carry a host view (compare/host_view_decomposition.h).
ordered_json host_view_json(const Comparison& comparison) {
  ordered_json units;
  for (const HostViewFigureRow& row : host_view_figure_rows()) units[std::string(row.keyword)] = row.unit;
  ordered_json groups = ordered_json::array();
  for (const GroupDecomposition& group : comparison.host_views) {
    ordered_json workloads = ordered_json::array();
    for (const WorkloadDecomposition& workload : group.workloads) workloads.push_back(workload_decomposition_json(workload));
    groups.push_back({{"group", group.group}, {"workloads", std::move(workloads)}});
  }
  return {{"units", std::move(units)}, {"groups", std::move(groups)}};
}

}  // namespace

std::string format_comparison_json(const Comparison& comparison) {
  ordered_json groups = ordered_json::array();
  for (std::size_t g = 0; g < comparison.groups.size(); ++g) groups.push_back(group_json(comparison.groups[g], g == 0));
  ordered_json tests = ordered_json::array();
  for (const auto& test : comparison.tests) tests.push_back(test_json(comparison, test));
  ordered_json doc;
  doc["tool"] = "bench++";
  doc["kind"] = "comparison";
  doc["format_version"] = 1;
  doc["ratio_rule"] = comparison.ratio_rule;
  doc["noise_rule"] = comparison.noise_rule;
  doc["caveats"] = comparison.caveats;
  doc["answer"] = answer_json(comparison);
  doc["groups"] = std::move(groups);
  doc["tests"] = std::move(tests);
  // Every note, the caveats first, as before there were caveats.
  std::vector<std::string> notes = comparison.caveats;
  notes.insert(notes.end(), comparison.notes.begin(), comparison.notes.end());
  doc["notes"] = notes;
  if (!comparison.host_views.empty()) doc["host_view"] = host_view_json(comparison);
  return doc.dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

}  // namespace bench
