// compare with a run whose workload job failed (WorkloadPart::failure): the failed run's figures are no value, the
// test names the run and its error in every output, a group whose every run failed has no ratio and says why, a
// group with other runs is compared on those and says what was left out; and end to end, result files of a job
// that failed for real (a verify mismatch) keep the failure through compare's readers, JSON and spreadsheet CSV.
#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compare/compare_runs.h"
#include "report/comparison_values.h"
#include "report/csv/comparison_csv.h"
#include "report/html/comparison_html.h"
#include "report/json/comparison_json.h"
#include "report/text/comparison_text.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;

const TestId kReads{PhaseId::kWorkload, "w", IoDirection::kRead, std::nullopt};

// Workload w's reads: 1 GiB in `elapsed_ms`, a latency summary and histogram; failed with `failure`.
PhaseResult reads(int elapsed_ms, std::optional<JobFailure> failure = std::nullopt) {
  PhaseResult p;
  p.bytes = std::uint64_t{1} << 30;
  p.operations = p.bytes / 4096;
  p.elapsed = std::chrono::milliseconds{elapsed_ms};
  p.cpu = std::chrono::milliseconds{elapsed_ms / 10};
  p.latency = LatencySummary{p.operations, 1'000, 50'000, 20'000, 10'000, 20'000, 100'000, 1'000'000};
  p.latency_histogram = {{static_cast<std::uint32_t>(elapsed_ms), p.operations}};
  WorkloadPart part;
  part.workload = "w";
  part.failure = std::move(failure);
  p.workload = part;
  return p;
}

SourcedRun run(const std::string& label, const std::string& file, std::size_t input, PhaseResult phase,
               std::uint32_t run_index = 0) {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.run_index = run_index;
  r.run.phases = {std::move(phase)};
  r.file = file;
  r.input = input;
  return r;
}

const MetricCell& cell(const Comparison& c, MetricKind kind, std::size_t group) {
  REQUIRE(c.tests.size() == 1);
  const auto& rows = c.tests.front().metrics;
  const auto found = std::find_if(rows.begin(), rows.end(), [&](const MetricRow& row) { return row.kind == kind; });
  REQUIRE(found != rows.end());
  return found->cells.at(group);
}

// The line of `text` that starts with `start` after its indent, or "".
std::string line_of(const std::string& text, const std::string& start) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    const std::size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, start.size(), start) == 0) return line;
    at = end + 1;
  }
  return "";
}

const JobFailure kBadMagic{84, "verify: bad magic <00> at offset 0 of \"f\""};

TEST_CASE("failed job: a group whose run failed has no ratio, says why, and the test names the run and error") {
  const std::vector<SourcedRun> runs = {run("host", "host.json", 0, reads(1000)),
                                        run("guest", "guest.json", 1, reads(2000, kBadMagic))};
  const Comparison c = compare_runs(runs, {});
  REQUIRE(c.tests.size() == 1);
  const TestComparison& test = c.tests.front();
  CHECK(test.metrics.size() == 5);  // every metric the host has, each showing the failure
  for (const MetricRow& row : test.metrics) {
    CAPTURE(metric_title(row.kind));
    CHECK(row.cells[0].state == CellState::kMeasured);
    const MetricCell& guest = row.cells[1];
    CHECK(guest.state == CellState::kFailed);
    CHECK(guest.runs == 1);
    CHECK(guest.failed_runs == 1);
    CHECK_FALSE(guest.ratio.has_value());
    CHECK_FALSE(guest.verdict.has_value());
    CHECK(guest.phrase == "no ratio: the job failed in guest");
  }
  REQUIRE(test.failures.size() == 1);
  CHECK(test.failures[0].group == 1);
  CHECK(test.failures[0].file == "guest.json");
  CHECK(test.failures[0].run == 0);
  CHECK(test.failures[0].failure == kBadMagic);
  CHECK(failed_run_text(c, test.failures[0]) == "guest run 1 (guest.json): error 84: " + kBadMagic.message);
  // Its figures are in no chart: the guest's latency histogram is empty.
  CHECK(test.latency_histograms.at(0).size() == 1);
  CHECK(test.latency_histograms.at(1).empty());
}

TEST_CASE("failed job: a failed base gives no ratio either, and both failed say so") {
  SUBCASE("the base failed") {
    const std::vector<SourcedRun> runs = {run("host", "host.json", 0, reads(1000, JobFailure{5, "short read"})),
                                          run("guest", "guest.json", 1, reads(2000))};
    const Comparison c = compare_runs(runs, {});
    const MetricCell& guest = cell(c, MetricKind::kThroughput, 1);
    CHECK(cell(c, MetricKind::kThroughput, 0).state == CellState::kFailed);
    CHECK(guest.state == CellState::kMeasured);
    CHECK_FALSE(guest.ratio.has_value());
    CHECK(guest.phrase == "no ratio: the job failed in host");
    CHECK(failed_run_text(c, c.tests[0].failures.at(0)) == "host run 1 (host.json): error 5: short read");
  }
  SUBCASE("both failed") {
    const std::vector<SourcedRun> runs = {run("host", "host.json", 0, reads(1000, JobFailure{5, "short read"})),
                                          run("guest", "guest.json", 1, reads(2000, kBadMagic))};
    const Comparison c = compare_runs(runs, {});
    CHECK(cell(c, MetricKind::kThroughput, 1).phrase == "no ratio: the job failed in both");
    CHECK(c.tests[0].failures.size() == 2);
  }
}

TEST_CASE("failed job: the other runs of a group are compared without the failed one, which the phrase says") {
  const std::vector<SourcedRun> runs = {run("host", "host.json", 0, reads(1000)),
                                        run("guest", "guest.json", 1, reads(2000), 0),
                                        run("guest", "guest.json", 1, reads(100, kBadMagic), 1),
                                        run("guest", "guest.json", 1, reads(2000), 2)};
  const Comparison c = compare_runs(runs, {});
  const MetricCell& guest = cell(c, MetricKind::kThroughput, 1);
  CHECK(guest.state == CellState::kMeasured);
  CHECK(guest.runs == 3);
  CHECK(guest.failed_runs == 1);
  CHECK(guest.stats.count == 2);
  REQUIRE(guest.ratio.has_value());
  CHECK(*guest.ratio == doctest::Approx(0.5));  // not pulled up by the failed run's 10× rate
  CHECK(guest.phrase == "guest 0.50× host (1 failed run of guest left out)");
  CHECK(format_cell_value(guest, DisplayUnit{"MiB/s", 1024.0 * 1024}) == "512 ± 0 MiB/s (2 of 3 runs, 1 failed)");
  REQUIRE(c.tests[0].failures.size() == 1);
  CHECK(c.tests[0].failures[0].run == 1);
  CHECK(failed_run_text(c, c.tests[0].failures[0]).starts_with("guest run 2 (guest.json): error 84: "));
  CHECK(c.tests[0].latency_histograms.at(1) == HistogramBuckets{{2000, reads(2000).operations * 2}});
}

TEST_CASE("failed job: text, CSV, JSON and HTML name the failed run and its error") {
  const std::vector<SourcedRun> runs = {run("host", "host.json", 0, reads(1000)),
                                        run("guest", "guest.json", 1, reads(2000, kBadMagic))};
  const Comparison c = compare_runs(runs, {});

  const std::string text = format_comparison_text(c);
  CHECK(contains(text, "FAILED: guest run 1 (guest.json): error 84: " + kBadMagic.message +
                           "; its figures are left out\n"));
  CHECK(contains(line_of(text, "guest "), " FAILED "));  // its row of figures
  CHECK(contains(text, "guest vs host: throughput: no ratio: the job failed in guest; "));

  const std::string csv = format_comparison_csv(c);
  CHECK(csv.starts_with("test,metric,unit,better,group,role,label,files,runs,measured_runs,state,mean,stddev,"
                        "under_min_time,ratio_to_base,verdict,noise,phrase,failed_runs,error_code,error,place\n"));
  CHECK(contains(csv, "w.read,throughput,bytes_per_sec,higher,guest,other,guest,guest.json,1,0,failed,,,0,,,,"
                      "no ratio: the job failed in guest,1,84,\"verify: bad magic <00> at offset 0 of \"\"f\"\"\",\n"));
  CHECK(contains(csv, "w.read,throughput,bytes_per_sec,higher,host,base,host,host.json,1,1,measured,"));
  CHECK(contains(csv, ",0,,,\n"));  // the host's rows: no failed run, no error, no place (nothing to rank)

  const auto json = nlohmann::json::parse(format_comparison_json(c));
  const auto& test = json["tests"][0];
  REQUIRE(test["failures"].size() == 1);
  CHECK(test["failures"][0] == nlohmann::json({{"group", "guest"}, {"file", "guest.json"}, {"run", 1},
                                               {"code", 84}, {"message", kBadMagic.message}}));
  const auto& values = test["metrics"][0]["values"];
  CHECK(values[1]["state"] == "failed");
  CHECK(values[1]["failed_runs"] == 1);
  CHECK(values[1]["ratio_to_base"].is_null());
  CHECK(values[0]["failed_runs"] == 0);

  const std::string html = format_comparison_html(c);
  CHECK(contains(html, "<p class=\"failed\">FAILED: guest run 1 (guest.json): error 84: verify: bad magic &lt;00&gt; "
                       "at offset 0 of &quot;f&quot;; its figures are left out</p>"));
  CHECK_FALSE(contains(html, "<00>"));
  CHECK(test::count_of(html, ">FAILED</text>") == 5);  // where the guest's bar of each metric would be
  CHECK(contains(html, "<td class=\"failed\">no ratio: the job failed in guest</td>"));
  CHECK(test::count_of(html, "rx=\"2\"") == 5);  // the host's bars alone
}

// `bench++ job` of workload w in `dir`, writing `stem`.json and `stem`.csv there; w reads a file of zeros, with
// verify=crc32c when `failing` (a verify mismatch: EILSEQ).
void run_job(const fs::path& dir, const std::string& stem, bool failing) {
  const fs::path zeros = dir / "zeros";
  if (!fs::exists(zeros)) std::ofstream(zeros) << std::string(64 << 10, '\0');
  std::vector<std::string> args = {"job", "-q", "-d", dir.string(), "--json", (dir / (stem + ".json")).string(),
                                   "--csv", (dir / (stem + ".csv")).string(), "--name=w", "--rw=read",
                                   "--filename=" + zeros.string(), "--size=64k"};
  if (failing) args.push_back("--verify=crc32c");
  const test::CommandOutput result = test::run_bench(args);
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == (failing ? 1 : 0));
}

TEST_CASE("failed job: compare of result files of a job that failed for real, read from JSON and from CSV") {
  const test::TempDir dir;
  run_job(dir.path(), "host", false);
  run_job(dir.path(), "guest", true);
  for (const std::string format : {"json", "csv"}) {
    CAPTURE(format);
    const fs::path host = dir.path() / ("host." + format);
    const fs::path guest = dir.path() / ("guest." + format);
    const fs::path json = dir.path() / ("compared-" + format + ".json");
    const fs::path csv = dir.path() / ("compared-" + format + ".csv");
    const test::CommandOutput result = test::run_bench(
        {"compare", host.string(), guest.string(), "--json", json.string(), "--csv", csv.string()});
    INFO("stdout:\n" << result.out << "\nstderr:\n" << result.err);
    CHECK(result.exit_code == 0);
    CHECK(contains(result.out, "w read (w.read)\n"));
    CHECK(contains(result.out, fmt::format("FAILED: guest run 1 ({}): error {}: verify: ", guest.string(), EILSEQ)));
    CHECK(contains(result.out, "left out\n"));  // (the FAILED line wraps at 120 columns)
    CHECK(contains(line_of(result.out, "guest "), " FAILED "));
    CHECK(contains(result.out, "guest vs host: throughput: no ratio: the job failed in guest; "));
    CHECK_FALSE(contains(result.out, "× host"));  // no ratio anywhere
    const auto doc = nlohmann::json::parse(test::read_file(json));
    REQUIRE(doc["tests"].size() == 1);
    REQUIRE(doc["tests"][0]["failures"].size() == 1);
    CHECK(doc["tests"][0]["failures"][0]["code"] == EILSEQ);
    CHECK(contains(doc["tests"][0]["failures"][0]["message"].get<std::string>(), (dir.path() / "zeros").string()));
    for (const auto& metric : doc["tests"][0]["metrics"]) CHECK(metric["values"][1]["state"] == "failed");
    CHECK(contains(test::read_file(csv), fmt::format(",failed,,,0,,,,no ratio: the job failed in guest,1,{},", EILSEQ)));
  }
}

TEST_CASE("failed job: compare of fio's own JSON of a job that failed (its error number, fio keeps no message)") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const test::TempDir dir;
  run_job(dir.path(), "host", false);
  const fs::path fio_json = dir.path() / "fio.json";
  const test::CommandOutput fio = test::run_program(
      {"fio", "--name=w", "--rw=read", "--filename=" + (dir.path() / "zeros").string(), "--size=64k",
       "--verify=crc32c", "--output-format=json", "--output=" + fio_json.string()});
  INFO("fio's stderr:\n" << fio.err);
  REQUIRE(fio.exit_code != 0);  // fio exits non-zero for a failed job
  const test::CommandOutput result =
      test::run_bench({"compare", (dir.path() / "host.json").string(), fio_json.string()});
  INFO("stdout:\n" << result.out << "\nstderr:\n" << result.err);
  CHECK(result.exit_code == 0);
  CHECK(contains(result.out, fmt::format("run 1 ({}): error {}: fio's error {} (", fio_json.string(), EILSEQ, EILSEQ)));
  CHECK(contains(result.out, " FAILED "));
  CHECK(contains(result.out, ": throughput: no ratio: the job failed in "));
}

}  // namespace
}  // namespace bench
