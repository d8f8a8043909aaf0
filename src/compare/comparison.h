#pragma once
// `bench++ compare`: runs side by side ("host" against "guest"), as plain data. Pure: no I/O, no formatting
// of tables (the writers report/comparison_{text,csv,json,html}.h do that).
//
// Groups: the runs of one file with one label form a group (with CompareOptions::group_by_label, the runs of
// one label across all files, and so for files that are one side's rounds: compare/run_grouping.h); groups are in
// order of first appearance and the first one, which holds the first run of the first file, is the base, unless
// CompareOptions::base names another. Several runs in a group are repeats (-x N): each metric is their
// mean ± sample standard deviation (n - 1). A group is named by its label; where labels clash, by where it
// ran ("host", "guest") when that tells the groups apart, else by its file name (run_grouping.h).
//
// Metrics of each test (a test = a phase key such as block_write, matched across groups):
//   throughput   rate_per_second(): bytes/s, seeks/s, files/s or syncs/s     higher is better
//   CPU          cpu_percent(): process CPU over wall time, percent           lower is better
//   latency p50, p99, max of one operation, nanoseconds                      lower is better
// A metric is listed when at least one group has a value for it (or failed it). Ratios are other / base.
//
// Failed jobs: a run whose workload job failed in a test (WorkloadPart::failure; result files keep it) gives that
// test no values: its figures stop at the failure. The test lists the run (TestComparison::failures) and each
// cell counts it (MetricCell::failed_runs); a group whose every run failed the test is kFailed and gets no ratio,
// its phrase saying why. The other runs of a group are compared as ever, the phrase saying what was left out.
//
// Noise rule: with at least two runs on one side, a difference is beyond the run-to-run noise when the two
// means differ by more than kNoiseFactor times the larger of the two sample standard deviations; with a
// single run on both sides the noise is unknown. A rule a reader can check by eye, rather than a Welch t-test;
// for runs of equal spread it is about as strict as Welch's test at p < 0.07 with 3 runs a side (t > 2.45,
// 4 degrees of freedom) and at p < 0.015 with 5 runs a side (t > 3.16, 8 degrees of freedom).
//
// Rounds (compare/round_pairing.h): when every run of the base and of another group that has a test carries a
// round (--tag round=N, compare/run_tags.h) and they share rounds, that group's ratio is instead the median of
// its per-round ratios (each round's value over the base's in the same round), and the noise is read from
// their range: beyond the noise when the range (highest - lowest per-round ratio) is narrower than the
// difference the median reports (|median - 1|), within it when it is wider, unknown with one round.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "compare/host_view_figures.h"
#include "result/result_keywords.h"
#include "result/run_result.h"
#include "result/statistics.h"
#include "result/test_id.h"
#include "result/unrecorded_fields.h"

namespace bench {

inline constexpr double kNoiseFactor = 2.0;

// The noise rule in one sentence, for every output.
std::string_view noise_rule_text();

// Where a run's numbers came from, which decides what can be compared.
enum class RunSource {
  kBenchResult,  // bench++ spreadsheet CSV or JSON: rates, CPU time and a full latency summary
  kBonnieLine,   // a bonnie++ "1.98" CSV line: only rates, %CPU and max latency mean something
                 // (report/bonnie/bonnie_csv_reader.h); "+++++" is a phase with zero elapsed time
};

struct SourcedRun {
  RunResult run;
  std::string file;       // as given on the command line
  std::size_t input = 0;  // the file's position among the inputs (a file given twice is two inputs)
  RunSource source = RunSource::kBenchResult;
  // The setup fields its file does not record (written before they existed: result/unrecorded_fields.h): compare
  // has no value for them, as for a field a bonnie++ line lacks. Shared by the runs of one file; nullptr: none.
  std::shared_ptr<const UnrecordedFields> unrecorded = nullptr;
};

// The machine compare runs on (platform/system_info.h), for what the runs' files do not say (a bonnie++ line
// records no memory: compare/bonnie_cache_note.h).
struct LocalMachine {
  std::string host_name;
  std::uint64_t memory_bytes = 0;
};

struct CompareOptions {
  bool group_by_label = false;  // one group per label across files, instead of per (file, label)
  std::optional<std::string> base;  // the group (by name, else by label) to set the others against; else the first
  std::optional<LocalMachine> local_machine = std::nullopt;  // nullopt: not known (tests); nothing read here
};

enum class MetricKind { kThroughput, kCpuPercent, kLatencyP50, kLatencyP99, kLatencyMax };

std::string_view metric_title(MetricKind kind);  // "throughput", "CPU", "p50 latency"...
bool higher_is_better(MetricKind kind);

// What one group has for one metric of one test.
enum class CellState {
  kMeasured,     // stats holds the value
  kNotMeasured,  // every run of the group that has the test ran under 0.5 s without a number ("+++++")
  kNotRecorded,  // the source holds no such value (a bonnie++ line has no percentiles; no latency samples)
  kAbsent,       // no run of the group has this test
  kFailed,       // every run of the group that has the test failed in it (its job's failure): no value
};

enum class Verdict { kBetter, kWorse, kSame };  // kSame: equal, or the ratio rounds to 1.00 (under 0.5 % apart)
enum class Noise { kUnknown, kWithin, kBeyond };

// One group's value for a metric in one round: the mean of its runs in that round that measured it.
struct RoundValue {
  std::uint64_t round = 0;
  double value = 0;
};

// A group set against the base round by round (see "Rounds" above).
struct RoundRatios {
  std::vector<RoundValue> per_round;  // other / base in each round both measured (base value not 0), in order
  double median = 0;                  // of per_round's ratios
  double low = 0;                     // the lowest and highest of them: the spread
  double high = 0;
  bool spread_wider_than_difference = false;  // two rounds or more and high - low > |median - 1|
};

struct MetricCell {
  CellState state = CellState::kAbsent;
  MeanStddev stats;              // kMeasured: over the runs that gave a value (stats.count of them)
  std::size_t runs = 0;          // runs of the group that have the test
  std::size_t failed_runs = 0;   // of those, the ones whose job failed in it: left out of stats
  bool under_min_time = false;   // kMeasured throughput or CPU, and at least one of those runs lasted under 0.5 s
  // Per round, in round order, when every run of the group that has the test carries a round; else empty.
  std::vector<RoundValue> by_round;
  // Against the base; left empty on the base's own cells.
  std::optional<double> ratio;      // mean / base mean: both measured and the base mean not 0; with rounds the
                                    // median of the per-round ratios (rounds->median)
  std::optional<RoundRatios> rounds;  // set against the base round by round
  std::optional<Verdict> verdict;   // both measured
  Noise noise = Noise::kUnknown;    // both measured and at least two runs on one side
  std::string phrase;  // "guest 0.42× host", "p99 latency 3.1× higher", "CPU 1.2× lower", with rounds their
                       // range: "guest 0.42× host (rounds 0.38–0.47)", and failed runs left out: "guest 0.42× host
                       // (1 failed run of guest left out)"; or why there is no comparison:
                       // "not measured in guest (under 0.5 s)", "no ratio: the job failed in guest"
};

struct MetricRow {
  MetricKind kind = MetricKind::kThroughput;
  std::vector<MetricCell> cells;  // one per group, in group order; cells[0] is the base's
};

// A run whose job failed in a test (see "Failed jobs" above).
struct FailedRun {
  std::size_t group = 0;   // in Comparison::groups
  std::string file;        // the run's file, as given
  std::uint32_t run = 0;   // RunInfo::run_index: which of its file's repeats, from 0
  JobFailure failure;
};

struct TestComparison {
  TestId test;  // a bonnie++-style test, or one direction of a workload (result/test_id.h)
  WorkUnit unit = WorkUnit::kBytes;  // of the throughput
  std::vector<MetricRow> metrics;
  // Per group (in group order): the latency histograms of its runs merged (results read from JSON reports keep
  // them); empty where none was recorded.
  std::vector<HistogramBuckets> latency_histograms;
  std::vector<FailedRun> failures;  // in group order, then in the order the runs were read
};

struct GroupInfo {
  std::string name;                // unique among the groups
  std::string label;               // the runs' label
  std::vector<std::string> files;  // where its runs came from, in order
  std::size_t runs = 0;
  bool from_bonnie = false;        // at least one run came from a bonnie++ line
  std::string placement;           // where its first run ran: "host", "guest on kvm", "guest on kvm, in docker";
                                   // empty when not recorded (bonnie++ lines, older files) or unknown
  // For the base or a group labelled "host" that ran in a guest (compare/base_placement.h): what it is, "the
  // machine the guests ran on, itself a kvm guest in docker"; else empty.
  std::string itself = "";
};

// The keywords of the comparison CSV and JSON (keyword(value), result/result_keywords.h).
template <>
inline constexpr std::array<std::string_view, 5> kKeywords<MetricKind> = {"throughput", "cpu_percent", "latency_p50",
                                                                          "latency_p99", "latency_max"};
template <>
inline constexpr std::array<std::string_view, 5> kKeywords<CellState> = {"measured", "not_measured", "not_recorded",
                                                                         "absent", "failed"};
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<Verdict> = {"better", "worse", "same"};
template <>
inline constexpr std::array<std::string_view, 3> kKeywords<Noise> = {"unknown", "within", "beyond"};

struct Comparison {
  std::vector<GroupInfo> groups;      // [0] is the base; at least two
  // Every test that at least one group has: bonnie++'s in phase order, then the workloads' in order of first
  // appearance.
  std::vector<TestComparison> tests;
  // What changes what the figures mean, for every output to show above them: differing settings, bonnie++
  // lines, the accelerators of QEMU guests (TCG), a busy machine, reads from the page cache, too few rounds or runs.
  std::vector<std::string> caveats;
  std::vector<std::string> notes;     // the rest: one-sided tests, the base's drift between its rounds
  // Where each guest's time went (compare/host_view_decomposition.h): one per group whose runs carry a host view,
  // in group order; empty when none does.
  std::vector<GroupDecomposition> host_views;
  // How the ratios were taken and the noise read, for every output: "ratios are other / base" and
  // noise_rule_text(), or the rules of rounds (compare/round_pairing.h) when groups were paired by rounds.
  std::string ratio_rule = "ratios are other / base";
  std::string noise_rule = std::string(noise_rule_text());
};

// "guest run 2 (guest.json): error 84: MESSAGE": who failed and how, for every output.
std::string failed_run_text(const Comparison& comparison, const FailedRun& failed);

}  // namespace bench
