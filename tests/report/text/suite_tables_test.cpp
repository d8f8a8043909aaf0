// The suites' published tables (report/text/suite_tables.h) with a failed job: tart's cells and CrystalDiskMark's
// best and mean never show a failed job's figures, and the failure is named with its error.
#include "report/text/suite_tables.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

using test::contains;

// A run of `suite` with one workload `name` (rw=`pattern`) whose `direction` moved 1 MB in `elapsed_ms`.
RunResult suite_run(const std::string& suite, const std::string& name, IoPattern pattern, IoDirection direction,
                    int elapsed_ms, std::optional<JobFailure> failure = std::nullopt) {
  RunResult run;
  run.info.setup.suite = suite;
  WorkloadSpec spec;
  spec.name = name;
  spec.pattern = pattern;
  run.info.setup.workloads = {spec};
  PhaseResult p;
  p.bytes = 1'000'000;
  p.operations = 250;
  p.elapsed = std::chrono::milliseconds(elapsed_ms);
  p.latency = LatencySummary{250, 1'000, 40'000, 30'000, 50'000, 60'000, 70'000, 80'000};
  WorkloadPart part;
  part.workload = name;
  part.direction = direction;
  part.failure = std::move(failure);
  p.workload = part;
  run.phases = {p};
  return run;
}

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

}  // namespace
}  // namespace bench
