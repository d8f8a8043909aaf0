// compare_runs (compare/comparison.h) on runs built in code: grouping and names, metrics, ratios and phrases,
// the noise rule, one-sided tests and notes.
#include "compare/compare_runs.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "result/errors.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

// A byte phase moving 1 GiB in `elapsed_ms`, with CPU `cpu_ms` and latency p50/p99/max in µs.
PhaseResult bytes_phase(PhaseId id, int elapsed_ms, int cpu_ms, std::uint64_t p99_us = 100) {
  PhaseResult p;
  p.bonnie_test = id;
  p.bytes = kGiB;
  p.operations = kGiB / 8192;
  p.elapsed = milliseconds{elapsed_ms};
  p.cpu = milliseconds{cpu_ms};
  p.latency = LatencySummary{p.operations, 1'000, 5'000'000, 20'000, 10'000, 20'000, p99_us * 1000, 1'000'000};
  return p;
}

SourcedRun run(const std::string& label, const std::string& file, std::size_t input, std::vector<PhaseResult> phases,
               RunSource source = RunSource::kBenchResult) {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.setup.io = IoSpec{};
  r.run.phases = std::move(phases);
  r.file = file;
  r.input = input;
  r.source = source;
  return r;
}

const TestComparison& test_of(const Comparison& c, PhaseId id) {
  const auto found = std::find_if(c.tests.begin(), c.tests.end(), [&](const TestComparison& t) { return t.test == test_id(id); });
  REQUIRE(found != c.tests.end());
  return *found;
}

const MetricRow* row_of(const TestComparison& t, MetricKind kind) {
  const auto found =
      std::find_if(t.metrics.begin(), t.metrics.end(), [&](const MetricRow& r) { return r.kind == kind; });
  return found == t.metrics.end() ? nullptr : &*found;
}

const MetricCell& cell(const Comparison& c, PhaseId id, MetricKind kind, std::size_t group) {
  const MetricRow* row = row_of(test_of(c, id), kind);
  REQUIRE(row != nullptr);
  return row->cells.at(group);
}

TEST_CASE("comparison: host against guest gives ratios and phrases that know which way is better") {
  const std::vector<SourcedRun> runs = {
      run("host", "host.csv", 0, {bytes_phase(PhaseId::kBlockWrite, 2000, 700, 45)}),
      run("guest", "guest.csv", 1, {bytes_phase(PhaseId::kBlockWrite, 4762, 840, 140)}),
  };
  const Comparison c = compare_runs(runs, {});
  REQUIRE(c.groups.size() == 2);
  CHECK(c.groups[0].name == "host");
  CHECK(c.groups[1].name == "guest");
  CHECK(c.groups[1].files == std::vector<std::string>{"guest.csv"});
  REQUIRE(c.tests.size() == 1);
  CHECK(c.tests[0].metrics.size() == 5);

  const MetricCell& throughput = cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1);
  CHECK(throughput.state == CellState::kMeasured);
  CHECK(*throughput.ratio == doctest::Approx(2000.0 / 4762));
  CHECK(throughput.phrase == "guest 0.42× host");
  CHECK(*throughput.verdict == Verdict::kWorse);
  CHECK(throughput.noise == Noise::kUnknown);

  const MetricCell& cpu = cell(c, PhaseId::kBlockWrite, MetricKind::kCpuPercent, 1);
  CHECK(cpu.phrase == "CPU 2.0× lower");  // 35 % against 17.6 %
  CHECK(*cpu.verdict == Verdict::kBetter);

  const MetricCell& p99 = cell(c, PhaseId::kBlockWrite, MetricKind::kLatencyP99, 1);
  CHECK(p99.phrase == "p99 latency 3.1× higher");
  CHECK(*p99.verdict == Verdict::kWorse);
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kLatencyMax, 1).phrase == "max latency about the same");
  CHECK(*cell(c, PhaseId::kBlockWrite, MetricKind::kLatencyMax, 1).verdict == Verdict::kSame);
  // The base's own cells are not set against anything.
  const MetricCell& base = cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 0);
  CHECK_FALSE(base.ratio.has_value());
  CHECK_FALSE(base.verdict.has_value());
  CHECK(base.phrase.empty());
  CHECK(c.notes.empty());
}

TEST_CASE("comparison: repeats give mean ± stddev and the 2×-stddev noise rule") {
  // Base block write at 1000, 1100, 900 MiB/s-ish (stddev 10 % of the mean).
  const auto host = [](int ms) { return bytes_phase(PhaseId::kBlockWrite, ms, 100); };
  std::vector<SourcedRun> runs = {run("host", "h.csv", 0, {host(1000)}), run("host", "h.csv", 0, {host(1100)}),
                                  run("host", "h.csv", 0, {host(900)})};
  SUBCASE("inside the noise") {
    for (int ms : {1050, 1150, 950}) runs.push_back(run("guest", "g.csv", 1, {host(ms)}));
    const Comparison c = compare_runs(runs, {});
    const MetricCell& base = cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 0);
    CHECK(base.stats.count == 3);
    CHECK(base.runs == 3);
    CHECK(base.stats.stddev > 0);
    const MetricCell& guest = cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1);
    CHECK(guest.noise == Noise::kWithin);
    CHECK(*guest.verdict == Verdict::kWorse);
  }
  SUBCASE("beyond the noise") {
    for (int ms : {2000, 2100, 1900}) runs.push_back(run("guest", "g.csv", 1, {host(ms)}));
    const Comparison c = compare_runs(runs, {});
    CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).noise == Noise::kBeyond);
  }
  SUBCASE("one run on the other side: the base's stddev is the noise") {
    runs.push_back(run("guest", "g.csv", 1, {host(1050)}));
    const Comparison c = compare_runs(runs, {});
    CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).noise == Noise::kWithin);
    CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).stats.count == 1);
  }
}

TEST_CASE("comparison: the noise threshold is exactly 2× the larger stddev") {
  // Latency max values: base 10, 12 (mean 11, stddev sqrt(2)); other single runs at the edge.
  const auto with_max = [](std::uint64_t max_ns) {
    PhaseResult p = bytes_phase(PhaseId::kBlockRead, 1000, 100);
    p.latency->max_ns = max_ns;
    return p;
  };
  const double sd = std::sqrt(2.0);
  const auto noise_for = [&](std::uint64_t other) {
    const std::vector<SourcedRun> runs = {run("a", "a", 0, {with_max(10)}), run("a", "a", 0, {with_max(12)}),
                                          run("b", "b", 1, {with_max(other)})};
    return cell(compare_runs(runs, {}), PhaseId::kBlockRead, MetricKind::kLatencyMax, 1).noise;
  };
  CHECK(11 + 2 * sd < 14);  // 13.83
  CHECK(noise_for(13) == Noise::kWithin);
  CHECK(noise_for(14) == Noise::kBeyond);
  CHECK(noise_for(9) == Noise::kWithin);  // 11 - 2.83 = 8.17
  CHECK(noise_for(8) == Noise::kBeyond);
}

TEST_CASE("comparison: tests on one side only are listed, with a note") {
  const std::vector<SourcedRun> runs = {
      run("host", "host.csv", 0, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)}),
      run("guest", "guest.csv", 1, {bytes_phase(PhaseId::kBlockWrite, 1000, 100),
                                    bytes_phase(PhaseId::kBlockRead, 1000, 100)}),
  };
  const Comparison c = compare_runs(runs, {});
  REQUIRE(c.tests.size() == 2);
  const MetricCell& base = cell(c, PhaseId::kBlockRead, MetricKind::kThroughput, 0);
  CHECK(base.state == CellState::kAbsent);
  CHECK(cell(c, PhaseId::kBlockRead, MetricKind::kThroughput, 1).phrase == "test absent from host");
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0] == "block_read: in guest; absent from host");
}

TEST_CASE("comparison: not measured (+++++) and not recorded (a bonnie++ line has no percentiles)") {
  PhaseResult too_fast_line;  // what the bonnie++ reader makes of "+++++"
  too_fast_line.bonnie_test = PhaseId::kBlockWrite;
  too_fast_line.latency = LatencySummary{};
  too_fast_line.latency->max_ns = 8'000'000;
  PhaseResult measured_line = too_fast_line;
  measured_line.bonnie_test = PhaseId::kRewrite;
  measured_line.bytes = std::uint64_t{10} * 1024 * 400'000;
  measured_line.elapsed = std::chrono::seconds{10};
  measured_line.cpu = std::chrono::seconds{5};
  const std::vector<SourcedRun> runs = {
      run("bonnie", "b.csv", 0, {too_fast_line, measured_line}, RunSource::kBonnieLine),
      run("bench", "c.csv", 1, {bytes_phase(PhaseId::kBlockWrite, 1000, 100), bytes_phase(PhaseId::kRewrite, 2000, 300)}),
  };
  const Comparison c = compare_runs(runs, {});
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 0).state == CellState::kNotMeasured);
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).phrase == "not measured in bonnie (under 0.5 s)");
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kLatencyMax, 0).state == CellState::kMeasured);
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kLatencyMax, 1).phrase == "max latency 1.6× lower");
  CHECK(cell(c, PhaseId::kRewrite, MetricKind::kLatencyP99, 0).state == CellState::kNotRecorded);
  CHECK(cell(c, PhaseId::kRewrite, MetricKind::kLatencyP99, 1).phrase == "not recorded in bonnie");
  CHECK(cell(c, PhaseId::kRewrite, MetricKind::kCpuPercent, 1).phrase == "CPU 3.3× lower");
  CHECK(c.groups[0].from_bonnie);
  CHECK_FALSE(c.groups[1].from_bonnie);
  REQUIRE_FALSE(c.caveats.empty());  // (what the figures are is above them)
  CHECK(c.caveats.back().starts_with("bonnie read from bonnie++ CSV lines"));
}

TEST_CASE("comparison: a metric no group has is left out, a short run is flagged") {
  PhaseResult no_latency = bytes_phase(PhaseId::kBlockWrite, 300, 100);
  no_latency.latency.reset();
  const std::vector<SourcedRun> runs = {run("a", "a.csv", 0, {no_latency}), run("b", "b.csv", 1, {no_latency})};
  const Comparison c = compare_runs(runs, {});
  const TestComparison& t = test_of(c, PhaseId::kBlockWrite);
  CHECK(t.metrics.size() == 2);
  CHECK(row_of(t, MetricKind::kLatencyP99) == nullptr);
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 0).under_min_time);
}

TEST_CASE("comparison: group names fall back to file names when labels clash") {
  const auto p = [] { return std::vector<PhaseResult>{bytes_phase(PhaseId::kBlockWrite, 1000, 100)}; };
  SUBCASE("same label in two files: the file stems") {
    const std::vector<SourcedRun> runs = {run("vm7", "runs/before.csv", 0, p()), run("vm7", "runs/after.json", 1, p())};
    const Comparison c = compare_runs(runs, {});
    CHECK(c.groups[0].name == "before");
    CHECK(c.groups[1].name == "after");
    CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).phrase == "after 1.00× before");
  }
  SUBCASE("same label, runs recorded as host and guest: the roles") {
    std::vector<SourcedRun> runs = {run("debian", "h.csv", 0, p()), run("debian", "g.csv", 1, p())};
    runs[0].run.info.role = Role::kHost;
    runs[0].run.info.hypervisor = "none";
    runs[1].run.info.role = Role::kGuest;
    runs[1].run.info.hypervisor = "kvm";
    runs[1].run.info.container = "none";
    const Comparison c = compare_runs(runs, {});
    CHECK(c.groups[0].name == "host");
    CHECK(c.groups[1].name == "guest");
    CHECK(c.groups[0].placement == "host");
    CHECK(c.groups[1].placement == "guest on kvm");
    CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).phrase == "guest 1.00× host");
  }
  SUBCASE("two labels in each of two files: label and stem") {
    const std::vector<SourcedRun> runs = {run("host", "a.csv", 0, p()), run("guest", "a.csv", 0, p()),
                                          run("host", "b.csv", 1, p()), run("guest", "b.csv", 1, p())};
    const Comparison c = compare_runs(runs, {});
    REQUIRE(c.groups.size() == 4);
    CHECK(c.groups[0].name == "host (a)");
    CHECK(c.groups[1].name == "guest (a)");
    CHECK(c.groups[2].name == "host (b)");
    CHECK(c.groups[3].name == "guest (b)");
  }
  SUBCASE("the same file twice") {
    const std::vector<SourcedRun> runs = {run("x", "a.csv", 0, p()), run("x", "a.csv", 1, p())};
    const Comparison c = compare_runs(runs, {});
    CHECK(c.groups[0].name == "x (a.csv)");
    CHECK(c.groups[1].name == "x (a.csv) (2)");
  }
  SUBCASE("an empty label: the file stem") {
    const std::vector<SourcedRun> runs = {run("", "one.csv", 0, p()), run("", "two.csv", 1, p())};
    const Comparison c = compare_runs(runs, {});
    CHECK(c.groups[0].name == "one");
    CHECK(c.groups[1].name == "two");
  }
}

TEST_CASE("comparison: --by-label groups one label across files, one group alone is a usage error") {
  const auto p = [](int ms) { return std::vector<PhaseResult>{bytes_phase(PhaseId::kBlockWrite, ms, 100)}; };
  const std::vector<SourcedRun> runs = {run("host", "h1.csv", 0, p(1000)), run("host", "h2.csv", 1, p(1100)),
                                        run("guest", "g1.csv", 2, p(2000)), run("guest", "g2.csv", 3, p(2100))};
  const Comparison c = compare_runs(runs, CompareOptions{true, std::nullopt});
  REQUIRE(c.groups.size() == 2);
  CHECK(c.groups[0].runs == 2);
  CHECK(c.groups[0].files == std::vector<std::string>{"h1.csv", "h2.csv"});
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kThroughput, 1).noise == Noise::kBeyond);

  const std::vector<SourcedRun> same = {run("host", "h1.csv", 0, p(1000)), run("host", "h2.csv", 1, p(1100))};
  CHECK_THROWS_WITH_AS(compare_runs(same, CompareOptions{true, std::nullopt}),
                       "nothing to compare: every run has the label 'host' (without --by-label each file is a group)",
                       UsageError);
  CHECK(compare_runs(same, {}).groups.size() == 2);
}

TEST_CASE("comparison: runs made with other settings get a note") {
  std::vector<SourcedRun> runs = {run("host", "h.csv", 0, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)}),
                                  run("guest", "g.csv", 1, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)})};
  runs[1].run.info.setup.io->file_size_bytes = 16u << 20;
  runs[0].run.info.setup.io->file_size_bytes = 256u << 20;
  runs[1].run.info.setup.direct_io = true;
  runs[1].run.info.setup.concurrency = 4;
  runs[0].run.info.setup.verify = true;
  const Comparison c = compare_runs(runs, {});
  REQUIRE(c.caveats.size() == 2);  // after "one run per group: ..."
  CHECK(c.caveats[1] ==
        "guest was run with other settings than host: concurrency 4 vs 1, file size 16 MiB vs 256 MiB, direct I/O "
        "on vs off, verify off vs on");
}

TEST_CASE("comparison: another share of seek write-backs gets a note, also against a bonnie++ line") {
  std::vector<SourcedRun> runs = {run("host", "h.csv", 0, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)}),
                                  run("guest", "g.csv", 1, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)})};
  runs[1].run.info.setup.io->seek_write_percent = 0;
  Comparison c = compare_runs(runs, {});
  REQUIRE(c.caveats.size() == 2);  // after "one run per group: ..."
  CHECK(c.caveats[1] == "guest was run with other settings than host: seek writes 0 % vs 10 %");
  runs[0].source = RunSource::kBonnieLine;  // bonnie++ always writes back one ticket in ten: read as 10 %
  c = compare_runs(runs, {});
  REQUIRE(c.caveats.size() > 1);
  CHECK(c.caveats[1] == "guest was run with other settings than host: seek writes 0 % vs 10 %");
  runs[1].run.info.setup.io->seek_write_percent = 10;
  c = compare_runs(runs, {});
  for (const auto& note : c.caveats) CHECK(note.find("seek writes") == std::string::npos);
}

TEST_CASE("comparison: a base of zero gives no ratio but still a verdict") {
  PhaseResult zero_cpu = bytes_phase(PhaseId::kBlockWrite, 1000, 0);
  const std::vector<SourcedRun> runs = {run("a", "a", 0, {zero_cpu}),
                                        run("b", "b", 1, {bytes_phase(PhaseId::kBlockWrite, 1000, 100)}),
                                        run("c", "c", 2, {zero_cpu})};
  const Comparison c = compare_runs(runs, {});
  const MetricCell& b = cell(c, PhaseId::kBlockWrite, MetricKind::kCpuPercent, 1);
  CHECK_FALSE(b.ratio.has_value());
  CHECK(*b.verdict == Verdict::kWorse);
  CHECK(b.phrase == "CPU higher (a has 0)");
  CHECK(cell(c, PhaseId::kBlockWrite, MetricKind::kCpuPercent, 2).phrase == "CPU the same (0 in both)");
}

}  // namespace
}  // namespace bench
