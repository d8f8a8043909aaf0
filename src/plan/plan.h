#pragma once
// A run's plan: what the runner (run/runner.h) carries out, made from a RunSetup by make_plan, the one function
// that decides what a run may do. The run and --dry-run both call it, so --dry-run cannot say yes where the run
// then says no; --dry-run prints the plan (report/text/plan_text.h, report/json/plan_json.h).
//
// What it decides, before anything is created:
//   - the setup as it will run: a default -s bounded by the free space of -d (result/default_file_size.h);
//   - its tests, in groups that start together: each of bonnie++'s tests a group of its own (a barrier before
//     each, as bonnie++ runs them one after another), then the fio workloads, a group up to each stonewall (as
//     fio runs a job file's jobs); each test's jobs: -c for bonnie++'s tests, numjobs for a workload;
//   - for each workload, the file of every job under the setup's file rules (phases/workload/workload_files.h:
//     bench++'s never-destroy rules, or fio's in fio's persona; their unlink= default settled into the setup), the engine
//     that runs it and why (phases/workload/engine_choice.h), and its seed;
//   - the room the run needs (plan/room.h): the bytes and inodes of the files it creates on each filesystem,
//     against what is free there, and the memory its request buffers take.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "phases/workload/engine_choice.h"
#include "phases/workload/job_flow.h"
#include "phases/phase.h"
#include "phases/workload/workload_files.h"
#include "plan/room.h"
#include "result/phase_id.h"
#include "result/run_setup.h"

namespace bench {

// One test of the plan: one of bonnie++'s tests (their specs are the setup's), or one of the setup's workloads.
struct PlannedTest {
  // Which of bonnie++'s tests (kAllPhaseIds) this is, unless `workload` holds; then not read (id() answers for
  // either).
  PhaseId bonnie_test = PhaseId::kBlockWrite;
  std::optional<std::size_t> workload;  // a workload's test: its index in setup.workloads; nullopt for bonnie++'s
  std::uint32_t jobs = 1;              // the jobs that run it at once: -c, or numjobs
  std::uint64_t expected_operations = 0;  // bonnie++'s tests: the operations each job does (the printed plan's)
  bool reports_each_job = false;       // numjobs > 1 without group_reporting: each job's own results too
  std::vector<JobTarget> targets;      // a workload's: each job's files, job after job (targets_of_job)
  EngineChoice engine;                 // a workload's: what runs it
  std::uint64_t seed = 0;              // a workload's: job j's offsets and data use seed + j
  // fio's groupid (result/workload_spec.h fio_group_ids), whose jobs fio's exitall ends together; nullopt: none
  // (bonnie++'s tests).
  std::optional<std::uint32_t> fio_group;

  // The test's phase: kWorkload for a workload's test, else bonnie_test.
  PhaseId id() const { return workload ? PhaseId::kWorkload : bonnie_test; }
};

struct Plan {
  RunSetup setup;  // as it runs
  std::vector<std::vector<PlannedTest>> groups;
  Room room;                          // what the run needs, and what is free (plan/room.h)
  std::uint32_t ranks = 1;            // the processes that each run the whole plan
  std::uint32_t repeats = 1;          // -x: the plan runs this many times
  bool worker_directories = false;    // bonnie++'s tests: each worker a directory of its own in the run's private one
  // fio's exitall, once any workload has it: a job's end stops the other jobs of its fio group (PlannedTest::fio_group).
  bool exitall = false;
  // --window-command: run by /bin/sh at each window's start and end (run/window_command.h); nullopt: none.
  std::optional<std::string> window_command;

  // The setup's workload that `test` runs. REQUIRES: test.workload.
  const WorkloadSpec& workload(const PlannedTest& test) const { return setup.workloads.at(test.workload.value()); }
  // Whether any of the tests is one of bonnie++'s.
  bool has_bonnie_tests() const;
};

// The phase that runs `test` of `plan`: one of bonnie++'s tests, or a workload on its planned files, engine and seed,
// over `files` (the runner's: phases/workload/workload_files.h), in `flows` (the runner's, made by flows_of; nullptr:
// none). The one place that makes a planned test's phase.
std::unique_ptr<Phase> make_phase(const Plan& plan, PlannedTest& test, WorkloadFiles& files, RunFlows* flows = nullptr);

// Every job of `plan` that is in one of fio's flows (flow=): the members of the run's flows (phases/workload/job_flow.h),
// made before any job starts. Pure.
std::vector<RunFlows::Member> flow_members(const Plan& plan);

// What make_plan needs to know of where it runs. Under MPI the ranks agree on these first (run/rank_steps.h), so
// that every rank makes the same plan for its own files.
struct PlanFacts {
  std::filesystem::path directory = ".";           // -d: where files go without directory=
  std::uint32_t rank = 0;
  std::uint32_t ranks = 1;
  std::uint32_t ranks_on_host = 1;                 // whose request buffers share this host's memory
  std::uint32_t repeats = 1;                       // -x
  std::optional<std::string> window_command;       // --window-command
  bool seed_given = false;                         // -z: it decides a workload's offsets even with randrepeat=1
  std::optional<std::string> io_uring_refusal;     // why io_uring cannot run (platform/io_uring_ring.h)
  std::uint64_t free_bytes_of_directory = 0;       // rank 0's: bounds a default -s
  std::uint64_t memory_bytes = 0;                  // this host's; 0: unknown
};

// The plan of `setup` (with setup.seed the run's seed). Looks at the filesystem (which files exist, what is
// free) and creates nothing. Throws UsageError for input that cannot run (a file bench++ may not write, a
// directory that does not exist, buffers beyond a quarter of the memory, sizes past 2^64), and
// std::runtime_error when the files do not fit in the free space or inodes (plan/room.h says how it counts).
Plan make_plan(const RunSetup& setup, const PlanFacts& facts);

// The tests of `setup` in groups that start together, without their files, engines or seeds (make_plan adds
// them): each of bonnie++'s tests a group of its own run by -c workers (a barrier before each, as bonnie++ runs
// them one after another), then the workloads, a group up to each stonewall (as fio runs a job file's jobs), each
// run by numjobs jobs, reporting each job with numjobs > 1 without group_reporting, in fio's group (fio_group_ids).
// Pure. Throws UsageError when `ranks` x -c workers are more than bench++ numbers (phases/seeds.h: kMaxWorkers).
std::vector<std::vector<PlannedTest>> group_tests(const RunSetup& setup, std::uint32_t ranks);

// The seed of a workload's jobs on rank `rank` (PlannedTest::seed): randseed= when given; else, with randrepeat=1
// (fio's default) and no -z, one fixed seed, so that every run draws the same offsets, as fio's do; else the run's
// seed (-z, or the one drawn). Mixed with the workload's name (workloads of a run draw apart) and stepped per rank
// (rank 0's is that of a run of one process). Pure.
std::uint64_t workload_seed(const WorkloadSpec& spec, std::uint32_t run_seed, bool seed_given, std::uint32_t rank);

// What makes the ranks of an MPI job line up: the runs, and each group's tests with their jobs and how they report.
// Pure.
std::string plan_shape(const Plan& plan);

}  // namespace bench
