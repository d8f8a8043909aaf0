#include "app/output_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "app/output_table.h"
#include "result/errors.h"
#include "result/fio_log_names.h"

namespace bench {

std::optional<std::pair<std::size_t, std::size_t>> first_collision(std::span<const RunFile> files) {
  for (std::size_t later = 1; later < files.size(); ++later) {
    for (std::size_t earlier = 0; earlier < later; ++earlier) {
      if (!files[earlier].output && !files[later].output) continue;
      if (same_file(files[earlier].identity, files[later].identity)) return std::pair(earlier, later);
    }
  }
  return std::nullopt;
}

std::string collision_message(const RunFile& a, const RunFile& b) {
  const std::string_view why = a.output && b.output ? "each output needs a file of its own"
                                                     : "an output may not replace what the run reads or writes";
  if (a.path == b.path) return fmt::format("{} and {} name the same file '{}': {}", a.role, b.role, a.path, why);
  return fmt::format("{} '{}' and {} '{}' are the same file: {}", a.role, a.path, b.role, b.path, why);
}

std::optional<std::string> output_kind_refusal(const RunFile& file, bool allowed) {
  if (!file.output || allowed) return std::nullopt;
  const FileKind kind = file.identity.kind;
  if (kind != FileKind::kBlockDevice && kind != FileKind::kOtherDevice) return std::nullopt;
  return fmt::format("{} '{}' is {}: bench++ writes an output onto a device only when --allow-overwrite names it",
                     file.role, file.path, kind == FileKind::kBlockDevice ? "a block device" : "a special file");
}

std::vector<RunFile> run_files(const Config& config, const Plan& plan) {
  std::vector<RunFile> files;
  const auto add = [&](std::string role, const std::string& path, bool output) {
    if (path == "-") return;
    files.push_back(RunFile{std::move(role), path, output, identify_file(path)});
  };
  for (const OutputRow& row : output_rows()) {
    if (row.asked != OutputAsked::kResultFileOption) continue;
    if (const auto path = config.result_file(row.name)) add(fmt::format("--{}", row.name), *path, true);
  }
  if (config.fio_output.any() && config.fio_output.output_path) add("fio's --output", *config.fio_output.output_path, true);
  const std::vector<WorkloadSpec>& workloads = plan.setup.workloads;
  for (std::size_t index = 0; index < workloads.size(); ++index) {
    for (const FioLogName& log : fio_log_names(workloads, index)) {
      add(fmt::format("{} of workload '{}'", log.option, workloads[index].name), log.path, true);
    }
  }
  for (const std::string& job_file : config.job_files) add("the job file", job_file, false);
  std::set<std::filesystem::path> named;  // each file once, though several jobs and workloads use it
  for (const std::vector<PlannedTest>& group : plan.groups) {
    for (const PlannedTest& test : group) {
      for (const JobTarget& target : test.targets) {
        if (target.is_private || !named.insert(target.path).second) continue;
        add(fmt::format("filename= of workload '{}'", plan.workload(test).name), target.path.string(), false);
      }
    }
  }
  return files;
}

void check_output_files(const Config& config, const Plan& plan) {
  const std::vector<RunFile> files = run_files(config, plan);
  for (const RunFile& file : files) {
    const bool allowed = std::any_of(config.allow_overwrite.begin(), config.allow_overwrite.end(),
                                     [&](const std::string& path) { return same_file(identify_file(path), file.identity); });
    if (const auto refusal = output_kind_refusal(file, allowed)) throw UsageError(*refusal);
  }
  if (const auto collision = first_collision(files)) {
    throw UsageError(collision_message(files[collision->first], files[collision->second]));
  }
}

}  // namespace bench
