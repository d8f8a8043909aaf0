// The HTML page of `bench++ compare --html`: self-contained and well formed, and, when Debian's chromium is
// installed, rendered by headless Chromium into a screenshot that is not blank.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "compare/compare_runs.h"
#include "report/html/comparison_html.h"
#include "report/result_file.h"
#include "report/suite_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

using test::count_of;

Comparison repeated_comparison(std::vector<SourcedRun>& runs) {
  const std::vector<std::string> names = {"host_x3.csv", "guest_x3.csv"};
  for (std::size_t input = 0; input < names.size(); ++input) {
    const ResultText text = parse_result_text(test::read_fixture("compare/" + names[input]), names[input]);
    for (const auto& run : text.runs) runs.push_back({run, names[input], input, RunSource::kBenchResult, nullptr});
  }
  return compare_runs(runs, {});
}

std::size_t chart_count(const Comparison& comparison) {
  std::size_t charts = 0;
  for (const auto& test : comparison.tests) charts += test.metrics.size();
  return charts;
}

TEST_CASE("compare html: a suite's table, its groups as executors, right after the answer") {
  std::vector<SourcedRun> runs;
  const Comparison comparison = repeated_comparison(runs);
  const RunResult host = test::suite_run("tart", "rr", IoPattern::kRandRead, IoDirection::kRead, 1000);
  const RunResult guest = test::suite_run("tart", "rr", IoPattern::kRandRead, IoDirection::kRead, 2000);
  const std::string html = format_comparison_html(comparison, {Executor{"host", {&host}}, Executor{"guest", {&guest}}});
  const std::size_t answer = html.find("<h2>The answer</h2>");
  const std::size_t table = html.find("<h2>Tart&#39;s table</h2>");
  REQUIRE(answer != std::string::npos);
  REQUIRE(table != std::string::npos);
  CHECK(answer < table);
  CHECK(table < html.find("<table class=\"groups\">"));
  CHECK(test::contains(html, "<tr><td>rr</td><td>guest</td><td class=\"number\">0.5 MB/s</td>"));
  CHECK(format_comparison_html(comparison).find("Tart&#39;s table") == std::string::npos);  // no suite, no table
}

TEST_CASE("compare html: one self-contained page, one <svg> per chart, nothing fetched, no scripts") {
  std::vector<SourcedRun> runs;
  const Comparison comparison = repeated_comparison(runs);
  const std::string html = format_comparison_html(comparison);
  CHECK(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n"));
  CHECK(html.ends_with("</body>\n</html>\n"));
  const std::size_t charts = chart_count(comparison);
  CHECK(charts == 20);
  CHECK(count_of(html, "<svg ") == charts);
  CHECK(count_of(html, "</svg>") == charts);
  CHECK(count_of(html, "<figure>") == charts);
  CHECK(count_of(html, "</figure>") == charts);
  CHECK(count_of(html, "<section>") == count_of(html, "</section>"));
  CHECK(count_of(html, "<ul") == count_of(html, "</ul>"));
  CHECK(count_of(html, "<li") == count_of(html, "</li>"));
  CHECK(count_of(html, "<rect ") == 2 * charts);  // every group measured every metric
  for (const char* fetched : {"http", "<script", "<link", "@import", "url(", "src=", "@font-face"}) {
    CHECK_MESSAGE(html.find(fetched) == std::string::npos, fetched);
  }
  CHECK(html.find("guest 0.42× host") != std::string::npos);
  CHECK(html.find("p99 latency 3.1× higher") != std::string::npos);
}

TEST_CASE("compare html: labels are escaped and not-measured cells say so") {
  std::vector<SourcedRun> runs;
  repeated_comparison(runs);
  for (auto& run : runs) {
    if (run.input == 1) run.run.info.label = "<b>guest</b> & \"co\" 'x'";
    run.run.phases.front().elapsed = std::chrono::nanoseconds{0};  // as "+++++"
  }
  const std::string html = format_comparison_html(compare_runs(runs, {}));
  CHECK(html.find("<b>guest") == std::string::npos);
  CHECK(html.find("&lt;b&gt;guest&lt;/b&gt; &amp; &quot;co&quot; &#39;x&#39;") != std::string::npos);
  CHECK(html.find("not measured (under 0.5 s)") != std::string::npos);
}

TEST_CASE("compare html: control bytes of a label are written as escapes, never raw") {
  std::vector<SourcedRun> runs;
  repeated_comparison(runs);
  // ESC starting a colour, NUL, DEL and a C1 control (U+009B, CSI) in UTF-8.
  const std::string hostile = std::string("\x1b[31mguest\0x\x7f\xc2\x9b", 15);
  for (auto& run : runs) {
    if (run.input == 1) run.run.info.label = hostile;
  }
  const std::string html = format_comparison_html(compare_runs(runs, {}));
  for (const char control : {'\x1b', '\0', '\x7f'}) CHECK(html.find(control) == std::string::npos);
  CHECK(html.find("\xc2\x9b") == std::string::npos);
  CHECK(html.find("\\x1b[31mguest\\x00x\\x7f\\u009b") != std::string::npos);
}

// Headless Chromium with a fresh profile and nothing that reaches the network.
test::CommandOutput chromium(const fs::path& profile, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                                   "--disable-quic", "--no-first-run", "--disable-background-networking",
                                   "--disable-component-update", "--disable-sync",
                                   "--user-data-dir=" + profile.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  return test::run_program(argv);
}

// Width and height from a PNG's IHDR chunk; {0, 0} when it is not a PNG.
std::pair<std::uint32_t, std::uint32_t> png_size(const std::string& png) {
  if (png.size() < 24 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || png.compare(12, 4, "IHDR") != 0) return {};
  const auto be32 = [&](std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(png[at + i]);
    return value;
  };
  return {be32(16), be32(20)};
}

std::string screenshot(const test::TempDir& dir, const std::string& name, const std::string& html) {
  const fs::path page = dir.path() / (name + ".html");
  const fs::path png = dir.path() / (name + ".png");
  std::ofstream(page) << html;
  const auto result = chromium(dir.path() / (name + "-profile"),
                               {"--screenshot=" + png.string(), "--window-size=1200,900", "file://" + page.string()});
  INFO("chromium stderr: " << result.err);
  REQUIRE(result.exit_code == 0);
  REQUIRE(fs::exists(png));
  return test::read_file(png);
}

TEST_CASE("compare html: headless Chromium loads the page and renders charts, not a blank page") {
  if (test::skip_unless(test::tool_installed("chromium"), test::Need::kTool, "chromium is not installed (Debian chromium)")) {
    return;
  }
  test::TempDir dir;
  std::vector<SourcedRun> runs;
  const Comparison comparison = repeated_comparison(runs);
  const std::string html = format_comparison_html(comparison);

  // The DOM Chromium builds holds every chart: the page parsed as meant.
  const fs::path page = dir.path() / "dom.html";
  std::ofstream(page) << html;
  const auto dom = chromium(dir.path() / "dom-profile", {"--dump-dom", "file://" + page.string()});
  REQUIRE(dom.exit_code == 0);
  CHECK(count_of(dom.out, "<svg ") == chart_count(comparison));
  CHECK(count_of(dom.out, "</figure>") == chart_count(comparison));
  CHECK(dom.out.find("<h1>bench++ compare</h1>") != std::string::npos);

  const std::string shot = screenshot(dir, "page", html);
  CHECK(png_size(shot) == std::pair<std::uint32_t, std::uint32_t>{1200, 900});
  // A blank 1200x900 page compresses to about 5 KB; text and bars do not (the page gives about 115 KB).
  INFO("screenshot: " << shot.size() << " bytes");
  CHECK(shot.size() > 30'000);
}

}  // namespace
}  // namespace bench
