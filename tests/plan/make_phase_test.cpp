// The planned tests' phases and what the runner asks of them (plan/plan.h make_phase, phases/phase.h), and the
// engine rows' rules the plan applies. Plans only: nothing is created.
#include <doctest/doctest.h>

#include <algorithm>

#include "plan/plan.h"
#include "phases/workload/workload_files.h"
#include "test_support.h"

namespace bench::test {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

WorkloadSpec workload_named(std::string name, EngineKind engine, std::string fio_engine) {
  WorkloadSpec spec;
  spec.name = std::move(name);
  spec.pattern = IoPattern::kWrite;
  spec.block_bytes = 4096;
  spec.size_bytes = kMiB;
  spec.engine = engine;
  spec.fio_engine = std::move(fio_engine);
  return spec;
}

Plan plan_of(const RunSetup& setup, const std::filesystem::path& directory) {
  PlanFacts facts;
  facts.directory = directory;
  facts.free_bytes_of_directory = std::uint64_t{1} << 40;
  facts.memory_bytes = std::uint64_t{1} << 33;
  return make_plan(setup, facts);
}

}  // namespace

TEST_CASE("plan: each planned test's phase says how its jobs run, which the runner asks instead of its kind") {
  const TempDir tmp;
  RunSetup setup;
  setup.sync_test = SyncTestSpec{};
  setup.workloads.push_back(workload_named("logged", EngineKind::kPsync, "psync"));
  setup.workloads.back().disk_util = true;
  setup.workloads.push_back(workload_named("quiet", EngineKind::kPsync, "psync"));
  setup.workloads.back().disk_util = false;
  Plan plan = plan_of(setup, tmp.path());
  REQUIRE(plan.groups.size() == 2);
  REQUIRE(plan.groups[0].size() == 1);
  REQUIRE(plan.groups[1].size() == 2);
  WorkloadFiles files(tmp.path(), std::nullopt);

  PlannedTest& fsync_test = plan.groups[0][0];
  const std::unique_ptr<Phase> bonnie = make_phase(plan, fsync_test, files);
  CHECK(bonnie->parts() == std::vector<TestId>{test_id(PhaseId::kFsyncLatency)});
  CHECK(bonnie->runs_in_workers());
  CHECK_FALSE(bonnie->records_job_failure());
  CHECK_FALSE(bonnie->progress_by_name());
  CHECK(bonnie->disk_stat_paths().empty());
  CHECK_FALSE(fsync_test.fio_group.has_value());

  PlannedTest& logged_test = plan.groups[1][0];
  const std::unique_ptr<Phase> logged = make_phase(plan, logged_test, files);
  CHECK(logged->parts().front().workload == "logged");
  CHECK_FALSE(logged->runs_in_workers());
  CHECK(logged->records_job_failure());
  CHECK(logged->progress_by_name());
  // The job's file is bench++'s own, made later in a private directory: fio's disk_util looks at that directory.
  REQUIRE(logged_test.targets.size() == 1);
  CHECK(logged->disk_stat_paths() == std::vector<std::filesystem::path>{logged_test.targets.front().directory});
  CHECK(logged_test.fio_group.has_value());

  PlannedTest& quiet_test = plan.groups[1][1];
  CHECK(make_phase(plan, quiet_test, files)->disk_stat_paths().empty());
  CHECK(quiet_test.fio_group.has_value());
}

TEST_CASE("plan: the engine rows decide a workload's engine, and posixaio's job processes stay threads beside a threaded one") {
  const TempDir tmp;
  RunSetup setup;
  setup.workloads.push_back(workload_named("own", EngineKind::kPosixAio, "posixaio"));
  Plan alone = plan_of(setup, tmp.path());
  CHECK(alone.groups.at(0).at(0).engine.own_process);  // glibc's POSIX AIO is per process, as fio's jobs are

  setup.workloads.push_back(workload_named("threaded", EngineKind::kPosixAio, "posixaio"));
  setup.workloads.back().thread = true;
  setup.workloads.push_back(workload_named("plain", EngineKind::kPsync, "psync"));
  setup.workloads.back().iodepth = 4;
  const Plan together = plan_of(setup, tmp.path());
  const std::vector<PlannedTest>& group = together.groups.at(0);
  REQUIRE(group.size() == 3);
  CHECK_FALSE(group[0].engine.own_process);  // no fork while the threaded job's POSIX AIO is busy
  CHECK_FALSE(group[1].engine.own_process);  // thread=
  CHECK(group[2].engine.own_process);        // psync never uses glibc's AIO: a process, as fio's job
  CHECK(group[2].engine.engine == EngineKind::kPsync);
  CHECK(group[2].engine.depth == 1);  // synchronous: one request at a time, as in fio
}

}  // namespace bench::test
