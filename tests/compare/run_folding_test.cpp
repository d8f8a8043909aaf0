// Folding runs as they are read (compare/run_grouping.h: RunFolder, result/statistics.h: MeanStddevAccumulator,
// report/csv/spreadsheet_csv.h: stream_spreadsheet_csv), and a large spreadsheet CSV compared within a memory bound.
#include <doctest/doctest.h>

#include <fstream>
#include <vector>

#include "compare/run_grouping.h"
#include "report/csv/csv_field.h"
#include "report/csv/spreadsheet_csv.h"
#include "result/statistics.h"
#include "result/errors.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

PhaseResult read_phase(int elapsed_ms, std::vector<std::pair<std::uint32_t, std::uint64_t>> histogram = {}) {
  PhaseResult p;
  p.bonnie_test = PhaseId::kBlockRead;
  p.bytes = std::uint64_t{1} << 30;
  p.operations = 1000;
  p.elapsed = milliseconds{elapsed_ms};
  p.cpu = milliseconds{elapsed_ms / 2};
  p.latency_histogram = HistogramBuckets(histogram.begin(), histogram.end());
  return p;
}

SourcedRun sourced(const std::string& label, std::size_t input, std::vector<PhaseResult> phases, std::uint32_t index) {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.run_index = index;
  r.run.info.setup.io = IoSpec{};
  r.run.phases = std::move(phases);
  r.file = label + ".csv";
  r.input = input;
  return r;
}

TEST_CASE("MeanStddevAccumulator folds to exactly what mean_stddev gives") {
  const std::vector<double> values = {1e9, 3.5, 1e-3, 42, 42, 7e12, 0.25};
  MeanStddevAccumulator accumulator;
  for (const double value : values) accumulator.add(value);
  const MeanStddev folded = accumulator.result();
  const MeanStddev whole = mean_stddev(values);
  CHECK(folded.count == whole.count);
  CHECK(folded.mean == whole.mean);
  CHECK(folded.stddev == whole.stddev);
  CHECK(MeanStddevAccumulator{}.result().count == 0);
}

TEST_CASE("RunFolder keeps each group's first run and folds the others into its tests") {
  RunFolder folder(CompareOptions{});
  folder.add(sourced("host", 0, {read_phase(1000, {{3, 2}, {5, 1}})}, 0));
  folder.add(sourced("host", 0, {read_phase(2000, {{3, 4}})}, 1));
  folder.add(sourced("guest", 1, {read_phase(4000)}, 0));
  const std::vector<RunGroup> groups = folder.groups();
  REQUIRE(groups.size() == 2);
  CHECK(groups[0].info.runs == 2);
  CHECK(groups[0].first.run.info.run_index == 0);
  const TestFold* fold = groups[0].find(test_id(PhaseId::kBlockRead));
  REQUIRE(fold != nullptr);
  CHECK(fold->runs == 2);
  const auto& throughput = fold->cells[static_cast<std::size_t>(MetricKind::kThroughput)].values;
  CHECK(throughput.count() == 2);
  const double gib = static_cast<double>(std::uint64_t{1} << 30);
  CHECK(throughput.result().mean == doctest::Approx((gib + gib / 2) / 2));
  CHECK(fold->histogram == std::map<std::uint32_t, std::uint64_t>{{3, 6}, {5, 1}});
  CHECK(groups[0].find(test_id(PhaseId::kBlockWrite)) == nullptr);
  CHECK(fold->all_rounds == false);  // no run carries a round
}

TEST_CASE("RunFolder with fewer than two groups refuses as compare_runs does") {
  RunFolder folder(CompareOptions{});
  folder.add(sourced("host", 0, {read_phase(1000)}, 0));
  CHECK_THROWS_AS((void)folder.groups(), UsageError);
}

// The records of `text` one at a time, as a reader of a file hands them over.
std::function<std::optional<CsvRecord>()> records_of(const std::string& text, CsvSplitter& splitter) {
  (void)text;
  return [&splitter] { return splitter.next(); };
}

std::string csv_of(const std::vector<SourcedRun>& runs) {
  std::string text = spreadsheet_csv_header();
  for (const SourcedRun& run : runs) {
    for (const PhaseResult& phase : run.run.phases) text += format_spreadsheet_csv_row(run.run.info, phase);
  }
  return text;
}

TEST_CASE("stream_spreadsheet_csv hands each run over when the next run's row arrives") {
  PhaseResult write = read_phase(1000);
  write.bonnie_test = PhaseId::kBlockWrite;
  const std::string text = csv_of({sourced("host", 0, {write, read_phase(1000)}, 0),
                                   sourced("host", 0, {write, read_phase(2000)}, 1)});
  CsvSplitter splitter(text, "t.csv");
  std::size_t records = 0;
  std::vector<std::size_t> records_at_take;
  std::vector<RunResult> taken;
  stream_spreadsheet_csv([&] { auto r = splitter.next(); records += r ? 1 : 0; return r; }, "t.csv",
                         [](const CsvRecord&, const CsvRecord&) {},
                         [&](RunResult&& run, const UnrecordedFields&) {
                           records_at_take.push_back(records);
                           taken.push_back(std::move(run));
                         });
  REQUIRE(taken.size() == 2);
  CHECK(taken[0].phases.size() == 2);
  CHECK(taken[1].info.run_index == 1);
  CHECK(records_at_take == std::vector<std::size_t>{4, 5});  // header + 2 rows + the next run's first row; the end
}

TEST_CASE("stream_spreadsheet_csv names a run whose rows do not follow each other") {
  PhaseResult write = read_phase(1000);
  write.bonnie_test = PhaseId::kBlockWrite;
  const SourcedRun first = sourced("host", 0, {write, read_phase(1000)}, 0);
  const SourcedRun second = sourced("host", 0, {write}, 1);
  const std::string text = spreadsheet_csv_header() + format_spreadsheet_csv_row(first.run.info, write) +
                           format_spreadsheet_csv_row(second.run.info, write) +
                           format_spreadsheet_csv_row(first.run.info, first.run.phases[1]);
  CsvSplitter splitter(text, "t.csv");
  const std::string error = test::error_of<std::runtime_error>([&] {
    stream_spreadsheet_csv(records_of(text, splitter), "t.csv", [](const CsvRecord&, const CsvRecord&) {},
                           [](RunResult&&, const UnrecordedFields&) {});
  });
  CHECK(test::contains(error, "t.csv:4: a row of run 0 (label 'host') after rows of another run"));
}

// Memory: 200 000 rows a file were ~95 MiB of text each, which compare held whole with every run parsed (over
// 600 MiB of address space); folded, two such files compare in a fraction of the bound. Run under prlimit's
// address-space limit, the binary fails (bad_alloc) if it holds the rows. Skipped under AddressSanitizer, whose
// shadow memory reserves terabytes of address space.
TEST_CASE("compare of two 200 000-row spreadsheet CSV files stays within 256 MiB of address space") {
#if defined(BENCH_TESTS_UNDER_ASAN)
  test::skip_unless(false, test::Need::kMachine,
                    "compare memory bound: AddressSanitizer's shadow memory does not fit an address-space limit");
#else
  if (test::skip_unless(test::tool_installed("prlimit"), test::Need::kTool, "prlimit is not installed (util-linux)")) {
    return;
  }
  const test::TempDir dir;
  constexpr std::uint32_t kRuns = 100'000;  // two rows each
  for (const std::string label : {"host", "guest"}) {
    std::ofstream out(dir.path() / (label + ".csv"));
    out << spreadsheet_csv_header();
    PhaseResult write = read_phase(label == "host" ? 1000 : 2000);
    write.bonnie_test = PhaseId::kBlockWrite;
    const PhaseResult read = read_phase(label == "host" ? 1000 : 4000);
    for (std::uint32_t i = 0; i < kRuns; ++i) {
      const SourcedRun run = sourced(label, 0, {}, i);
      out << format_spreadsheet_csv_row(run.run.info, write) << format_spreadsheet_csv_row(run.run.info, read);
    }
  }
  const test::CommandOutput result = test::run_program(
      {"prlimit", "--as=" + std::to_string(256 << 20), BENCH_BINARY, "compare", (dir.path() / "host.csv").string(),
       (dir.path() / "guest.csv").string()});
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 0);
  CHECK(test::contains(result.out, "guest 0.25× host"));  // block_read: 4 s against 1 s
#endif
}

}  // namespace
}  // namespace bench
