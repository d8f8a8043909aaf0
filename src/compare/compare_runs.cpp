#include "compare/compare_runs.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "compare/base_placement.h"
#include "compare/bonnie_cache_note.h"
#include "compare/ranking.h"
#include "compare/ratio_text.h"
#include "compare/round_pairing.h"
#include "compare/run_grouping.h"
#include "compare/run_tags.h"
#include "result/metrics.h"

namespace bench {
namespace {

constexpr std::array kMetricKinds = {MetricKind::kThroughput, MetricKind::kCpuPercent, MetricKind::kLatencyP50,
                                     MetricKind::kLatencyP99, MetricKind::kLatencyMax};

// One run's value for a metric of a phase, or the state that explains why it has none.
struct RunValue {
  CellState state = CellState::kAbsent;
  double value = 0;
};

RunValue latency_value(const PhaseResult& phase, RunSource source, MetricKind kind) {
  if (!phase.latency) return {CellState::kNotRecorded};
  const LatencySummary& latency = *phase.latency;
  if (kind == MetricKind::kLatencyMax) return {CellState::kMeasured, static_cast<double>(latency.max_ns)};
  if (source == RunSource::kBonnieLine || latency.count == 0) return {CellState::kNotRecorded};
  const std::uint64_t ns = kind == MetricKind::kLatencyP50 ? latency.p50_ns : latency.p99_ns;
  return {CellState::kMeasured, static_cast<double>(ns)};
}

RunValue run_value(const PhaseResult& phase, RunSource source, MetricKind kind) {
  switch (kind) {
    case MetricKind::kThroughput:
    case MetricKind::kCpuPercent: {
      const auto value = kind == MetricKind::kThroughput ? rate_per_second(phase) : cpu_percent(phase);
      if (!value) return {CellState::kNotMeasured};
      return {CellState::kMeasured, *value};
    }
    default: return latency_value(phase, source, kind);
  }
}

// The group's cell before it is set against the base.
MetricCell make_cell(const TestFold* fold, MetricKind kind) {
  MetricCell cell;
  if (fold == nullptr) return cell;
  cell.runs = fold->runs;
  cell.failed_runs = fold->failures.size();
  const CellFold& folded = fold->cells[static_cast<std::size_t>(kind)];
  if (folded.values.count() > 0) {
    cell.state = CellState::kMeasured;
    cell.stats = folded.values.result();
    cell.under_min_time = folded.under_min_time;
    // Per round, in round order (the mean of a round's runs); empty unless every run with the test has a round.
    if (fold->all_rounds) {
      for (const auto& [round, values] : folded.rounds) cell.by_round.push_back({round, values.result().mean});
    }
  } else if (cell.failed_runs == cell.runs && cell.runs > 0) {
    cell.state = CellState::kFailed;
  } else if (cell.runs > 0) {
    cell.state = folded.any_not_measured ? CellState::kNotMeasured : CellState::kNotRecorded;
  }
  return cell;
}

Noise noise_of(const MeanStddev& base, const MeanStddev& other) {
  if (base.count < 2 && other.count < 2) return Noise::kUnknown;
  const double threshold = kNoiseFactor * std::max(base.stddev, other.stddev);
  return std::fabs(other.mean - base.mean) > threshold ? Noise::kBeyond : Noise::kWithin;
}

// "p99 latency 3.1× higher", "CPU about the same", "guest 0.42× host".
std::string ratio_phrase(MetricKind kind, double ratio, const std::string& other, const std::string& base) {
  if (kind == MetricKind::kThroughput) return fmt::format("{} {}× {}", other, format_ratio(ratio), base);
  const double factor = ratio >= 1 ? ratio : 1 / ratio;
  const std::string shown = format_ratio(factor);
  if (shown == "1.00") return fmt::format("{} about the same", metric_title(kind));
  return fmt::format("{} {}× {}", metric_title(kind), shown, ratio >= 1 ? "higher" : "lower");
}

// Why a cell cannot be set against the base, in words.
std::string missing_phrase(const MetricCell& cell, const std::string& name) {
  switch (cell.state) {
    case CellState::kAbsent: return fmt::format("test absent from {}", name);
    case CellState::kNotMeasured: return fmt::format("not measured in {} (under 0.5 s)", name);
    case CellState::kNotRecorded: return fmt::format("not recorded in {}", name);
    case CellState::kFailed: return fmt::format("no ratio: the job failed in {}", name);
    case CellState::kMeasured: break;
  }
  return "";
}

// " (1 failed run of guest left out)", " (2 failed runs of host, 1 of guest left out)"; "" when none was.
std::string failed_runs_suffix(const MetricCell& base, const std::string& base_name, const MetricCell& cell,
                               const std::string& name) {
  std::vector<std::string> parts;
  for (const auto& [counted, group] : {std::pair{&base, &base_name}, std::pair{&cell, &name}}) {
    if (counted->failed_runs == 0) continue;
    parts.push_back(parts.empty() ? fmt::format("{} failed run{} of {}", counted->failed_runs,
                                                counted->failed_runs == 1 ? "" : "s", *group)
                                  : fmt::format("{} of {}", counted->failed_runs, *group));
  }
  if (parts.empty()) return "";
  return fmt::format(" ({} left out)", parts.size() == 1 ? parts[0] : parts[0] + ", " + parts[1]);
}

void set_against_base(MetricKind kind, const MetricCell& base, const std::string& base_name, MetricCell& cell,
                      const std::string& name) {
  if (base.state != CellState::kMeasured || cell.state != CellState::kMeasured) {
    if (base.state == CellState::kNotMeasured && cell.state == CellState::kNotMeasured) {
      cell.phrase = "not measured in either (under 0.5 s)";
    } else if (base.state == CellState::kFailed && cell.state == CellState::kFailed) {
      cell.phrase = "no ratio: the job failed in both";
    } else {
      cell.phrase = base.state != CellState::kMeasured ? missing_phrase(base, base_name) : missing_phrase(cell, name);
    }
    return;
  }
  if (!base.by_round.empty() && !cell.by_round.empty()) cell.rounds = round_ratios(base.by_round, cell.by_round);
  if (cell.rounds) {
    const RoundRatios& rounds = *cell.rounds;
    cell.ratio = rounds.median;
    cell.noise = rounds.per_round.size() < 2 ? Noise::kUnknown
                 : rounds.spread_wider_than_difference ? Noise::kWithin
                                                       : Noise::kBeyond;
    const bool higher = rounds.median > 1;
    cell.verdict = rounds.median == 1 || format_ratio(rounds.median) == "1.00"
                       ? Verdict::kSame
                       : (higher == higher_is_better(kind) ? Verdict::kBetter : Verdict::kWorse);
    cell.phrase = ratio_phrase(kind, rounds.median, name, base_name) + rounds_suffix(rounds) +
                  failed_runs_suffix(base, base_name, cell, name);
    return;
  }
  const double b = base.stats.mean;
  const double o = cell.stats.mean;
  cell.noise = noise_of(base.stats, cell.stats);
  const bool higher = o > b;
  cell.verdict = o == b ? Verdict::kSame : (higher == higher_is_better(kind) ? Verdict::kBetter : Verdict::kWorse);
  if (b != 0) {
    cell.ratio = o / b;
    cell.phrase = ratio_phrase(kind, *cell.ratio, name, base_name);
    if (format_ratio(*cell.ratio) == "1.00") cell.verdict = Verdict::kSame;  // under 0.5 % apart
  } else if (o == 0) {
    cell.phrase = fmt::format("{} the same (0 in both)", metric_title(kind));
  } else {
    cell.phrase = fmt::format("{} higher ({} has 0)", metric_title(kind), base_name);
  }
  cell.phrase += failed_runs_suffix(base, base_name, cell, name);
}

TestComparison compare_test(const TestId& test, const std::vector<RunGroup>& groups) {
  TestComparison result;
  result.test = test;
  result.unit = test_work_unit(test);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const TestFold* fold = groups[g].find(test);
    result.latency_histograms.push_back(fold == nullptr ? HistogramBuckets{}
                                                        : HistogramBuckets(fold->histogram.begin(), fold->histogram.end()));
    if (fold == nullptr) continue;
    for (FailedRun failed : fold->failures) {
      failed.group = g;
      result.failures.push_back(std::move(failed));
    }
  }
  for (const MetricKind kind : kMetricKinds) {
    MetricRow row;
    row.kind = kind;
    for (const auto& group : groups) row.cells.push_back(make_cell(group.find(test), kind));
    const bool any_value = std::any_of(row.cells.begin(), row.cells.end(), [](const MetricCell& c) {
      return c.state == CellState::kMeasured || c.state == CellState::kNotMeasured || c.state == CellState::kFailed;
    });
    if (!any_value) continue;
    for (std::size_t g = 1; g < groups.size(); ++g) {
      set_against_base(kind, row.cells[0], groups[0].info.name, row.cells[g], groups[g].info.name);
    }
    result.metrics.push_back(std::move(row));
  }
  return result;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

// "seq_create: in host; absent from guest" for each test that some groups lack.
void note_one_sided_tests(const std::vector<TestComparison>& tests, const std::vector<RunGroup>& groups,
                          std::vector<std::string>& notes) {
  for (const auto& test : tests) {
    std::vector<std::string> present, absent;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const bool has = groups[g].find(test.test) != nullptr;
      (has ? present : absent).push_back(groups[g].info.name);
    }
    if (absent.empty()) continue;
    notes.push_back(fmt::format("{}: in {}; absent from {}", test_key(test.test), join(present), join(absent)));
  }
}

// How many of the non-base groups were set against the base round by round in at least one cell.
std::size_t groups_paired_by_rounds(const Comparison& comparison) {
  std::size_t paired = 0;
  for (std::size_t g = 1; g < comparison.groups.size(); ++g) {
    const bool any = std::any_of(comparison.tests.begin(), comparison.tests.end(), [&](const TestComparison& test) {
      return std::any_of(test.metrics.begin(), test.metrics.end(),
                         [&](const MetricRow& row) { return row.cells[g].rounds.has_value(); });
    });
    paired += any ? 1 : 0;
  }
  return paired;
}

// "2 rounds: a range of two per-round ratios says little; ..." when the rounds behind some ratio are fewer than
// kRoundsToRank, or "one run per group: ..." when every measured cell holds a single run; nullopt otherwise.
std::optional<std::string> too_few_note(const Comparison& comparison) {
  std::optional<std::size_t> fewest_rounds;
  bool single_runs = true, any_ratio = false;
  for (const TestComparison& test : comparison.tests) {
    for (const MetricRow& row : test.metrics) {
      for (const MetricCell& cell : row.cells) {
        if (cell.state == CellState::kMeasured && cell.stats.count > 1) single_runs = false;
        if (cell.ratio) any_ratio = true;
        if (!cell.rounds) continue;
        const std::size_t rounds = cell.rounds->per_round.size();
        fewest_rounds = fewest_rounds ? std::min(*fewest_rounds, rounds) : rounds;
      }
    }
  }
  if (fewest_rounds && *fewest_rounds < kRoundsToRank) {
    return fmt::format("{} round{}: too few to rank: {}; measure {} rounds or more to rank the groups",
                       *fewest_rounds, *fewest_rounds == 1 ? "" : "s",
                       *fewest_rounds == 1 ? "one round gives no range" : "a range of two per-round ratios says little",
                       kRoundsToRank);
  }
  if (!fewest_rounds && single_runs && any_ratio) {
    return "one run per group: the run-to-run noise is unknown and nothing is ranked apart; repeat the runs (-x 3) "
           "or measure in rounds to rank the groups";
  }
  return std::nullopt;
}

}  // namespace

void fold_phase(TestFold& fold, const PhaseResult& phase, const SourcedRun& run) {
  ++fold.runs;
  const std::optional<std::uint64_t> round = run_round(run.run.info);
  fold.all_rounds = fold.all_rounds && round.has_value();
  if (phase.workload && phase.workload->failure) {  // its figures stop at the failure: none is a value
    fold.failures.push_back(FailedRun{0, run.file, run.run.info.run_index, *phase.workload->failure});
    return;
  }
  for (const MetricKind kind : kMetricKinds) {
    CellFold& cell = fold.cells[static_cast<std::size_t>(kind)];
    const RunValue value = run_value(phase, run.source, kind);
    if (value.state == CellState::kMeasured) {
      cell.values.add(value.value);
      if (round) cell.rounds[*round].add(value.value);
      const bool is_rate = kind == MetricKind::kThroughput || kind == MetricKind::kCpuPercent;
      cell.under_min_time = cell.under_min_time || (is_rate && too_fast(phase));
    }
    cell.any_not_measured = cell.any_not_measured || value.state == CellState::kNotMeasured;
  }
  for (const auto& [bucket, count] : phase.latency_histogram) fold.histogram[bucket] += count;
  if (phase.cached_percent) fold.most_cached_percent = std::max(fold.most_cached_percent, *phase.cached_percent);
}

Comparison compare_runs(std::span<const SourcedRun> runs, const CompareOptions& options) {
  RunFolder folder(options);
  for (const SourcedRun& run : runs) folder.add(run);
  return compare_folded(folder);
}

Comparison compare_folded(const RunFolder& folder) {
  const std::vector<RunGroup> groups = folder.groups();
  Comparison comparison;
  for (const auto& group : groups) comparison.groups.push_back(group.info);
  for (const PhaseId test : kAllPhaseIds) {
    const bool anywhere = std::any_of(groups.begin(), groups.end(),
                                      [&](const RunGroup& group) { return group.find(test_id(test)) != nullptr; });
    if (anywhere) comparison.tests.push_back(compare_test(test_id(test), groups));
  }
  for (const TestId& test : folder.workload_tests()) comparison.tests.push_back(compare_test(test, groups));
  if (auto few = too_few_note(comparison)) comparison.caveats.push_back(std::move(*few));
  note_guest_base(groups, comparison.groups, comparison.caveats);
  note_accelerators(groups, comparison.caveats);
  note_busy_machines(groups, comparison.caveats);
  note_cached_reads(groups, comparison.caveats);
  note_bonnie_cached_reads(groups, folder.options().local_machine, comparison.caveats);
  note_group_differences(groups, comparison.caveats);
  note_one_sided_tests(comparison.tests, groups, comparison.notes);
  if (auto drift = drift_note(groups.front().info.name, base_drift(comparison.tests))) {
    comparison.notes.push_back(std::move(*drift));
  }
  for (const RunGroup& group : groups) {
    if (!group.host_view.empty()) comparison.host_views.push_back({group.info.name, group.host_view.result()});
  }
  const std::size_t paired = groups_paired_by_rounds(comparison);
  comparison.ratio_rule = ratio_rule_text(paired, groups.size() - 1);
  comparison.noise_rule = noise_rule_text_for(paired, groups.size() - 1);
  return comparison;
}

}  // namespace bench
