#include "report/text/workload_table.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

PhaseResult workload_part(const std::string& name, IoDirection direction, std::optional<std::uint32_t> job,
                          std::uint64_t operations) {
  PhaseResult result;
  result.id = PhaseId::kWorkload;
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

}  // namespace bench
