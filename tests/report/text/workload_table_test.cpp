#include "report/text/workload_table.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

PhaseResult workload_part(const std::string& name, IoDirection direction, std::optional<std::uint32_t> job,
                          std::uint64_t operations) {
  PhaseResult result;
  result.operations = operations;
  result.bytes = operations * 4096;
  result.elapsed = std::chrono::seconds(1);
  WorkloadPart part;
  part.workload = name;
  part.direction = direction;
  part.job = job;
  result.workload = part;
  return result;
}

}  // namespace

TEST_CASE("workload table: a failed job is marked, noted with its error, and named once in a line for stderr") {
  RunResult run;
  run.phases.push_back(workload_part("ok", IoDirection::kWrite, std::nullopt, 100));
  // "many": numjobs=2 reported apart, job 1 failed (its whole carries the failure too, but is not named again).
  const JobFailure failure{28, "workload 'many': cannot write f at offset 0: No space left on device"};
  run.phases.push_back(workload_part("many", IoDirection::kWrite, std::nullopt, 10));
  run.phases.push_back(workload_part("many", IoDirection::kWrite, 0, 10));
  run.phases.push_back(workload_part("many", IoDirection::kWrite, 1, 0));
  run.phases[1].workload->failure = failure;
  run.phases[3].workload->failure = failure;
  // "bad": failed in both its directions' parts, named once.
  run.phases.push_back(workload_part("bad", IoDirection::kRead, std::nullopt, 1));
  run.phases.push_back(workload_part("bad", IoDirection::kWrite, std::nullopt, 1));
  run.phases[4].workload->failure = run.phases[5].workload->failure = JobFailure{84, "verify: bad magic"};
  CHECK(job_failure_lines(run) ==
        std::vector<std::string>{"workload 'many' job 1: cannot write f at offset 0: No space left on device",
                                 "workload 'bad': verify: bad magic"});
  const std::string table = format_workload_table(run);
  CHECK(test::contains(table, "Note: workload 'bad': FAILED (error 84): verify: bad magic; its figures are what it "
                              "did before\n"));
  CHECK(test::contains(table, "Note: workload 'many' job 1: FAILED (error 28): cannot write f"));
  CHECK(test::contains(table, "psync FAILED\n"));
  run.phases[1].workload->failure.reset();
  run.phases[3].workload->failure.reset();
  run.phases[4].workload->failure.reset();
  run.phases[5].workload->failure.reset();
  CHECK(job_failure_lines(run).empty());
  CHECK_FALSE(test::contains(format_workload_table(run), "FAILED"));
}

TEST_CASE("workload table: across repeats, a run whose job failed is left out of the mean and best, and counted") {
  std::vector<RunResult> runs(3);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    runs[r].phases.push_back(workload_part("w", IoDirection::kRead, std::nullopt, r == 1 ? 9000 : 1000));
    runs[r].phases.push_back(workload_part("all", IoDirection::kWrite, std::nullopt, 500));
    runs[r].phases.back().workload->failure = JobFailure{5, "short write"};
  }
  runs[1].phases[0].workload->failure = JobFailure{84, "verify: bad magic"};  // its 9000/s is no result
  const std::string summary = format_workload_repeat_summary(runs);
  CHECK(test::contains(summary, "\nw read           1.00k ± 0.00    1.00k"));  // the two good runs only
  CHECK_FALSE(test::contains(summary, "9.00k"));
  CHECK(test::contains(summary, "\nall write" + std::string(14, ' ') + "FAILED\n"));
  CHECK(test::contains(summary, "w read: 1 of 3 runs FAILED, left out\n"));
  CHECK(test::contains(summary, "all write: 3 of 3 runs FAILED, left out\n"));
}

}  // namespace bench
