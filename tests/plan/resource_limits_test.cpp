// A plan's needs against the process's resource limits (plan/resource_limits.h), on plans made by hand and limits
// given as data: no disk, no ulimit. The end-to-end cases (the real binary under real limits) are in
// tests/reliability/resource_limits_test.cpp.
#include "plan/resource_limits.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = kKiB << 10;

// A plan of one group: workload `name` run by `jobs` jobs on `engine`, each on a new file of `file_bytes` in a
// private directory of /d.
Plan one_workload(std::uint32_t jobs, std::uint64_t file_bytes, EngineChoice engine = {}) {
  Plan plan;
  WorkloadSpec spec;
  spec.name = "w";
  spec.jobs = jobs;
  plan.setup.workloads = {spec};
  PlannedTest test;
  test.workload = 0;  // the setup's one workload
  test.jobs = jobs;
  test.engine = engine;
  for (std::uint32_t j = 0; j < jobs; ++j) {
    JobTarget target;
    target.directory = "/d";
    target.path = "w." + std::to_string(j) + ".0";
    target.is_private = true;
    target.region_bytes = file_bytes;
    test.targets.push_back(target);
  }
  plan.groups = {{test}};
  return plan;
}

// check_resource_limits' refusal, or "(fits)".
std::string refusal(const Plan& plan, const ResourceLimits& limits, std::uint32_t ranks_on_host = 1) {
  return test::error_of<UsageError>([&] { check_resource_limits(plan, limits, ranks_on_host); }, "(fits)");
}

ResourceLimits file_size_limit(std::uint64_t bytes) {
  ResourceLimits limits;
  limits.file_size_bytes = bytes;
  return limits;
}

ResourceLimits task_limit(std::uint64_t tasks) {
  ResourceLimits limits;
  limits.tasks = tasks;
  return limits;
}

}  // namespace

TEST_CASE("resource limits: none set, nothing is refused") {
  CHECK(refusal(one_workload(64, 16 * kMiB * kMiB, {EngineKind::kPsyncThreads, 4096, "", false}), {}) == "(fits)");
}

TEST_CASE("resource limits: a new file larger than the file size limit is refused naming it, and one as large fits") {
  const Plan plan = one_workload(2, kMiB);
  CHECK(refusal(plan, file_size_limit(kMiB)) == "(fits)");
  CHECK(refusal(plan, file_size_limit(kMiB - 1)) ==
        "workload 'w' creates a file of 1.0 MiB (w.0.0 in a private directory in /d), larger than the file size "
        "limit (ulimit -f) of 1023.9 KiB");
  // A writing job's file grown by its writes (fallocate=none, keep) may stay below the limit: not refused (the run
  // names what it meets), unless it is laid out first (overwrite=1).
  Plan grown = plan;
  grown.setup.workloads[0].pattern = IoPattern::kWrite;
  grown.setup.workloads[0].fallocate = FallocateMode::kNone;
  CHECK(refusal(grown, file_size_limit(32 * kKiB)) == "(fits)");
  grown.setup.workloads[0].fallocate = FallocateMode::kKeep;
  CHECK(refusal(grown, file_size_limit(32 * kKiB)) == "(fits)");
  grown.setup.workloads[0].overwrite = true;
  CHECK(test::contains(refusal(grown, file_size_limit(32 * kKiB)), "creates a file of 1.0 MiB"));
  grown.setup.workloads[0].overwrite = false;
  grown.setup.workloads[0].fallocate = FallocateMode::kTruncate;
  CHECK(test::contains(refusal(grown, file_size_limit(32 * kKiB)), "creates a file of 1.0 MiB"));
  // A file that is there already is not laid out: not refused (the run names what it meets).
  Plan existing = plan;
  for (JobTarget& target : existing.groups[0][0].targets) target.exists = true;
  CHECK(refusal(existing, file_size_limit(32 * kKiB)) == "(fits)");
  // A file of the user's: its path.
  Plan named = plan;
  named.groups[0][0].targets[1].is_private = false;
  named.groups[0][0].targets[1].path = "/d/data";
  named.groups[0][0].targets[0].region_bytes = 1;
  CHECK(test::contains(refusal(named, file_size_limit(32 * kKiB)), "creates a file of 1.0 MiB (/d/data)"));
}

TEST_CASE("resource limits: bonnie++'s test files against the file size limit, by the option that sizes them") {
  Plan plan;
  plan.setup.io = IoSpec{};
  plan.setup.io->file_size_bytes = 2 * kMiB;
  CHECK(refusal(plan, file_size_limit(2 * kMiB)) == "(fits)");
  CHECK(refusal(plan, file_size_limit(kMiB)) ==
        "-s: each worker's test file of 2.0 MiB is larger than the file size limit (ulimit -f) of 1.0 MiB");
  plan.setup.io.reset();
  plan.setup.sync_test = SyncTestSpec{};
  plan.setup.sync_test->total_bytes = 22 * kMiB;
  CHECK(test::contains(refusal(plan, file_size_limit(kMiB)), "--sync-size: the fsync test's file of 22.0 MiB"));
  plan.setup.sync_test.reset();
  plan.setup.files = FileSpec{};
  plan.setup.files->max_size_bytes = 64 * kKiB;
  plan.setup.files->min_size_bytes = 16 * kKiB;  // sizes drawn from 16 to 64 KiB: only a limit below 16 is certain
  CHECK(refusal(plan, file_size_limit(32 * kKiB)) == "(fits)");
  CHECK(refusal(plan, file_size_limit(16 * kKiB)) == "(fits)");
  CHECK(test::contains(refusal(plan, file_size_limit(8 * kKiB)), "-n: the file tests' smallest file of 16.0 KiB"));
}

TEST_CASE("resource limits: the threads and processes a group runs at once against the process limit") {
  // One job runs on the runner's thread; several each on a thread of their own.
  CHECK(group_tasks(one_workload(1, kMiB), 0) == 1);
  CHECK(group_tasks(one_workload(8, kMiB), 0) == 9);
  // posixaio's jobs each in a process of its own too; psync_threads' iodepth threads per job.
  CHECK(group_tasks(one_workload(2, kMiB, {EngineKind::kPosixAio, 8, "", true}), 0) == 5);
  CHECK(group_tasks(one_workload(2, kMiB, {EngineKind::kPsyncThreads, 8, "", false}), 0) == 19);
  // bonnie++'s random seeks: -c workers, each with its seekers.
  Plan seeks;
  seeks.setup.io = IoSpec{};
  seeks.setup.io->seekers = 5;
  PlannedTest seek_test;
  seek_test.bonnie_test = PhaseId::kRandomSeeks;
  seek_test.jobs = 2;
  seeks.groups = {{seek_test}};
  CHECK(group_tasks(seeks, 0) == 13);
  // With rank 0's progress thread: 8 jobs need 10.
  const Plan plan = one_workload(8, kMiB);
  CHECK(refusal(plan, task_limit(10)) == "(fits)");
  CHECK(refusal(plan, task_limit(9)) ==
        "workload 'w' needs 10 processes and threads at once (numjobs, and a process of its own for each job "
        "without thread=, iodepth threads for psync_threads and io_submit_mode=offload, the progress thread), more "
        "than the process limit (ulimit -u) of 9 processes and threads");
  // Where the kernel does not apply the limit (root), nothing is refused.
  ResourceLimits root = task_limit(1);
  root.tasks_enforced = false;
  CHECK(refusal(plan, root) == "(fits)");
}

TEST_CASE("resource limits: the ranks on this host share the user's process limit") {
  Plan plan = one_workload(8, kMiB);
  plan.ranks = 4;
  // Two of the four ranks here (9 each), rank 0 perhaps elsewhere: its progress thread not counted.
  CHECK(refusal(plan, task_limit(18), 2) == "(fits)");
  CHECK(test::contains(refusal(plan, task_limit(17), 2), "needs 18 processes and threads at once"));
  CHECK(test::contains(refusal(plan, task_limit(17), 2), "on each of 2 ranks on this host"));
  // All four here: rank 0's too.
  CHECK(refusal(plan, task_limit(37), 4) == "(fits)");
  CHECK(test::contains(refusal(plan, task_limit(36), 4), "needs 37 processes"));
}

TEST_CASE("resource limits: a group's request buffers in one process against the address space and data limits") {
  const EngineChoice libaio{EngineKind::kLibaio, 16, "", false};
  Plan plan = one_workload(4, kMiB, libaio);
  plan.setup.workloads[0].block_bytes = 64 * 1024;
  const std::uint64_t per_job = job_buffer_bytes(plan.setup.workloads[0], 16).value();
  CHECK(per_job == kMiB);
  CHECK(group_buffer_bytes(plan, 0) == 4 * kMiB);
  ResourceLimits limits;
  limits.address_space_bytes = 4 * kMiB;
  CHECK(refusal(plan, limits) == "(fits)");
  limits.address_space_bytes = 4 * kMiB - 1;
  CHECK(refusal(plan, limits) ==
        "workload 'w' needs 4.0 MiB of request buffers in one process (numjobs x iodepth x bs), more than the address "
        "space limit (ulimit -v) of 3.9 MiB");
  limits.address_space_bytes.reset();
  limits.data_bytes = 2 * kMiB;
  CHECK(test::contains(refusal(plan, limits), "more than the data limit (ulimit -d) of 2.0 MiB"));
  // Jobs in processes of their own (posixaio): the largest one's, each process its own limit.
  plan.groups[0][0].engine = {EngineKind::kPosixAio, 16, "", true};
  CHECK(group_buffer_bytes(plan, 0) == kMiB);
  CHECK(refusal(plan, limits) == "(fits)");
}

}  // namespace bench
