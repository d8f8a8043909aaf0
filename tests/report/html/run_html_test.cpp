// A run's own HTML report (--html, and bench++ compare of one input): one self-contained page with the run's
// tables, a row of rates and latency percentiles per test, and a latency CDF per test with a histogram; written
// by a run, by bench++ job, and by compare of a single file.
#include <doctest/doctest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "report/json/json_report.h"
#include "report/machine_readable_samples.h"
#include "report/html/run_html.h"
#include "report/suite_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

using test::count_of;

void check_self_contained(const std::string& html) {
  CHECK(html.starts_with("<!DOCTYPE html>"));
  CHECK(html.ends_with("</html>\n"));
  CHECK(count_of(html, "<script") == 0);
  CHECK(count_of(html, "http://") + count_of(html, "https://") == count_of(html, "http://www.w3.org/2000/svg"));
  CHECK(count_of(html, "<svg") == count_of(html, "</svg>"));
}

TEST_CASE("run html: the run's tables, one row per test, and a CDF per test that kept a histogram") {
  const std::vector<RunResult> samples = test::machine_readable_samples();
  const RunResult& full = samples.front();  // every test, one of them without a histogram
  const std::string html = format_run_html({full});
  check_self_contained(html);
  CHECK(count_of(html, "<pre class=\"run\">") == 1);
  CHECK(test::contains(html, "Name:Size etc"));  // bonnie++'s table, as printed
  CHECK(test::contains(html, "Measured"));
  // The label holds quotes and a newline: escaped wherever it shows.
  CHECK(test::contains(html, "<title>bench++: host &quot;A&quot;, rack 3\nsecond line</title>"));
  CHECK_FALSE(test::contains(html, "\"A\""));
  std::size_t with_histogram = 0;
  for (const PhaseResult& phase : full.phases) with_histogram += phase.latency_histogram.empty() ? 0 : 1;
  REQUIRE(with_histogram + 1 == full.phases.size());
  CHECK(count_of(html, "<svg") == with_histogram);
  CHECK(count_of(html, "<tr><td>") == full.phases.size());
  CHECK(test::contains(html, "<th>p99.9</th>"));
}

TEST_CASE("run html: a workload's requests and mean latency per second as charts, with the series' points") {
  RunResult run = test::machine_readable_samples().front();
  PhaseResult workload;
  workload.operations = 600;
  workload.bytes = 600 * 4096;
  workload.elapsed = std::chrono::seconds(3);
  WorkloadPart part;
  part.workload = "w";
  part.per_second = {100, 300, 200};
  part.mean_latency_ns_per_second = {4000, 1000, 2000};
  workload.workload = part;
  run.phases = {workload};
  const std::string html = format_run_html({run});
  check_self_contained(html);
  CHECK(test::contains(html, "requests per second"));
  CHECK(test::contains(html, "mean latency per second"));
  CHECK(count_of(html, "<svg") == 2);  // no histogram: no CDF
  // x 64..624 over 3 s; rates: y 12 (300/s) .. 208 (0); latency: y 12 (4 us) .. 208.
  CHECK(test::contains(html, "points=\"64.0,142.7 344.0,12.0 624.0,77.3\""));
  CHECK(test::contains(html, "points=\"64.0,12.0 344.0,159.0 624.0,110.0\""));
}

// A workload part of `name` with a histogram and three seconds of requests and latency; failed with `failure`.
PhaseResult workload_part(const std::string& name, std::optional<JobFailure> failure = std::nullopt) {
  PhaseResult phase;
  phase.operations = 600;
  phase.bytes = 600 * 4096;
  phase.elapsed = std::chrono::seconds(3);
  phase.latency_histogram = {{130, 100}, {400, 500}};
  WorkloadPart part;
  part.workload = name;
  part.per_second = {100, 300, 200};
  part.mean_latency_ns_per_second = {4000, 1000, 2000};
  part.failure = std::move(failure);
  phase.workload = part;
  return phase;
}

TEST_CASE("run html: a failed job is marked in its row and left out of its charts, with its error escaped") {
  RunResult run = test::machine_readable_samples().front();
  const JobFailure failure{84, "verify: bad magic <0x00> & \"crc\" at offset 4096 of 'f'"};
  const std::string escaped = "verify: bad magic &lt;0x00&gt; &amp; &quot;crc&quot; at offset 4096 of &#39;f&#39;";
  run.phases = {workload_part("good"), workload_part("bad", failure)};
  const std::string html = format_run_html({run});
  check_self_contained(html);
  // Its row: marked, named FAILED, the note its error number and message.
  CHECK(count_of(html, "<tr class=\"failed\">") == 1);
  CHECK(count_of(html, "<tr><td>") == 1);
  CHECK(test::contains(html, "<tr class=\"failed\"><td>bad read <strong>FAILED</strong></td>"));
  CHECK(test::contains(html, "<td>FAILED (error 84): " + escaped + "; its figures are what it did before</td>"));
  CHECK_FALSE(test::contains(html, "<0x00>"));
  // Its section says it failed instead of charting it: the good workload's three charts only.
  CHECK(count_of(html, "<svg") == 3);
  CHECK(test::contains(html, "<h2>bad: reads<code>bad.read</code></h2>\n<p class=\"failed\">FAILED (error 84): " +
                                 escaped + "; left out of the charts</p>\n</section>"));
  // The run's own text (the workload table) marks it too.
  CHECK(test::contains(html, "psync FAILED"));
}

TEST_CASE("run html: control bytes of a job name are written as escapes, never raw") {
  RunResult run = test::machine_readable_samples().front();
  run.phases = {workload_part(std::string("\x1b[31mw\0", 7))};  // ESC starting a colour, NUL
  const std::string html = format_run_html({run});
  check_self_contained(html);
  CHECK(html.find('\x1b') == std::string::npos);
  CHECK(html.find('\0') == std::string::npos);
  CHECK(test::contains(html, "\\x1b[31mw\\x00 read"));
}

TEST_CASE("run html: a repeat whose job failed is left out of the test's charts, naming that run") {
  std::vector<RunResult> runs(2, test::machine_readable_samples().front());
  runs[0].phases = {workload_part("w")};
  runs[1].phases = {workload_part("w", JobFailure{5, "rate_min: workload 'w': 10 KiB/s under 1 MiB/s"})};
  runs[1].info.run_index = 1;
  const std::string html = format_run_html(runs);
  check_self_contained(html);
  CHECK(count_of(html, "<tr class=\"failed\">") == 1);
  CHECK(test::contains(html, "<p class=\"failed\">run 2: FAILED (error 5): rate_min: workload &#39;w&#39;: 10 KiB/s "
                             "under 1 MiB/s; left out of the charts</p>"));
  CHECK(count_of(html, "<svg") == 3);  // run 1's CDF and per-second charts
  CHECK(test::contains(html, ">run 1</text>"));
  CHECK_FALSE(test::contains(html, ">run 2</text>"));
  CHECK_FALSE(test::contains(html, "&#9632; run 2"));
  CHECK(test::contains(html, "&#9632; run 1"));
}

TEST_CASE("run html: a job that failed for real (a verify mismatch) is marked in bench++ job's report") {
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(64 << 10, '\0');
  const fs::path report = dir.path() / "job.html";
  const auto job = test::run_bench({"job", "-q", "-d", dir.path().string(), "--html", report.string(), "--name=bad",
                                    "--rw=read", "--filename=" + zeros.string(), "--size=64k", "--verify=crc32c",
                                    "--name=good", "--rw=write", "--size=64k"});
  INFO("stderr:\n" << job.err);
  CHECK(job.exit_code == 1);
  const std::string html = test::read_file(report);
  check_self_contained(html);
  CHECK(count_of(html, "<tr class=\"failed\"><td>bad read <strong>FAILED</strong></td>") == 1);
  CHECK(test::contains(html, fmt::format("<td>FAILED (error {}): ", EILSEQ)));
  CHECK(test::contains(html, fmt::format("<p class=\"failed\">FAILED (error {}): ", EILSEQ)));
  CHECK(test::contains(html, "<tr><td>good write</td>"));
}

TEST_CASE("run html: repeats show each run's text and a CDF line per run") {
  std::vector<RunResult> runs(3, test::machine_readable_samples().front());
  for (std::uint32_t i = 0; i < runs.size(); ++i) runs[i].info.run_index = i;
  const std::string html = format_run_html(runs);
  check_self_contained(html);
  CHECK(count_of(html, "<pre class=\"run\">") == 3);
  CHECK(test::contains(html, "<h2>Run 3 of 3</h2>"));
  CHECK(count_of(html, "<tr><td>") == (3 + 1) * runs.front().phases.size());  // each run's rows, and the means
  CHECK(test::contains(html, ">run 2</text>"));  // the CDF's legend names the runs
  CHECK(test::contains(html, "stroke-dasharray=\"7 4\""));  // run 2's line dashed, in the chart and its legend
  // Before each run's figures, per test the mean ± sample standard deviation over the runs (the same runs: 0).
  const std::size_t means = html.find("<h2>Mean of the 3 runs</h2>");
  REQUIRE(means != std::string::npos);
  CHECK(means < html.find("<pre class=\"run\">"));
  const std::string table = html.substr(means, html.find("</table>", means) - means);
  CHECK(count_of(table, "<tr><td>") == runs.front().phases.size());
  CHECK(count_of(table, "<td class=\"number\">3</td>") == runs.front().phases.size());
  CHECK(test::contains(table, " ± 0"));
  CHECK_FALSE(test::contains(format_run_html({runs.front()}), "Mean of the"));

}

TEST_CASE("run html: a suite's runs lead with the suite's table, of every run") {
  std::vector<RunResult> runs{test::suite_run("cdm", "SEQ1M", IoPattern::kRead, IoDirection::kRead, 1000),
                              test::suite_run("cdm", "SEQ1M", IoPattern::kRead, IoDirection::kRead, 500)};
  runs[1].info.run_index = 1;
  const std::string html = format_run_html(runs);
  check_self_contained(html);
  const std::size_t table = html.find("<h2>CrystalDiskMark&#39;s table</h2>");
  REQUIRE(table != std::string::npos);
  CHECK(table < html.find("<pre class=\"run\">"));
  CHECK(table < html.find("<h2>Rates and latency</h2>"));
  CHECK(test::contains(html, "<th colspan=\"5\">host (2 runs)</th>"));
  CHECK(test::contains(html, "<td class=\"number\">2.00</td><td class=\"number\">1.50 ± 0.71</td>"));
  CHECK(test::contains(html, "<td class=\"number\">1.4 MiB/s ± 0.7 MiB/s</td>"));  // the runs' mean and spread
  CHECK(test::contains(format_run_html({test::machine_readable_samples().front()}), "class=\"suite\"") == false);
}

TEST_CASE("run html: written by a run, by bench++ job and by compare of one file, never to stdout") {
  test::TempDir out;
  test::TempDir dir;
  const fs::path report = out.path() / "run.html";
  const fs::path json = out.path() / "run.json";
  const auto run = test::run_bench({"-d", dir.path().string(), "-s", "1m:4k", "-f", "-n", "0", "--no-sync-test",
                                    "-r", "0", "-q", "--html", report.string(), "--json", json.string()});
  REQUIRE(run.exit_code == 0);
  const std::string html = test::read_file(report);
  check_self_contained(html);
  CHECK(count_of(html, "<svg") == 4);  // block write, rewrite, block read, seeks
  CHECK(test::contains(html, "Sequential Output, Block"));

  const fs::path job_report = out.path() / "job.html";
  const auto job = test::run_bench({"job", "-d", dir.path().string(), "--name=r", "--rw=randread", "--bs=4k",
                                    "--size=1m", "-q", "--html", job_report.string()});
  REQUIRE(job.exit_code == 0);
  const std::string job_html = test::read_file(job_report);
  check_self_contained(job_html);
  CHECK(count_of(job_html, "<svg") == 1);
  CHECK(test::contains(job_html, "r.read"));

  const fs::path alone = out.path() / "alone.html";
  const auto compared = test::run_bench({"compare", json.string(), "--html", alone.string()});
  REQUIRE(compared.exit_code == 0);
  CHECK(test::contains(compared.out, "Name:Size etc"));  // the run's table, not a comparison
  CHECK(count_of(test::read_file(alone), "<svg") == 4);
  const auto no_csv = test::run_bench({"compare", json.string(), "--csv", (out.path() / "x.csv").string()});
  CHECK(no_csv.exit_code == 2);
  CHECK(test::contains(no_csv.err, "need runs to compare"));
  CHECK_FALSE(fs::exists(out.path() / "x.csv"));

  const auto to_stdout = test::run_bench({"-d", dir.path().string(), "-s", "1m:4k", "--html", "-"});
  CHECK(to_stdout.exit_code == 2);
  CHECK(to_stdout.err == "bench++: invalid --html value '-': a run's report goes to a file (stdout carries the table)\n");
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
