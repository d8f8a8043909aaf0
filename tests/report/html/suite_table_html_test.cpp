// A suite's table as HTML (report/html/suite_table_html.h): the text's cells, each in its own cell, with the
// groups' headings, failed rows and notes; and where the pages put it.
#include "report/html/suite_table_html.h"

#include <doctest/doctest.h>

#include "report/html/html_text.h"
#include "report/suite_run.h"
#include "test_support.h"

namespace bench {
namespace {

using test::contains;

TEST_CASE("suite table html: one <table> with the text's cells, headings, failed rows and notes, escaped") {
  SuiteTable table{"Tart's table", " (a <b> & c): explained", "  ", {{"Name", 4, true, true}, {"B/W", 12}}, {}, {}};
  table.groups = {SuiteTableGroup{"host (2 runs)", {SuiteTableRow{{"seq <1m>", "1.0 MB/s"}, false, ""},
                                                    SuiteTableRow{{"rnd", "FAILED"}, true, "1 of 2 runs FAILED"}}}};
  table.notes = {"(each executor's first run)"};
  const std::string html = format_suite_table_html(table);
  CHECK(contains(html, "<h2>Tart&#39;s table</h2>\n<p class=\"rule\">(a &lt;b&gt; &amp; c): explained</p>\n"));
  CHECK(test::count_of(html, "<table") == 1);
  CHECK(contains(html, "<tr><th colspan=\"2\">host (2 runs)</th></tr>\n<tr><th>Name</th><th>B/W</th></tr>\n"));
  CHECK(contains(html, "<tr><td>seq &lt;1m&gt;</td><td class=\"number\">1.0 MB/s</td></tr>\n"));
  CHECK(contains(html, "<tr class=\"failed\"><td>rnd</td><td class=\"number\">FAILED</td></tr>\n"
                       "<tr class=\"failed\"><td></td><td colspan=\"1\">1 of 2 runs FAILED</td></tr>\n"));
  CHECK(contains(html, "<li>(each executor&#39;s first run)</li>"));
}

TEST_CASE("suite table html: every cell of the text table, for each suite, and nothing for other runs") {
  for (const char* suite : {"tart", "openstack", "cdm"}) {
    CAPTURE(suite);
    const RunResult run = test::suite_run(suite, "w", IoPattern::kRandWrite, IoDirection::kWrite, 1000);
    const std::vector<Executor> executors{Executor{"host", {&run}}};
    const std::optional<SuiteTable> table = suite_table(executors);
    REQUIRE(table);
    const std::string html = suite_table_section(executors);
    CHECK(contains(html, "<h2>" + html_text(table->name) + "</h2>"));
    for (const SuiteTableGroup& group : table->groups) {
      for (const SuiteTableRow& row : group.rows) {
        for (const std::string& cell : row.cells) CHECK(contains(html, ">" + cell + "</td>"));
      }
    }
  }
  const RunResult plain = test::suite_run("", "w", IoPattern::kRandWrite, IoDirection::kWrite, 1000);
  CHECK(suite_table_section({Executor{"host", {&plain}}}).empty());
}

}  // namespace
}  // namespace bench
