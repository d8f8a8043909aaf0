// The pure parts of a run's plan (plan/plan.h): which tests start together, how many jobs run each, a workload's
// seed, and the shape the ranks of an MPI job agree on. No disk, no clock.
#include "plan/plan.h"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "phases/bonnie/phase_list.h"
#include "phases/seeds.h"
#include "result/errors.h"

namespace bench {
namespace {

WorkloadSpec workload(const std::string& name) {
  WorkloadSpec spec;
  spec.name = name;
  return spec;
}

// The workload indexes of each group (bonnie++'s tests as -1).
std::vector<std::vector<int>> layout(const std::vector<std::vector<PlannedTest>>& groups) {
  std::vector<std::vector<int>> out;
  for (const auto& group : groups) {
    out.emplace_back();
    for (const PlannedTest& test : group) {
      out.back().push_back(test.workload ? static_cast<int>(*test.workload) : -1);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("plan: workloads start together up to each stonewall, as fio runs a job file's jobs") {
  RunSetup setup;
  setup.workloads = {workload("a"), workload("b"), workload("c"), workload("d"), workload("e")};
  setup.workloads[2].stonewall = true;
  setup.workloads[4].stonewall = true;
  CHECK(layout(group_tests(setup, 1)) == std::vector<std::vector<int>>{{0, 1}, {2, 3}, {4}});
  // A stonewall on the first workload starts no empty group before it.
  setup.workloads[0].stonewall = true;
  CHECK(layout(group_tests(setup, 1)) == std::vector<std::vector<int>>{{0, 1}, {2, 3}, {4}});
  // wait_for= (run where it is a stonewall's wait) starts a group as stonewall does.
  setup.workloads[1].wait_for = "a";
  CHECK(layout(group_tests(setup, 1)) == std::vector<std::vector<int>>{{0}, {1}, {2, 3}, {4}});
  setup.workloads[1].wait_for.clear();
  // Without a stonewall, every workload starts at once.
  for (WorkloadSpec& spec : setup.workloads) spec.stonewall = false;
  CHECK(layout(group_tests(setup, 1)) == std::vector<std::vector<int>>{{0, 1, 2, 3, 4}});
}

TEST_CASE("plan: a workload runs numjobs jobs, reported each without group_reporting, in fio's group") {
  RunSetup setup;
  setup.workloads = {workload("one"), workload("many"), workload("grouped"), workload("next")};
  setup.workloads[1].jobs = 4;
  setup.workloads[2].jobs = 3;
  setup.workloads[2].group_reporting = true;
  setup.workloads[3].new_group = true;  // fio's new reporting group, still started with the others
  const auto groups = group_tests(setup, 1);
  REQUIRE(groups.size() == 1);
  REQUIRE(groups[0].size() == 4);
  CHECK(groups[0][0].jobs == 1);
  CHECK_FALSE(groups[0][0].reports_each_job);
  CHECK(groups[0][1].jobs == 4);
  CHECK(groups[0][1].reports_each_job);
  CHECK(groups[0][2].jobs == 3);
  CHECK_FALSE(groups[0][2].reports_each_job);
  CHECK(groups[0][0].fio_group == 0);
  CHECK(groups[0][2].fio_group == 0);
  CHECK(groups[0][3].fio_group == 1);
  // Nothing of the machine yet: no files, no seed.
  for (const PlannedTest& test : groups[0]) {
    CHECK(test.targets.empty());
    CHECK(test.seed == 0);
  }
}

TEST_CASE("plan: each of bonnie++'s tests is a group of its own, run by -c workers, in bonnie++'s order") {
  RunSetup setup;
  setup.io = IoSpec{64u << 20, 8192, 8192, 5, 3u << 20};
  setup.files = FileSpec{};
  setup.concurrency = 3;
  const std::vector<PhaseId> tests = bonnie_tests(setup);
  REQUIRE(tests.size() > 2);
  const auto groups = group_tests(setup, 1);
  REQUIRE(groups.size() == tests.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    REQUIRE(groups[g].size() == 1);
    CHECK(groups[g][0].id() == tests[g]);
    CHECK(groups[g][0].jobs == 3);
  }
  // -c workers on every rank must be numbered within kMaxWorkers.
  setup.concurrency = static_cast<std::uint32_t>(kMaxWorkers / 4);
  CHECK_NOTHROW(group_tests(setup, 4));
  CHECK_THROWS_AS(group_tests(setup, 5), UsageError);
  // No bonnie++ test, no such limit.
  setup.io.reset();
  setup.files.reset();
  setup.sync_test.reset();
  CHECK(group_tests(setup, 5).empty());
}

TEST_CASE("plan: a planned test is a workload's by the index it holds, and the plan says if any is bonnie++'s") {
  RunSetup setup;
  setup.workloads = {workload("w")};
  Plan plan;
  plan.setup = setup;
  plan.groups = group_tests(setup, 1);
  REQUIRE(plan.groups.size() == 1);
  const PlannedTest& w = plan.groups[0][0];
  CHECK(w.id() == PhaseId::kWorkload);
  CHECK(&plan.workload(w) == &plan.setup.workloads[0]);
  CHECK_FALSE(plan.has_bonnie_tests());

  setup.sync_test = SyncTestSpec{};  // the fsync test, ahead of the workloads
  plan.setup = setup;
  plan.groups = group_tests(setup, 1);
  REQUIRE(plan.groups.size() == 2);
  const PlannedTest& fsync = plan.groups[0][0];
  CHECK_FALSE(fsync.workload.has_value());
  CHECK(fsync.id() == PhaseId::kFsyncLatency);
  CHECK(plan.groups[1][0].id() == PhaseId::kWorkload);
  CHECK(plan.has_bonnie_tests());
  CHECK_THROWS(plan.workload(fsync));  // REQUIRES a workload's test

  PlannedTest bonnie;  // bonnie++'s block write unless given a workload
  CHECK(bonnie.id() == PhaseId::kBlockWrite);
  bonnie.bonnie_test = PhaseId::kRewrite;
  CHECK(bonnie.id() == PhaseId::kRewrite);
  bonnie.workload = 0;
  CHECK(bonnie.id() == PhaseId::kWorkload);
}

TEST_CASE("plan: a workload's seed: randseed= first, fio's fixed seed with randrepeat=1 unless -z, then the run's") {
  WorkloadSpec spec = workload("w");
  // randrepeat=1 (fio's default) without -z: the same seed whatever the run's.
  CHECK(workload_seed(spec, 1, false, 0) == workload_seed(spec, 2, false, 0));
  // -z given: the run's seed decides.
  CHECK(workload_seed(spec, 1, true, 0) != workload_seed(spec, 2, true, 0));
  CHECK(workload_seed(spec, 1, true, 0) == workload_seed(spec, 1, true, 0));
  // randrepeat=0: the run's seed (drawn anew each run).
  spec.randrepeat = false;
  CHECK(workload_seed(spec, 1, false, 0) != workload_seed(spec, 2, false, 0));
  // randseed= wins over both.
  spec.seed = 42;
  CHECK(workload_seed(spec, 1, false, 0) == workload_seed(spec, 2, true, 0));
  WorkloadSpec other = workload("w");
  other.seed = 43;
  CHECK(workload_seed(spec, 1, false, 0) != workload_seed(other, 1, false, 0));
}

TEST_CASE("plan: workloads of one run, and the ranks of an MPI job, draw apart") {
  std::set<std::uint64_t> seeds;
  for (const std::string name : {"a", "b", "c"}) {
    for (std::uint32_t rank = 0; rank < 4; ++rank) seeds.insert(workload_seed(workload(name), 7, true, rank));
  }
  CHECK(seeds.size() == 12);
}

TEST_CASE("plan: the shape the ranks agree on names the runs, the groups and each test's jobs") {
  Plan plan;
  plan.repeats = 2;
  plan.setup.io = IoSpec{64u << 20, 8192, 8192, 5, 0};
  plan.setup.concurrency = 2;
  plan.setup.workloads = {workload("w"), workload("x")};
  plan.setup.workloads[0].jobs = 2;
  plan.setup.workloads[1].jobs = 3;
  plan.setup.workloads[1].group_reporting = true;
  plan.setup.workloads[1].stonewall = true;
  plan.groups = group_tests(plan.setup, 1);
  const std::string shape = plan_shape(plan);
  CHECK(shape.starts_with("runs=2; "));
  CHECK(shape.ends_with("; w jobs=2 each; x jobs=3"));
  CHECK(shape.find("jobs=2;") != std::string::npos);  // bonnie++'s tests: -c 2
  // Another repeat count, or a job more, is another shape.
  Plan other = plan;
  other.repeats = 3;
  CHECK(plan_shape(other) != shape);
  other = plan;
  other.groups.back().back().jobs = 4;
  CHECK(plan_shape(other) != shape);
}

}  // namespace bench
