// What a result says of the test it is (result/run_result.h PhaseResult::id, result/test_id.h): a workload's part
// by its WorkloadPart alone, bonnie++'s tests by their phase. Pure.
#include "result/test_id.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

PhaseResult bonnie_result(PhaseId id) {
  PhaseResult result;
  result.bonnie_test = id;
  return result;
}

PhaseResult workload_result(const std::string& workload, IoDirection direction, std::optional<std::uint32_t> job) {
  PhaseResult result;
  result.workload = WorkloadPart{};
  result.workload->workload = workload;
  result.workload->direction = direction;
  result.workload->job = job;
  return result;
}

TEST_CASE("test id: one of bonnie++'s tests is named by its phase") {
  const PhaseResult seeks = bonnie_result(PhaseId::kRandomSeeks);
  CHECK(seeks.id() == PhaseId::kRandomSeeks);
  CHECK(test_id(seeks) == test_id(PhaseId::kRandomSeeks));
  CHECK(test_key(test_id(seeks)) == "random_seeks");
  CHECK(test_title(test_id(seeks)) == "Random Seeks");
  CHECK(test_short_title(test_id(seeks)) == "Random seeks");
  CHECK(test_work_unit(seeks) == WorkUnit::kSeeks);
  CHECK(test_work_unit(bonnie_result(PhaseId::kBlockWrite)) == WorkUnit::kBytes);
  CHECK(test_work_unit(bonnie_result(PhaseId::kSeqCreate)) == WorkUnit::kFiles);
  CHECK(test_work_unit(bonnie_result(PhaseId::kFsyncLatency)) == WorkUnit::kSyncs);
}

TEST_CASE("test id: a workload's part is one because it holds its part, whatever bonnie_test says") {
  PhaseResult read = workload_result("randrw-4k", IoDirection::kRead, std::nullopt);
  CHECK(read.id() == PhaseId::kWorkload);
  read.bonnie_test = PhaseId::kSeqStat;  // not read once the part is there
  CHECK(read.id() == PhaseId::kWorkload);
  CHECK(test_id(read) == workload_test_id("randrw-4k", IoDirection::kRead));
  CHECK(test_id(read).phase == PhaseId::kWorkload);
  CHECK(test_key(test_id(read)) == "randrw-4k.read");
  CHECK(test_title(test_id(read)) == "randrw-4k: reads");
  CHECK(test_short_title(test_id(read)) == "randrw-4k read");
  CHECK(test_work_unit(read) == WorkUnit::kBytes);

  const PhaseResult job_write = workload_result("seq", IoDirection::kWrite, 1);
  CHECK(test_id(job_write) == workload_test_id("seq", IoDirection::kWrite, 1));
  CHECK(test_id(job_write) != workload_test_id("seq", IoDirection::kWrite));
  CHECK(test_key(test_id(job_write)) == "seq.job1.write");
  CHECK(test_title(test_id(job_write)) == "seq, job 1: writes");
  CHECK(test_short_title(test_id(job_write)) == "seq #1 write");

  const PhaseResult syncs = workload_result("sync", IoDirection::kSync, std::nullopt);
  CHECK(test_key(test_id(syncs)) == "sync.sync");
  CHECK(test_work_unit(syncs) == WorkUnit::kSyncs);
  CHECK(test_work_unit(workload_result("t", IoDirection::kTrim, std::nullopt)) == WorkUnit::kBytes);
}

TEST_CASE("test id: a run's results are found by their test, a workload's part never as a bonnie++ test") {
  RunResult run;
  run.phases.push_back(workload_result("w", IoDirection::kRead, std::nullopt));  // bonnie_test left at its default
  run.phases.push_back(workload_result("w", IoDirection::kRead, 0));
  run.phases.push_back(bonnie_result(PhaseId::kRewrite));
  CHECK(run.find(run.phases.front().bonnie_test) == nullptr);
  CHECK(run.find(PhaseId::kRewrite) == &run.phases[2]);
  CHECK(find_test(run, test_id(PhaseId::kRewrite)) == &run.phases[2]);
  CHECK(find_test(run, workload_test_id("w", IoDirection::kRead)) == &run.phases[0]);
  CHECK(find_test(run, workload_test_id("w", IoDirection::kRead, 0)) == &run.phases[1]);
  CHECK(find_test(run, workload_test_id("w", IoDirection::kWrite)) == nullptr);
  CHECK(find_test(run, test_id(PhaseId::kBlockWrite)) == nullptr);
}

}  // namespace
}  // namespace bench
