#include "plan/disk_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "plan/request_alignment.h"
#include "result/errors.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// Where a target's file is made when bench++ makes it, and how: nullopt for a file or device that is there already.
std::optional<std::pair<fs::path, DirectoryUse>> made_in(const JobTarget& target) {
  if (target.exists || target.diskless) return std::nullopt;
  if (target.is_private) return std::pair{target.directory, DirectoryUse::kPrivateDirectory};
  const fs::path parent = target.path.parent_path();
  return std::pair{parent.empty() ? fs::path(".") : parent, DirectoryUse::kFiles};
}

std::string key_of(const fs::path& path, DirectoryUse use) {
  return fmt::format("{}\n{}", path.lexically_normal().string(), static_cast<int>(use));
}

// What the disk says of `target` (platform/storage_probe.h); a new file's from the probe of where it is made.
TargetLimits limits_of(const JobTarget& target, const std::map<std::string, DirectoryProbe>& probes) {
  TargetLimits limits;
  if (const auto where = made_in(target)) {
    const auto probe = probes.find(key_of(where->first, where->second));
    if (probe != probes.end()) {
      limits.direct_io = probe->second.direct_io;
      limits.opens_direct = probe->second.opens_direct;
    }
    return limits;
  }
  limits.direct_io = direct_io_alignment(target.path);
  if (target.block_device) {
    const BlockDeviceLimits device = block_device_limits(target.path);
    limits.block_device = true;
    limits.logical_block_bytes = device.logical_block_bytes;
    limits.discards = device.discards;
  }
  return limits;
}

}  // namespace

std::vector<PlannedDirectory> planned_directories(const Plan& plan, const fs::path& directory) {
  std::vector<PlannedDirectory> directories;
  const auto add = [&](PlannedDirectory planned) {
    const std::string key = key_of(planned.path, planned.use);
    const bool known = std::any_of(directories.begin(), directories.end(), [&](const PlannedDirectory& d) {
      return key_of(d.path, d.use) == key;
    });
    if (!known) directories.push_back(std::move(planned));
  };
  for (const std::vector<PlannedTest>& group : plan.groups) {
    for (const PlannedTest& test : group) {
      if (!test.workload) {
        add({directory, DirectoryUse::kPrivateDirectory, "", "-d"});
        continue;
      }
      const std::string user = fmt::format("workload '{}'", plan.workload(test).name);
      for (const JobTarget& target : test.targets) {
        const auto where = made_in(target);
        if (!where) continue;
        const bool default_directory = where->first == directory;
        const char* option = where->second == DirectoryUse::kFiles ? "filename=" : default_directory ? "-d" : "directory=";
        add({where->first, where->second, user, option});
      }
    }
  }
  return directories;
}

void check_plan_on_disk(const Plan& plan, const fs::path& directory) {
  std::map<std::string, DirectoryProbe> probes;
  for (const PlannedDirectory& planned : planned_directories(plan, directory)) {
    DirectoryProbe probe = probe_directory(planned.path, planned.use);
    if (probe.refusal) {
      const std::string whose = planned.user.empty() ? "the run's files" : "its files";
      throw UsageError(fmt::format("{}directory '{}' ({}) cannot hold {}: {}",
                                   planned.user.empty() ? "" : planned.user + ": ", planned.path.string(),
                                   planned.option, whose, *probe.refusal));
    }
    probes.emplace(key_of(planned.path, planned.use), std::move(probe));
  }
  for (const std::vector<PlannedTest>& group : plan.groups) {
    for (const PlannedTest& test : group) {
      if (!test.workload) continue;
      const WorkloadSpec& spec = plan.workload(test);
      if (!requests_need_alignment(spec, test.engine.engine)) continue;
      for (const JobTarget& target : test.targets) {
        const TargetLimits limits = limits_of(target, probes);
        if (const std::optional<std::string> refusal = request_refusal(spec, test.engine.engine, target, limits)) {
          throw UsageError(fmt::format("workload '{}': {}", spec.name, *refusal));
        }
      }
    }
  }
}

}  // namespace bench
