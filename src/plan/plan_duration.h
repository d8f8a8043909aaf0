#pragma once
// What a plan says of how long its run takes, before it runs (--dry-run): the time a clock decides (time_based
// workloads' ramp, start delay and runtime) exactly, and for the rest the work the disk's speed decides (bytes to
// read and write, files to make, stat and delete, syncs), which --dry-run turns into times at stated speeds. Pure.
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "plan/plan.h"

namespace bench {

struct PlanDuration {
  // The runs a clock ends, over every repeat: per group (its tests start together) the longest of its
  // time_based workloads' start delay + ramp_time + runtime.
  std::chrono::nanoseconds timed{0};
  // The bytes read and written by the tests that end when their work is done, over every repeat and job
  // (bonnie++'s I/O tests: per-char and block writes and reads, the rewrite's read and write, the seeks' blocks;
  // workloads: io_size=, or each job's region times loops=). Excludes laying files out.
  std::uint64_t bytes = 0;
  std::uint64_t file_operations = 0;  // bonnie++'s create, stat and delete tests, over every repeat and worker
  std::uint64_t syncs = 0;            // the fsync test's fdatasync calls, over every repeat
  // Some size-bound workload also has runtime=: it stops at whichever comes first, so `bytes` is a bound.
  bool bytes_capped_by_runtime = false;
};

PlanDuration plan_duration(const Plan& plan);

// Per group of the plan (Plan::groups, one run's), how long a clock makes it: the longest of its workloads' start
// delay + ramp_time + runtime when every test of the group is a time_based workload; nullopt when work decides it
// (bonnie++'s tests, a size-bound workload). A suite's progress weighs its steps by these.
std::vector<std::optional<std::chrono::nanoseconds>> group_clock_durations(const Plan& plan);

}  // namespace bench
