#include "plan/plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "phases/workload/job_priority.h"
#include "phases/workload/target_rules.h"
#include "phases/bonnie/phase_list.h"
#include "phases/seeds.h"
#include "phases/workload/workload_phase.h"
#include "result/default_file_size.h"
#include "result/errors.h"

namespace bench {
namespace {

// fio's randrepeat=1: the same offsets every run, whatever -z (unless -z is given).
constexpr std::uint64_t kRepeatableSeed = 0x66696f2d72657065ULL;

// Each rank of an MPI job its own stream (its offsets, and the data it writes), rank 0 that of one process.
constexpr std::uint64_t kRankSeedStep = 0x9e3779b97f4a7c15ULL;

}  // namespace

std::uint64_t workload_seed(const WorkloadSpec& spec, std::uint32_t run_seed, bool seed_given, std::uint32_t rank) {
  std::uint64_t base = run_seed;
  if (spec.seed) {
    base = *spec.seed;
  } else if (spec.randrepeat && !seed_given) {
    base = kRepeatableSeed;
  }
  return (base ^ (std::hash<std::string>{}(spec.name) << 1)) + rank * kRankSeedStep;
}

std::vector<std::vector<PlannedTest>> group_tests(const RunSetup& setup, std::uint32_t ranks) {
  std::vector<std::vector<PlannedTest>> groups;
  const std::vector<PhaseId> tests = bonnie_tests(setup);
  if (!tests.empty() && !workers_fit(ranks, setup.concurrency)) {
    throw UsageError(fmt::format("invalid -c value '{}': {} ranks x {} workers are more than {} workers",
                                 setup.concurrency, ranks, setup.concurrency, kMaxWorkers));
  }
  for (const PhaseId id : tests) {  // bonnie++'s: each a group of its own, run by -c workers
    PlannedTest test;
    test.bonnie_test = id;
    test.jobs = setup.concurrency;
    test.expected_operations = make_bonnie_test(id)->expected_operations(setup);
    groups.push_back({std::move(test)});
  }
  const std::vector<WorkloadSpec>& workloads = setup.workloads;
  const std::vector<std::uint32_t> fio_groups = fio_group_ids(workloads);
  for (std::size_t w = 0; w < workloads.size(); ++w) {  // the workloads: a group up to each stonewall (or wait_for)
    const WorkloadSpec& spec = workloads[w];
    if (w == 0 || spec.stonewall || !spec.wait_for.empty()) groups.emplace_back();
    PlannedTest test;
    test.workload = w;
    test.jobs = spec.jobs;
    test.reports_each_job = spec.jobs > 1 && !spec.group_reporting;
    test.fio_group = fio_groups[w];
    groups.back().push_back(std::move(test));
  }
  return groups;
}

namespace {

// A posixaio job with thread= runs on a thread of bench++ and uses glibc's POSIX AIO there while the group runs; a
// process forked meanwhile could inherit that AIO state half-changed (its lock held). So where a group has such a
// job, its other posixaio jobs are threads too (EngineChoice::own_process); a process of another engine never uses
// glibc's AIO, and stays one.
void keep_posixaio_threads_together(std::vector<PlannedTest>& group) {
  const auto posixaio = [](const PlannedTest& test) { return engine_facts(test.engine.engine).per_process; };
  const auto threaded_posixaio = [&](const PlannedTest& test) { return posixaio(test) && !test.engine.own_process; };
  if (std::none_of(group.begin(), group.end(), threaded_posixaio)) return;
  for (PlannedTest& test : group) {
    if (posixaio(test)) test.engine.own_process = false;
  }
}

// The workloads' tests of the groups, in order: each job's file planned against the rules of
// phases/workload/workload_files.h (with the files of the workloads before it), its engine and seed.
void plan_workloads(const PlanFacts& facts, Plan& plan) {
  const WorkloadFiles files(facts.directory, facts.ranks > 1 ? std::optional(facts.rank) : std::nullopt,
                            plan.setup.file_rules);
  std::vector<JobTarget> planned;
  for (std::vector<PlannedTest>& group : plan.groups) {
    for (PlannedTest& test : group) {
      if (!test.workload) continue;
      const WorkloadSpec& spec = plan.workload(test);
      check_job_priority(spec);  // nice=, prio=, prioclass=: refused here, before anything is created, if the kernel would
      plan.exitall = plan.exitall || spec.exitall;
      test.targets = files.plan(spec, planned);
      planned.insert(planned.end(), test.targets.begin(), test.targets.end());
      test.engine = choose_engine(spec, facts.io_uring_refusal);
      check_polled_devices(spec, test.targets, test.engine.engine);
      test.seed = workload_seed(spec, plan.setup.seed, facts.seed_given, facts.rank);
    }
    keep_posixaio_threads_together(group);
  }
}

}  // namespace

Plan make_plan(const RunSetup& setup, const PlanFacts& facts) {
  Plan plan;
  plan.setup = setup;
  settle_file_rules(plan.setup.file_rules, plan.setup.workloads);  // what runs is what the outputs record
  plan.ranks = facts.ranks;
  plan.repeats = facts.repeats;
  plan.window_command = facts.window_command;
  fit_default_file_size(plan.setup, facts.ranks, facts.free_bytes_of_directory);
  plan.groups = group_tests(plan.setup, facts.ranks);
  plan.worker_directories = plan.has_bonnie_tests();  // each worker a directory of its own
  plan_workloads(facts, plan);
  std::vector<WorkloadRoom> workloads;
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    for (const PlannedTest& test : plan.groups[g]) {
      if (test.workload) workloads.push_back({&plan.workload(test), &test.targets, test.engine.depth, g});
    }
  }
  plan.room = count_room(plan.setup, facts.directory, workloads, facts.ranks, facts.ranks_on_host, facts.memory_bytes);
  check_room(plan.room);
  return plan;
}

bool Plan::has_bonnie_tests() const {
  return std::any_of(groups.begin(), groups.end(), [](const std::vector<PlannedTest>& group) {
    return std::any_of(group.begin(), group.end(), [](const PlannedTest& test) { return !test.workload; });
  });
}

std::unique_ptr<Phase> make_phase(const Plan& plan, PlannedTest& test, WorkloadFiles& files, RunFlows* flows) {
  if (!test.workload) return make_bonnie_test(test.bonnie_test);
  return make_workload_phase(plan.workload(test), test.targets, test.engine, test.seed, files, flows);
}

std::vector<RunFlows::Member> flow_members(const Plan& plan) {
  std::vector<RunFlows::Member> members;
  for (const std::vector<PlannedTest>& group : plan.groups) {
    for (const PlannedTest& test : group) {
      if (!test.workload || plan.workload(test).flow_weight == 0) continue;
      const WorkloadSpec& spec = plan.workload(test);
      members.insert(members.end(), test.jobs, RunFlows::Member{spec.flow_id, spec.flow_weight});
    }
  }
  return members;
}

std::string plan_shape(const Plan& plan) {
  std::string shape = fmt::format("runs={}", plan.repeats);
  for (const std::vector<PlannedTest>& group : plan.groups) {
    shape += ";";
    for (const PlannedTest& test : group) {
      const std::string name = test.workload ? plan.workload(test).name : std::string(phase_key(test.bonnie_test));
      shape += fmt::format(" {} jobs={}{}", name, test.jobs, test.reports_each_job ? " each" : "");
    }
  }
  return shape;
}

}  // namespace bench
