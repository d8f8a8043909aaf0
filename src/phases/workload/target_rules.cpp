#include "phases/workload/target_rules.h"

#include <limits.h>

#include <fmt/format.h>

#include <algorithm>

#include "result/job_file_names.h"

namespace bench {

namespace fs = std::filesystem;

std::optional<std::string> entry_name_refusal(std::string_view name, std::string_view what) {
  if (name.empty() || name == "." || name == "..") return fmt::format("{} '{}' is not a file name", what, name);
  if (name.find('/') != std::string_view::npos) {
    return fmt::format("{} '{}' holds a '/': bench++ makes the file inside its directory, so it names no "
                       "subdirectory",
                       what, name);
  }
  if (name.size() > NAME_MAX) {
    return fmt::format("{} of {} bytes is longer than a file name may be ({} bytes)", what, name.size(), NAME_MAX);
  }
  return std::nullopt;
}

std::optional<std::string> own_file_names_refusal(const WorkloadSpec& spec) {
  if (spec.filename_format.empty()) {  // fio's default names differ only in their numbers: the longest is the last
    return entry_name_refusal(own_file_name(spec, spec.jobs - 1, spec.nrfiles - 1),
                              "the file name from --name/[section]");
  }
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    for (std::uint32_t file = 0; file < spec.nrfiles; ++file) {
      if (auto refusal = entry_name_refusal(own_file_name(spec, job, file), "the file name from filename_format=")) {
        return refusal;
      }
    }
  }
  if (const std::optional<DroppedFile> dropped = fio_dropped_file(spec)) {
    return fmt::format("filename_format='{}' names file {} of job {} '{}', as the first job's: fio gives a later job "
                       "of numjobs no file the first job has (that job then does no I/O), and bench++ runs every job "
                       "on nrfiles= files; give each job names of its own ($jobnum)",
                       spec.filename_format, dropped->file, dropped->job, dropped->name);
  }
  return std::nullopt;
}

std::optional<std::string> created_on_open_refusal(const WorkloadSpec& spec) {
  if (spec.create_on_open && reads_data(spec.pattern) && !calls_on_files(spec.engine)) {  // filecreate reads nothing
    return "create_on_open=1 with reads: the new file would be empty when they start (fio fails them)";
  }
  return std::nullopt;
}

std::optional<std::string> created_path_refusal(const fs::path& path, const fs::path& directory, FileRules rules) {
  const fs::path inside = fs::absolute(path).lexically_normal().lexically_relative(fs::absolute(directory).lexically_normal());
  if (rules == FileRules::kBench && (inside.empty() || *inside.begin() == ".." || inside == ".")) {
    return fmt::format("filename '{}' does not exist, and bench++ creates files only inside the workload's directory "
                       "'{}' (-d or directory=)",
                       path.string(), directory.string());
  }
  for (const fs::path& part : path) {
    if (part.native().size() > NAME_MAX) {
      return fmt::format("filename= has a part of {} bytes, longer than a file name may be ({} bytes)",
                         part.native().size(), NAME_MAX);
    }
  }
  if (path.native().size() >= PATH_MAX) {
    return fmt::format("filename of {} bytes is longer than a path may be ({} bytes)", path.native().size(),
                       PATH_MAX - 1);
  }
  return std::nullopt;
}

std::optional<std::string> existing_target_refusal(const WorkloadSpec& spec, const fs::path& path, bool block_device,
                                                   bool mounted, FileRules rules) {
  if (rules == FileRules::kFio) {
    if (!block_device || !mounted || !writes_data(spec.pattern) || spec.allow_mounted_write) return std::nullopt;
    return fmt::format("'{}' appears mounted, and allow_mounted_write=1 is not set: fio refuses to write it",
                       path.string());
  }
  if (changes_files(spec) && !spec.overwrite_allowed) {
    return fmt::format("it {}, and '{}' exists and was not created by bench++: bench++ only reads it unless "
                       "--allow-overwrite={} says otherwise",
                       writes_data(spec.pattern) ? "writes" : "trims", path.string(), path.string());
  }
  if (spec.unlinks_between_loops() && !block_device) {
    return fmt::format("unlink_each_loop would remove '{}' after the first loop, and bench++ only removes files it "
                       "created: name a file that does not exist yet, or leave filename= out",
                       path.string());
  }
  return std::nullopt;
}

ExistingRegion existing_region(const WorkloadSpec& spec, std::uint64_t start, std::uint64_t size, const fs::path& path,
                               std::uint64_t wanted, FileRules rules, bool block_device) {
  const bool fio_extends = rules == FileRules::kFio && !block_device;
  if (start > size && !(fio_extends && wanted != 0 && !spec.size_percent)) {
    return {0, fmt::format("offset {} is beyond the end of '{}' ({} bytes)", start, path.string(), size)};
  }
  if (spec.size_percent) {
    const std::uint64_t share = size / 100 * *spec.size_percent + size % 100 * *spec.size_percent / 100;
    return {std::min(share, size - start) / spec.block_bytes * spec.block_bytes, std::nullopt};
  }
  const std::uint64_t region = wanted != 0 ? wanted : spec.file_append ? size : size - start;
  if (start <= size && region <= size - start) return {region, std::nullopt};
  if (fio_extends && spec.file_append && !reads_data(spec.pattern)) return {region, std::nullopt, false, true};
  if (fio_extends) return {region, std::nullopt, true};
  if (start == 0) {
    return {0, fmt::format("'{}' holds {} bytes, less than size={}: bench++ does not extend what it did not create",
                           path.string(), size, region)};
  }
  return {0, fmt::format("'{}' holds {} bytes, less than offset {} + size={}: bench++ does not extend what it did not "
                         "create",
                         path.string(), size, start, region)};
}

std::optional<std::string> shared_rank_file_refusal(const WorkloadSpec& spec, const fs::path& path, bool exists) {
  if (!changes_files(spec) && exists) return std::nullopt;
  return fmt::format("every MPI rank would {} '{}': give a relative filename= without directory= (each rank then "
                     "has its own, in its directory inside -d), or leave filename= out",
                     writes_data(spec.pattern) ? "write" : trims_data(spec.pattern) ? "trim" : "create", path.string());
}

void settle_file_rules(FileRules rules, std::vector<WorkloadSpec>& workloads) {
  if (rules != FileRules::kFio) return;
  for (WorkloadSpec& spec : workloads) spec.unlink = spec.unlink && spec.unlink_written;
}

}  // namespace bench
