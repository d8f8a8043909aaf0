#include "plan/resource_limits.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "result/errors.h"

namespace bench {
namespace {

// Who a group's needs are told by: its first test, a workload or one of bonnie++'s.
std::string group_name(const Plan& plan, std::size_t g) {
  const PlannedTest& first = plan.groups.at(g).front();
  if (!first.workload) return fmt::format("bonnie++'s {} test", phase_key(first.bonnie_test));
  const std::string beside = plan.groups[g].size() > 1 ? " and those beside it" : "";
  return fmt::format("workload '{}'{}", plan.workload(first).name, beside);
}

// bonnie++'s tests: each worker's files, by the option that sets their size.
void check_bonnie_file_sizes(const RunSetup& setup, std::uint64_t limit) {
  const auto check = [limit](bool present, std::uint64_t bytes, const char* what) {
    if (present && bytes > limit) {
      throw UsageError(fmt::format("{} of {} is larger than {}", what, limit_bytes_text(bytes),
                                   file_size_limit_text(limit)));
    }
  };
  check(setup.io.has_value(), setup.io ? setup.io->file_size_bytes : 0, "-s: each worker's test file");
  // The file tests' sizes are drawn from -n's range: only its smallest certainly cannot be made.
  check(setup.files.has_value(), setup.files ? setup.files->min_size_bytes : 0, "-n: the file tests' smallest file");
  check(setup.sync_test.has_value(), setup.sync_test ? setup.sync_test->total_bytes : 0,
        "--sync-size: the fsync test's file");
}

// Whether a workload's new files take their whole size before its requests (phases/workload/workload_files.h's
// layout): data written for a reading job or overwrite=1, or a preallocation that sets the size (not fallocate=none,
// nor keep). A file a writing job grows by its writes may stay below the limit (runtime=, io_size=).
bool sized_before_requests(const WorkloadSpec& spec) {
  return reads_data(spec.pattern) || spec.overwrite ||
         (spec.fallocate != FallocateMode::kNone && spec.fallocate != FallocateMode::kKeep);
}

void check_file_sizes(const Plan& plan, std::uint64_t limit) {
  check_bonnie_file_sizes(plan.setup, limit);
  for (const std::vector<PlannedTest>& group : plan.groups) {
    for (const PlannedTest& test : group) {
      if (!test.workload || !sized_before_requests(plan.workload(test))) continue;
      for (const JobTarget& target : test.targets) {
        if (target.exists || target.diskless || target.extent() <= limit) continue;
        const std::string where = target.is_private ? fmt::format("{} in a private directory in {}",
                                                                  target.path.string(), target.directory.string())
                                                    : target.path.string();
        throw UsageError(fmt::format("workload '{}' creates a file of {} ({}), larger than {}", plan.workload(test).name,
                                     limit_bytes_text(target.extent()), where, file_size_limit_text(limit)));
      }
    }
  }
}

void check_tasks(const Plan& plan, std::uint64_t limit, std::uint32_t ranks_on_host) {
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    // A count of threads (numjobs x iodepth at most 2^32 x 2^32 per test) does not pass 2^64 over a plan's tests
    // in any plan that fits in memory: saturated, not refused.
    std::uint64_t tasks = checked_multiply(group_tasks(plan, g), ranks_on_host).value_or(UINT64_MAX);
    // Rank 0's progress thread, when rank 0 is certainly on this host.
    if (ranks_on_host == plan.ranks) tasks = checked_add(tasks, 1).value_or(UINT64_MAX);
    if (tasks <= limit) continue;
    const std::string ranks = ranks_on_host > 1 ? fmt::format(" on each of {} ranks on this host", ranks_on_host) : "";
    const char* counted = plan.groups[g].front().workload.has_value()
                              ? "numjobs, and a process of its own for each job without thread=, iodepth threads for "
                                "psync_threads and io_submit_mode=offload, the progress thread"
                              : "-c workers, each with its random seeks' seekers, the progress thread";
    throw UsageError(fmt::format("{} need{} {} processes and threads at once ({}{}), more than {}", group_name(plan, g),
                                 plan.groups[g].size() > 1 ? "" : "s", tasks, counted, ranks, task_limit_text(limit)));
  }
}

void check_buffers(const Plan& plan, const ResourceLimits& limits) {
  for (std::size_t g = 0; g < plan.groups.size(); ++g) {
    const std::uint64_t bytes = group_buffer_bytes(plan, g).value_or(UINT64_MAX);  // past 2^64: plan/room.h refused
    std::string limit;
    if (limits.address_space_bytes && bytes > *limits.address_space_bytes) {
      limit = address_space_limit_text(*limits.address_space_bytes);
    } else if (limits.data_bytes && bytes > *limits.data_bytes) {
      limit = data_limit_text(*limits.data_bytes);
    } else {
      continue;
    }
    throw UsageError(fmt::format("{} need{} {} of request buffers in one process (numjobs x iodepth x bs), more than {}",
                                 group_name(plan, g), plan.groups[g].size() > 1 ? "" : "s", limit_bytes_text(bytes),
                                 limit));
  }
}

}  // namespace

std::uint64_t group_tasks(const Plan& plan, std::size_t g) {
  std::uint64_t jobs = 0, more = 0;
  for (const PlannedTest& test : plan.groups.at(g)) {
    jobs += test.jobs;
    // bonnie++'s random seeks: each worker's seeker threads (-s's fourth field).
    if (test.id() == PhaseId::kRandomSeeks && plan.setup.io) more += std::uint64_t{test.jobs} * plan.setup.io->seekers;
    if (!test.workload) continue;
    if (test.engine.own_process) more += test.jobs;                                          // its process
    if (test.engine.engine == EngineKind::kPsyncThreads) more += std::uint64_t{test.jobs} * test.engine.depth;
  }
  return 1 + (jobs > 1 ? jobs : 0) + more;  // one job runs on this thread; several each on a thread of its own
}

CheckedSize group_buffer_bytes(const Plan& plan, std::size_t g) {
  CheckedSize threads = 0;
  std::uint64_t largest_process = 0;
  for (const PlannedTest& test : plan.groups.at(g)) {
    if (!test.workload) continue;
    const CheckedSize per_job = job_buffer_bytes(plan.workload(test), test.engine.depth);
    if (!per_job) return std::nullopt;
    if (test.engine.own_process) {
      largest_process = std::max(largest_process, *per_job);
    } else {
      threads = checked_add(threads, checked_multiply(test.jobs, per_job));
    }
  }
  if (!threads) return std::nullopt;
  return std::max(*threads, largest_process);
}

void check_resource_limits(const Plan& plan, const ResourceLimits& limits, std::uint32_t ranks_on_host) {
  if (limits.file_size_bytes) check_file_sizes(plan, *limits.file_size_bytes);
  if (limits.tasks && limits.tasks_enforced) check_tasks(plan, *limits.tasks, ranks_on_host);
  check_buffers(plan, limits);
}

}  // namespace bench
