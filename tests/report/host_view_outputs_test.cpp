// The guests' host view in every output of compare (report/text/host_view_text.h, comparison_json.h,
// comparison_csv.h, html/host_view_svg.h) and in compare of one guest file; none of it without a host view.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "compare/host_view_samples.h"
#include "compare/sample_runs.h"
#include "report/csv/comparison_csv.h"
#include "report/html/comparison_html.h"
#include "report/json/comparison_json.h"
#include "report/json/json_report.h"
#include "report/text/comparison_text.h"
#include "report/text/host_view_text.h"
#include "test_support.h"

namespace bench {
namespace {

// Host, raw and tmpfs (no host device) in three rounds; tmpfs's second round with QEMU's time above the guest's.
Comparison host_view_comparison() {
  std::vector<SourcedRun> runs;
  for (int round = 1; round <= 3; ++round) {
    runs.push_back(test::host_run(round));
    runs.push_back(test::guest_run("raw", round, 65 + 5 * static_cast<std::uint64_t>(round)));
    SourcedRun tmpfs = test::guest_run("tmpfs", round, round == 2 ? 130 : 80, "accel=tcg");
    tmpfs.run.host_view->windows[0].host_device.reset();
    runs.push_back(std::move(tmpfs));
  }
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
  return compare_runs(runs, {});
}

Comparison plain_comparison() {
  std::vector<SourcedRun> runs;
  for (int round = 1; round <= 3; ++round) {
    runs.push_back(test::host_run(round));
    SourcedRun guest = test::guest_run("raw", round);
    guest.run.host_view.reset();
    runs.push_back(std::move(guest));
  }
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
  return compare_runs(runs, {});
}

std::size_t columns(std::string_view line) {
  return static_cast<std::size_t>(
      std::count_if(line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

TEST_CASE("host view outputs: text: the section after the ratios, within 100 columns, one unit per column") {
  const std::string text = format_comparison_text(host_view_comparison());
  const std::size_t at = text.find("Where the guest's time went: randread");
  REQUIRE(at != std::string::npos);
  CHECK(at > text.find("(randread.read)"));  // after the test's block
  const std::string section = text.substr(text.find("\nThe guests' host view"), text.find("\nNotes:") - text.find("\nThe guests' host view"));
  INFO(section);
  std::size_t start = 0;
  while (start < section.size()) {
    const std::size_t end = std::min(section.find('\n', start), section.size());
    CHECK_MESSAGE(columns(section.substr(start, end - start)) <= kHostViewTextWidth, section.substr(start, end - start));
    start = end + 1;
  }
  CHECK(test::contains(section, "group  guest µs  guest side µs  above device µs  host device µs  dev req  dev B/B"));
  CHECK(test::contains(section, "    raw         100      25.0 25 %        55.0 55 %       20.0 20 %     1.00"));
  CHECK(test::contains(section, "not measured"));  // tmpfs: no host device, its part not 0
  CHECK(test::contains(section, "raw: QEMU and the host above the device: 55 % of the guest's mean latency (rounds "
                                "50–60 %)"));
  CHECK(test::contains(section, "tmpfs: note: the guest's side came out negative (-30.0 µs per request"));
  CHECK(test::contains(section, "(in 1 of 3 runs)"));
  CHECK(test::contains(section, "tmpfs       100      20.0 20 %        80.0 80 %    not measured        –"));
  CHECK(test::contains(section, "tmpfs: QEMU and the host above the device: 80 % of the guest's mean latency (rounds "
                                "80–100 %);"));
  CHECK(test::contains(section, "under TCG the guest's side"));
}

TEST_CASE("host view outputs: text: a group name too long for its row has a line of its own") {
  const std::string long_name(60, 'v');
  std::vector<SourcedRun> runs = {test::host_run(1), test::guest_run(long_name, 1)};
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
  const std::string text = format_host_view_text(compare_runs(runs, {}).host_views);
  INFO(text);
  CHECK(test::contains(text, "\n    " + long_name + "\n                100      30.0 30 %        50.0 50 %"));
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    CHECK(columns(text.substr(start, end - start)) <= kHostViewTextWidth);
    start = end + 1;
  }
}

TEST_CASE("host view outputs: without a host view every output is as before") {
  const Comparison plain = plain_comparison();
  CHECK(plain.host_views.empty());
  CHECK_FALSE(test::contains(format_comparison_text(plain), "host view"));
  CHECK_FALSE(test::contains(format_comparison_json(plain), "host_view"));
  CHECK(format_comparison_csv(plain).rfind("test,metric,unit,better,group,role,label,files,runs,measured_runs,state,"
                                           "mean,stddev,under_min_time,ratio_to_base,verdict,noise,phrase,failed_runs,"
                                           "error_code,error,place\n",
                                           0) == 0);
  CHECK_FALSE(test::contains(format_comparison_html(plain), "Where the guest"));
  CHECK(format_host_view_text({}).empty());
}

TEST_CASE("host view outputs: JSON has a host_view section per group with each figure's median and range") {
  const auto doc = nlohmann::json::parse(format_comparison_json(host_view_comparison()));
  REQUIRE(doc.contains("host_view"));
  const auto& groups = doc["host_view"]["groups"];
  REQUIRE(groups.size() == 2);
  CHECK(groups[0]["group"] == "raw");
  const auto& workload = groups[0]["workloads"][0];
  CHECK(workload["workload"] == "randread");
  CHECK(workload["runs"] == 3);
  CHECK(workload["by_rounds"] == true);
  const auto& qemu = workload["directions"][0]["figures"]["qemu_time"];
  CHECK(qemu["median"].get<double>() == doctest::Approx(75'000));
  CHECK(qemu["low"].get<double>() == doctest::Approx(70'000));
  CHECK(qemu["high"].get<double>() == doctest::Approx(80'000));
  CHECK(doc["host_view"]["units"]["qemu_time"] == "ns");
  CHECK(workload["directions"][0]["figures"]["qemu_iothread_cpu"].is_null());
  CHECK(groups[1]["workloads"][0]["directions"][0]["figures"]["host_device"].is_null());
  CHECK(groups[1]["workloads"][0]["tcg"] == true);
}

TEST_CASE("host view outputs: CSV adds columns at the end and rows after the existing ones") {
  const Comparison comparison = host_view_comparison();
  const std::string csv = format_comparison_csv(comparison);
  const std::string plain = format_comparison_csv(plain_comparison());
  CHECK(csv.rfind(plain.substr(0, plain.find('\n')) + ",direction,median,low,high\n", 0) == 0);
  // Each existing row as it was, four empty fields longer.
  const std::string first_row = csv.substr(csv.find('\n') + 1, csv.find('\n', csv.find('\n') + 1) - csv.find('\n'));
  CHECK(first_row.rfind("randread.read,throughput,", 0) == 0);
  CHECK(first_row.substr(first_row.size() - 5) == ",,,,\n");
  CHECK(test::contains(csv, "\nrandread,qemu_time,ns,,raw,other,raw,"));
  CHECK(test::contains(csv, ",all,75000.000,70000.000,80000.000\n"));
  CHECK(test::contains(csv, "\nrandread,reading,,,raw,other,raw,"));
  CHECK(test::contains(csv, "\nrandread,host_device,ns,,tmpfs,other,tmpfs,"));
  CHECK(test::contains(csv, ",not_recorded,"));
  CHECK(csv.find("randread,reading") > csv.rfind("randread.read,"));
}

TEST_CASE("host view outputs: HTML draws a stacked bar per group of each workload, with the numbers") {
  const std::string html = format_comparison_html(host_view_comparison());
  const std::size_t at = html.find("<h2>Where the guest's time went</h2>");
  REQUIRE(at != std::string::npos);
  const std::string section = html.substr(at, html.find("</section>", at) - at);
  CHECK(test::contains(section, "aria-label=\"where the guest's time went in randread\""));
  CHECK(test::contains(section, "25.0 µs (25 %) / 55.0 µs (55 %) / 20.0 µs (20 %)"));
  CHECK(test::contains(section, "20.0 µs (20 %) / 80.0 µs (80 %) / device not measured<"));
  std::size_t rects = 0;
  for (std::size_t p = section.find("<rect"); p != std::string::npos; p = section.find("<rect", p + 1)) ++rects;
  CHECK(rects == 5);  // raw's three parts, tmpfs's two
}

TEST_CASE("host view outputs: compare of one guest file shows where its time went") {
  test::TempDir dir;
  const std::filesystem::path file = dir.path() / "guest.json";
  std::ofstream(file) << format_json({test::guest_run("raw", 0).run});
  const auto result = test::run_bench({"compare", file.string()});
  REQUIRE(result.exit_code == 0);
  CHECK(test::contains(result.out, "Where the guest's time went: randread"));
  CHECK(test::contains(result.out, "raw: QEMU and the host above the device: 50 % of the guest's mean latency\n"));
}

}  // namespace bench
