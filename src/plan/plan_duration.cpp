#include "plan/plan_duration.h"

#include <algorithm>

#include "result/phase_id.h"

namespace bench {
namespace {

// What one of bonnie++'s tests does, per worker, by the unit its rate is in (result/phase_id.h): chunks and seeks
// move a chunk each, the rewrite's chunks twice (read, then written back); files and syncs are counted as such.
void add_bonnie_test(const Plan& plan, const PlannedTest& test, PlanDuration& duration) {
  const std::uint64_t work = test.expected_operations * test.jobs;
  const std::uint64_t chunk = plan.setup.io ? plan.setup.io->chunk_bytes : 0;
  switch (phase_work_unit(test.bonnie_test)) {
    case WorkUnit::kBytes:
      duration.bytes += (test.bonnie_test == PhaseId::kRewrite ? 2 : 1) * work * chunk;
      break;
    case WorkUnit::kSeeks:
      duration.bytes += work * chunk;
      break;
    case WorkUnit::kFiles:
      duration.file_operations += work;
      break;
    case WorkUnit::kSyncs:
      duration.syncs += work;
      break;
  }
}

// A time_based workload's clock time: its start delay, ramp and runtime.
std::chrono::nanoseconds clock_time(const WorkloadSpec& spec) { return spec.start_delay + spec.ramp_time + spec.runtime; }

// A workload's clock time when a clock ends it, else adds its bytes.
std::chrono::nanoseconds add_workload(const Plan& plan, const PlannedTest& test, PlanDuration& duration) {
  const WorkloadSpec& spec = plan.workload(test);
  if (spec.time_based) return clock_time(spec);
  std::uint64_t bytes = 0;
  if (spec.io_size != 0) {
    bytes = spec.io_size * test.jobs;
  } else {
    for (const JobTarget& target : test.targets) bytes += target.region_bytes * spec.loops;
  }
  duration.bytes += bytes;
  if (spec.runtime.count() > 0) duration.bytes_capped_by_runtime = true;
  return spec.start_delay;
}

}  // namespace

PlanDuration plan_duration(const Plan& plan) {
  PlanDuration once;
  for (const std::vector<PlannedTest>& group : plan.groups) {
    std::chrono::nanoseconds longest{0};
    for (const PlannedTest& test : group) {
      if (test.workload) {
        longest = std::max(longest, add_workload(plan, test, once));
      } else {
        add_bonnie_test(plan, test, once);
      }
    }
    once.timed += longest;
  }
  PlanDuration all = once;
  all.timed = once.timed * plan.repeats;
  all.bytes = once.bytes * plan.repeats;
  all.file_operations = once.file_operations * plan.repeats;
  all.syncs = once.syncs * plan.repeats;
  return all;
}

std::vector<std::optional<std::chrono::nanoseconds>> group_clock_durations(const Plan& plan) {
  std::vector<std::optional<std::chrono::nanoseconds>> durations;
  for (const std::vector<PlannedTest>& group : plan.groups) {
    std::optional<std::chrono::nanoseconds> longest = std::chrono::nanoseconds{0};
    for (const PlannedTest& test : group) {
      if (!test.workload || !plan.workload(test).time_based) {
        longest.reset();
        break;
      }
      longest = std::max(*longest, clock_time(plan.workload(test)));
    }
    durations.push_back(group.empty() ? std::nullopt : longest);
  }
  return durations;
}

}  // namespace bench
