#pragma once
// A made-up run of a suite for the tests of the suites' tables (report/text/suite_tables.h) and the pages that
// show them (report/html/).
#include <optional>
#include <string>

#include "result/run_result.h"

namespace bench::test {

// A run of `suite` with one workload `name` (rw=`pattern`) whose `direction` moved 1 MB in 250 requests in
// `elapsed_ms`, latency mean 30 us and p99 70 us.
inline RunResult suite_run(const std::string& suite, const std::string& name, IoPattern pattern,
                           IoDirection direction, int elapsed_ms, std::optional<JobFailure> failure = std::nullopt) {
  RunResult run;
  run.info.setup.suite = suite;
  run.info.label = "host";
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

}  // namespace bench::test
