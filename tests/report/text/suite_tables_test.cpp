// The suites' published tables (report/text/suite_tables.h) with a failed job: tart's cells and CrystalDiskMark's
// best and mean never show a failed job's figures, and the failure is named with its error.
#include "report/text/suite_tables.h"

#include <doctest/doctest.h>

#include "report/suite_run.h"
#include "test_support.h"

namespace bench {
namespace {

using test::contains;

using test::suite_run;

const JobFailure kFailure{84, "workload 'rr': verify: bad magic at offset 0"};

TEST_CASE("suite tables: tart's cells of a failed job say FAILED, and a line names the executor and its error") {
  const RunResult host = suite_run("tart", "rr", IoPattern::kRandRead, IoDirection::kRead, 1000);
  const RunResult guest = suite_run("tart", "rr", IoPattern::kRandRead, IoDirection::kRead, 10, kFailure);
  const std::string table = format_suite_table({Executor{"host", {&host}}, Executor{"guest", {&guest}}});
  CHECK(contains(table, "1.0 MB/s"));      // the host's
  CHECK_FALSE(contains(table, "100.0 MB/s"));  // the guest's figures are not shown
  CHECK(test::count_of(table, "FAILED") == 3 + 1);  // its read bandwidth, IOPS, latency; and the line
  CHECK(contains(table, "\nguest: workload 'rr': FAILED (error 84): verify: bad magic at offset 0\n"));
}

TEST_CASE("suite tables: CrystalDiskMark's best and mean leave a failed run out, and FAILED where every run did") {
  const RunResult good = suite_run("cdm", "SEQ1M", IoPattern::kRead, IoDirection::kRead, 1000);
  const RunResult fast_but_failed = suite_run("cdm", "SEQ1M", IoPattern::kRead, IoDirection::kRead, 10, kFailure);
  SUBCASE("one of two runs failed") {
    const std::string table = format_suite_table({Executor{"host", {&good, &fast_but_failed}}});
    CHECK(contains(table, "1.00 ± 0.00"));  // the good run's alone: not the failed one's 100 MB/s
    CHECK_FALSE(contains(table, "100.00"));
    CHECK(contains(table, "1 of 2 runs FAILED (error 84): workload 'rr': verify: bad magic at offset 0; left out\n"));
  }
  SUBCASE("every run failed") {
    const std::string table = format_suite_table({Executor{"host", {&fast_but_failed}}});
    CHECK(contains(table, "SEQ1M                    FAILED\n"));
    CHECK_FALSE(contains(table, "100.00"));
    CHECK(contains(table, "1 of 1 run FAILED (error 84): "));
    CHECK_FALSE(contains(table, "; left out"));
  }
}

TEST_CASE("suite tables: openstack's row per workload and executor, in the direction the workload moves data") {
  const RunResult host = suite_run("openstack", "randwrite-4k", IoPattern::kRandWrite, IoDirection::kWrite, 1000);
  const RunResult vm = suite_run("openstack", "randwrite-4k", IoPattern::kRandWrite, IoDirection::kWrite, 500);
  const std::string table = format_suite_table({Executor{"host", {&host}}, Executor{"vm", {&vm}}});
  CAPTURE(table);
  CHECK(contains(table, "\nOpenStack report's table: "));
  CHECK(contains(table, "\nName          Executor         IOPS           B/W               Latency\n"));
  CHECK(contains(table, "\nrandwrite-4k  host         250 IOPS      1.0 MB/s   30.0us (p99 70.0us)\n"));
  CHECK(contains(table, "\nrandwrite-4k  vm           500 IOPS      2.0 MB/s   30.0us (p99 70.0us)\n"));
  const RunResult failed = suite_run("openstack", "randwrite-4k", IoPattern::kRandWrite, IoDirection::kWrite, 10, kFailure);
  const std::string with_failure = format_suite_table({Executor{"host", {&host}}, Executor{"vm", {&failed}}});
  CHECK(test::count_of(with_failure, "FAILED") == 3 + 1);
  CHECK(contains(with_failure, "\nvm: workload 'randwrite-4k': FAILED (error 84): "));
}

TEST_CASE("suite tables: one table per suite, rendered as text from its rows") {
  const RunResult cdm = suite_run("cdm", "SEQ1M", IoPattern::kRead, IoDirection::kRead, 1000);
  const RunResult tart = suite_run("tart", "rr", IoPattern::kRandRead, IoDirection::kRead, 1000);
  const RunResult plain = suite_run("", "rr", IoPattern::kRandRead, IoDirection::kRead, 1000);
  CHECK_FALSE(suite_table({Executor{"a", {&cdm}}, Executor{"b", {&tart}}}));  // two suites: neither's table
  CHECK_FALSE(suite_table({Executor{"a", {&plain}}}));
  CHECK_FALSE(suite_table({}));
  CHECK(format_suite_table({Executor{"a", {&plain}}}).empty());
  for (const char* suite : {"tart", "openstack", "cdm"}) CHECK(suite_has_table(suite));
  CHECK_FALSE(suite_has_table(""));
  const std::optional<SuiteTable> table = suite_table({Executor{"host", {&cdm, &cdm}}});
  REQUIRE(table);
  CHECK(table->name == "CrystalDiskMark's table");
  REQUIRE(table->groups.size() == 1);
  CHECK(table->groups.front().heading == "host (2 runs)");
  REQUIRE(table->groups.front().rows.size() == 1);
  CHECK(table->groups.front().rows.front().cells ==
        std::vector<std::string>{"SEQ1M", "1.00", "1.00 ± 0.00", "250", "30.0us"});
  // The text: the name and explanation, the heading, the titles, the row, each column at its width.
  CHECK(format_suite_table_text(*table) ==
        "\n" + table->name + table->explanation + "\nhost (2 runs)\n"
        "test                   CDM MB/s         mean ± sd MB/s       IOPS      latency\n"
        "SEQ1M                      1.00            1.00 ± 0.00        250       30.0us\n");
}

}  // namespace
}  // namespace bench
