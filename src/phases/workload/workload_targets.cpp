// Planning a workload's targets (WorkloadFiles::plan): which files each job uses, where its region lies, and the
// never-destroy rules (phases/workload/target_rules.h) asked of each. Creates nothing.
#include "phases/workload/workload_files.h"

#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>

#include "phases/workload/job_files.h"
#include "phases/workload/job_offsets.h"
#include "phases/workload/target_rules.h"
#include "platform/file_identity.h"
#include "result/errors.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

std::uint64_t whole_blocks(std::uint64_t bytes, std::uint32_t block) { return bytes / block * block; }

// The size of an existing regular file or block device (a character device's is unknown: 0); nullopt when nothing
// is at `path`.
struct ExistingTarget {
  bool block_device = false;
  std::uint64_t size_bytes = 0;
  bool char_device = false;
};
std::optional<ExistingTarget> existing_target(const fs::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw UsageError(fmt::format("cannot use filename '{}': {}", path.string(), std::strerror(errno)));
  }
  if (S_ISREG(info.st_mode)) return ExistingTarget{false, static_cast<std::uint64_t>(info.st_size)};
  if (S_ISCHR(info.st_mode)) return ExistingTarget{false, 0, true};
  if (!S_ISBLK(info.st_mode)) {
    throw UsageError(
        fmt::format("filename '{}' is neither a regular file, a block device nor a character device", path.string()));
  }
  const UniqueFd device(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  std::uint64_t bytes = 0;
  if (!device.is_open() || ::ioctl(device.get(), BLKGETSIZE64, &bytes) != 0) {
    throw UsageError(fmt::format("cannot read the size of block device '{}': {}", path.string(), std::strerror(errno)));
  }
  return ExistingTarget{true, bytes};
}

// Whether the block device at `path` is one a filesystem is mounted from (fio's device_is_mounted reads the mount
// table's sources by name; this compares device numbers, so that another name of the same device counts too).
bool device_is_mounted(const fs::path& path) {
  struct stat device {};
  if (::stat(path.c_str(), &device) != 0 || !S_ISBLK(device.st_mode)) return false;
  std::ifstream mounts("/proc/self/mounts");
  std::string source;
  std::string rest;
  while (mounts >> source && std::getline(mounts, rest)) {
    struct stat info {};
    if (source.starts_with("/") && ::stat(source.c_str(), &info) == 0 && S_ISBLK(info.st_mode) &&
        info.st_rdev == device.st_rdev) {
      return true;
    }
  }
  return false;
}

// The bytes each of job `job`'s `files` files holds for it from `start` (fio's io_size): with one file of one size,
// size= as it is (phases/workload/workload_files.h); else as fio splits or draws them (phases/workload/job_files.h).
template <typename Refuse>
std::vector<std::uint64_t> job_file_bytes(const WorkloadSpec& spec, std::uint32_t files, std::uint32_t job,
                                          std::uint64_t start, const std::string& first_name, const Refuse& refuse) {
  if (files == 1 && spec.file_size_high == 0) return {spec.size_bytes};
  try {
    return fio_file_sizes(spec, files, start, fio_seeds_for(spec, job, first_name, 0));
  } catch (const ValueError& error) {
    refuse(error.what());
  }
  return {};
}

// The path of a file of filename=: the spelling that an earlier name of the same filename= or an earlier workload's
// target gave the same file (platform/file_identity.h: ./a and a, or a link and its target), else its own. fio
// opens one file under both names and treats it as two of the job's files; bench++ keeps one name for it, so that
// it is created, laid out and removed once.
fs::path one_spelling(const fs::path& path, const std::vector<fs::path>& earlier_names,
                      const std::vector<JobTarget>& planned) {
  const FileIdentity identity = identify_file(path);
  std::set<fs::path> looked_at;
  const auto same = [&](const fs::path& other) {
    return other == path || (looked_at.insert(other).second && same_file(identify_file(other), identity));
  };
  for (const fs::path& earlier : earlier_names) {
    if (same(earlier)) return earlier;
  }
  for (const JobTarget& earlier : planned) {
    if (!earlier.is_private && same(earlier.path)) return earlier.path;
  }
  return path;
}

// Whether two planned targets are one file: the same path, private to the same directory= or not private.
bool same_file(const JobTarget& a, const JobTarget& b) {
  return a.is_private == b.is_private && a.path == b.path && (!a.is_private || a.directory == b.directory);
}

}  // namespace

fs::path WorkloadFiles::directory_of(const WorkloadSpec& spec, std::uint32_t job) const {
  const std::string directory = directory_of_job(spec, job);
  return directory.empty() ? default_directory_ : fs::path(directory);
}

std::uint64_t fio_start_offset(const WorkloadSpec& spec, std::uint32_t job_index, std::uint64_t file_bytes,
                               bool regular_file) {
  if (spec.file_append && regular_file) return file_bytes;
  const auto share = [file_bytes](std::uint32_t percent) {  // without overflowing for devices of exabytes
    return file_bytes / 100 * percent + file_bytes % 100 * percent / 100;
  };
  const std::uint64_t increment =
      spec.offset_increment_percent ? share(*spec.offset_increment_percent) : spec.offset_increment_bytes;
  const std::uint64_t first = spec.offset_percent ? share(*spec.offset_percent) : spec.offset_bytes;
  const std::uint64_t offset = first + std::uint64_t{job_index} * increment;
  if (!spec.offset_percent && !spec.offset_increment_percent) return offset;
  // fio aligns to offset_align, else to the smallest request of either direction (td_min_bs).
  const std::uint32_t smallest = spec.block_sizes.smallest();
  const std::uint64_t align = spec.offset_align != 0 ? spec.offset_align : smallest != 0 ? smallest : spec.block_bytes;
  return (offset + align - 1) / align * align;
}


std::span<JobTarget> targets_of_job(std::span<JobTarget> targets, const WorkloadSpec& spec, std::uint32_t job) {
  const std::size_t files = files_per_job(spec);
  return targets.subspan(std::size_t{job} * files, files);
}

std::vector<JobTarget> WorkloadFiles::plan(const WorkloadSpec& spec, const std::vector<JobTarget>& planned) const {
  // fill_device=1 without a size: fio makes its size "really large" (-1); here what is free on the job's
  // filesystem now and two blocks more, so that the filesystem's end (ENOSPC), not the size, ends its writes.
  if (spec.fill_device && spec.size_bytes == 0 && !spec.size_percent && spec.file_size == 0) {
    WorkloadSpec filling = spec;
    struct statvfs info {};
    const fs::path directory = directory_of(spec, 0);
    if (::statvfs(directory.c_str(), &info) != 0) {
      throw UsageError(fmt::format("workload '{}': cannot read the free space of '{}' (fill_device=1): {}", spec.name,
                                   directory.string(), std::strerror(errno)));
    }
    filling.size_bytes = std::uint64_t{info.f_bfree} * info.f_frsize + 2 * std::uint64_t{spec.block_bytes};
    return plan(filling, planned);
  }
  std::vector<JobTarget> targets = plan_on_disk(spec, planned);
  if (!touches_files(spec.engine)) {
    for (JobTarget& target : targets) target.diskless = true;
  }
  return targets;
}

std::vector<JobTarget> WorkloadFiles::plan_on_disk(const WorkloadSpec& spec,
                                                   const std::vector<JobTarget>& planned) const {
  const auto refuse = [&](const std::string& reason) {
    throw UsageError(fmt::format("workload '{}': {}", spec.name, reason));
  };
  std::vector<std::string> directories = split_fio_names(spec.directory);
  if (directories.empty()) directories.push_back(default_directory_.string());
  for (const std::string& directory : directories) {
    std::error_code error;
    if (!fs::is_directory(directory, error)) refuse(fmt::format("directory '{}' does not exist", directory));
  }
  if (spec.filename.empty()) return plan_own_files(spec, planned, refuse);
  const std::vector<std::string> names = split_fio_names(spec.filename);
  const fs::path directory = directory_of(spec, 0);  // fio: filename= is inside the first directory
  if (rank_of_several_) {
    if (names.size() > 1) refuse("several files in filename= (a:b) under MPI are not supported by bench++");
    if (auto own = plan_rank_filename(spec, directory)) return std::move(*own);
  }
  // Each job's region in each file, file after file; then arranged job after job.
  std::vector<fs::path> paths;
  std::vector<std::vector<JobTarget>> by_file;
  for (std::uint32_t file = 0; file < names.size(); ++file) {
    const fs::path name(names[file]);
    paths.push_back(one_spelling(name.is_absolute() ? name : directory / name, paths, planned));
    by_file.push_back(plan_named_file(spec, names, file, paths.back(), directory, planned, refuse));
  }
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    for (const std::vector<JobTarget>& file : by_file) targets.push_back(file[job]);
  }
  return targets;
}

template <typename Refuse>
std::vector<JobTarget> WorkloadFiles::plan_own_files(const WorkloadSpec& spec, const std::vector<JobTarget>& planned,
                                                     const Refuse& refuse) const {
  if (auto refusal = created_on_open_refusal(spec)) refuse(*refusal);
  const bool own_rules = rules_ == FileRules::kBench || rank_of_several_.has_value();  // private files, always new
  // Without size=, fio's rules use each existing file's size (fio's get_file_sizes); bench++'s make every file new.
  const bool sized = spec.size_bytes != 0 || spec.file_size != 0;
  if (!sized && own_rules) refuse("needs size= for the files bench++ creates");
  if (auto refusal = own_file_names_refusal(spec)) refuse(*refusal);
  if (!spec.allow_file_create && own_rules) {
    refuse("allow_file_create=0, but bench++ makes a job's own files new, in a private directory: name existing "
           "files with filename=");
  }
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    const std::uint64_t start = fio_start_offset(spec, job, 0);
    const std::vector<std::uint64_t> bytes =
        sized ? job_file_bytes(spec, spec.nrfiles, job, start, own_file_name(spec, job, 0), refuse)
              : std::vector<std::uint64_t>(spec.nrfiles, 0);
    for (std::uint32_t file = 0; file < spec.nrfiles; ++file) {
      const std::uint64_t region = whole_blocks(bytes[file], spec.block_bytes);
      if (region == 0 && sized) {
        refuse(fmt::format("file {} of job {} would hold {} bytes, less than one block (bs={}): give a larger size= "
                           "or filesize=, or fewer nrfiles=",
                           file, job, bytes[file], spec.block_bytes));
      }
      JobTarget target = own_rules ? JobTarget{directory_of(spec, job), own_file_name(spec, job, file), true, false,
                                               false, start, region, spec.nrfiles > 1 ? bytes[file] : 0}
                                   : plan_fio_own_file(spec, job, file, start, bytes[file], planned, targets, refuse);
      // fio gives a job after the first of numjobs no file that an earlier workload's first job has (filesetup.c
      // add_file); bench++ cannot tell which earlier workload's job a target is, so it refuses any file they share.
      if (job > 0 && std::any_of(planned.begin(), planned.end(),
                                 [&](const JobTarget& earlier) { return same_file(earlier, target); })) {
        refuse(fmt::format("job {} of numjobs would share file '{}' (filename_format='{}') with an earlier workload: "
                           "fio gives such a job no file of that name, and bench++ runs no job without files; give "
                           "the workloads names of their own",
                           job, own_file_name(spec, job, file), spec.filename_format));
      }
      targets.push_back(std::move(target));
    }
  }
  return targets;
}

template <typename Refuse>
JobTarget WorkloadFiles::plan_fio_own_file(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file,
                                           std::uint64_t start, std::uint64_t bytes,
                                           const std::vector<JobTarget>& planned,
                                           const std::vector<JobTarget>& earlier_jobs, const Refuse& refuse) const {
  // fio's rules: in directory= itself, the file as long as fio makes it (its io_size, whole blocks or not), used as
  // it is when it holds that already; without size=, as long as it is.
  const std::uint64_t region = whole_blocks(bytes, spec.block_bytes);
  JobTarget target{directory_of(spec, job), directory_of(spec, job) / own_file_name(spec, job, file), false, false,
                   false, start, region, bytes != region ? bytes : 0};
  const auto made_earlier = [&](const std::vector<JobTarget>& others) {
    return std::any_of(others.begin(), others.end(), [&](const JobTarget& other) { return same_file(other, target); });
  };
  const std::optional<ExistingTarget> existing = existing_target(target.path);
  if (!existing) {
    if (!spec.allow_file_create && !made_earlier(planned) && !made_earlier(earlier_jobs)) {
      refuse(fmt::format("file creation disallowed by allow_file_create=0: '{}' does not exist", target.path.string()));
    }
    if (bytes == 0) refuse(fmt::format("needs size= to create '{}'", target.path.string()));
    return target;
  }
  if (auto refusal = existing_target_refusal(spec, target.path, existing->block_device,
                                             existing->block_device && device_is_mounted(target.path), rules_)) {
    refuse(*refusal);
  }
  if (spec.file_append && !existing->block_device) target.region_offset = start = existing->size_bytes;
  const ExistingRegion fits =
      existing_region(spec, start, existing->size_bytes, target.path, bytes, rules_, existing->block_device);
  if (fits.refusal) refuse(*fits.refusal);
  if (bytes == 0) {  // no size=: the file's own
    target.region_bytes = whole_blocks(fits.bytes, spec.block_bytes);
    if (target.region_bytes == 0) {
      refuse(fmt::format("'{}' is smaller than one block (bs={})", target.path.string(), spec.block_bytes));
    }
  }
  target.exists = !fits.lays_out_again;
  target.extends = fits.extends;
  target.block_device = existing->block_device;
  return target;
}

template <typename Refuse>
std::vector<JobTarget> WorkloadFiles::plan_named_file(const WorkloadSpec& spec, const std::vector<std::string>& names,
                                                      std::uint32_t file, const fs::path& path,
                                                      const fs::path& directory,
                                                      const std::vector<JobTarget>& planned,
                                                      const Refuse& refuse) const {
  const auto files = static_cast<std::uint32_t>(names.size());
  JobTarget target{directory, path, false, false, false, 0, 0};
  std::optional<std::uint64_t> made_earlier;  // the bytes the earlier workloads' jobs make it hold
  for (const JobTarget& earlier : planned) {
    if (!earlier.is_private && earlier.path == path && !earlier.exists) {
      made_earlier = std::max(made_earlier.value_or(0), earlier.extent());
    }
  }
  std::optional<ExistingTarget> existing;
  if (!made_earlier) existing = existing_target(path);
  if (existing && existing->char_device) return plan_char_device(spec, path, directory, refuse);
  std::uint64_t file_bytes = made_earlier.value_or(0);  // what the file holds when the jobs start
  if (existing) {
    file_bytes = existing->size_bytes;
    target.file_bytes = existing->size_bytes;
    target.exists = true;
    target.block_device = existing->block_device;
    if (auto refusal = existing_target_refusal(spec, path, existing->block_device,
                                               existing->block_device && device_is_mounted(path), rules_)) {
      refuse(*refusal);
    }
  } else {
    if (!made_earlier && !spec.allow_file_create) {
      refuse(fmt::format("file creation disallowed by allow_file_create=0: '{}' does not exist", path.string()));
    }
    if (auto refusal = created_on_open_refusal(spec); refusal && !made_earlier) refuse(*refusal);
    if (spec.size_percent) refuse(fmt::format("size={}% of '{}', which does not exist", *spec.size_percent, path.string()));
    if (spec.size_bytes == 0 && spec.file_size == 0) refuse(fmt::format("needs size= to create '{}'", path.string()));
    if (const auto link = symbolic_link_target(path)) {
      refuse(fmt::format("filename '{}' is a symbolic link to '{}', which does not exist: bench++ creates no file "
                         "through a link it did not make",
                         path.string(), link->string()));
    }
    if (auto refusal = created_path_refusal(path, directory, rules_)) refuse(*refusal);
    const fs::path parent = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code error;
    if (!fs::is_directory(parent, error)) refuse(fmt::format("directory '{}' does not exist", parent.string()));
  }
  std::vector<JobTarget> targets;
  bool lays_out_again = false;  // fio's rules: an existing file too small for a job's region is made anew
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    target.region_offset = fio_start_offset(spec, job, file_bytes, !target.block_device);
    // fio draws each job's sizes of the files it shares; bench++ takes job 0's for every job (one file, one size).
    const bool sized = spec.size_bytes != 0 || spec.file_size != 0;
    std::uint64_t region = sized ? job_file_bytes(spec, files, 0, target.region_offset, names[0], refuse)[file] : 0;
    if (existing) {
      const ExistingRegion fits = existing_region(spec, target.region_offset, existing->size_bytes, path, region,
                                                  rules_, existing->block_device);
      if (fits.refusal) refuse(*fits.refusal);
      region = fits.bytes;
      lays_out_again = lays_out_again || fits.lays_out_again;
      target.extends = fits.extends;
    }
    target.region_bytes = whole_blocks(region, spec.block_bytes);
    target.io_bytes = !existing && files > 1 ? region : 0;  // a new file of several: as long as fio makes it
    if (target.region_bytes == 0) refuse(fmt::format("'{}' is smaller than one block (bs={})", path.string(), spec.block_bytes));
    targets.push_back(target);
  }
  if (lays_out_again) {
    for (JobTarget& each : targets) {
      each.exists = false;
      each.extends = false;
    }
  }
  return targets;
}

// fio's character devices (filesetup.c FIO_TYPE_CHAR): used as they are, neither laid out, pre-read nor removed;
// their size is unknown, so size= says each job's region. bench++'s rules let a job write the kernel's sinks
// (/dev/null, /dev/zero: character device 1,3 and 1,5, which keep nothing) and refuse writes to any other it did
// not create, as for a file.
template <typename Refuse>
std::vector<JobTarget> WorkloadFiles::plan_char_device(const WorkloadSpec& spec, const fs::path& path,
                                                       const fs::path& directory, const Refuse& refuse) const {
  struct stat info {};
  const bool sink = ::stat(path.c_str(), &info) == 0 && major(info.st_rdev) == 1 &&
                    (minor(info.st_rdev) == 3 || minor(info.st_rdev) == 5);
  if (!sink) {
    if (auto refusal = existing_target_refusal(spec, path, false, false, rules_)) refuse(*refusal);
  }
  if (spec.size_percent || (spec.size_bytes == 0 && spec.file_size == 0)) {
    refuse(fmt::format("filename '{}' is a character device, whose size is unknown: give size= in bytes (fio needs it "
                       "too)",
                       path.string()));
  }
  const std::uint64_t size = spec.size_bytes != 0 ? spec.size_bytes : spec.file_size;
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    JobTarget target{directory, path, false, true, false, fio_start_offset(spec, job, 0, false),
                     whole_blocks(size, spec.block_bytes)};
    if (target.region_bytes == 0) refuse(fmt::format("size={} is less than one block (bs={})", size, spec.block_bytes));
    target.char_device = true;
    targets.push_back(std::move(target));
  }
  return targets;
}

std::optional<std::vector<JobTarget>> WorkloadFiles::plan_rank_filename(const WorkloadSpec& spec,
                                                                        const fs::path& directory) const {
  const auto refuse = [&](const std::string& reason) {
    throw UsageError(fmt::format("workload '{}': {}", spec.name, reason));
  };
  const fs::path name(spec.filename);
  if (!name.is_absolute() && spec.directory.empty()) {  // the rank's own file, in its private directory
    if (name.has_parent_path()) {
      refuse(fmt::format("under MPI filename= '{}' names a file of each rank's own directory, which has no "
                         "subdirectories: give a name without '/'",
                         spec.filename));
    }
    if (auto refusal = entry_name_refusal(spec.filename, "filename")) refuse(*refusal);
    if (spec.size_percent) refuse(fmt::format("size={}% of '{}', which bench++ creates", *spec.size_percent, spec.filename));
    if (spec.size_bytes == 0) refuse(fmt::format("needs size= to create '{}'", spec.filename));
    const std::uint64_t region = whole_blocks(spec.size_bytes, spec.block_bytes);
    if (region == 0) refuse(fmt::format("'{}' is smaller than one block (bs={})", spec.filename, spec.block_bytes));
    std::vector<JobTarget> targets;
    for (std::uint32_t job = 0; job < spec.jobs; ++job) {
      targets.push_back(JobTarget{directory, name, true, false, false, fio_start_offset(spec, job, 0), region});
    }
    return targets;
  }
  const fs::path path = name.is_absolute() ? name : directory / name;
  std::error_code error;
  const bool exists = fs::exists(path, error);
  if (auto refusal = shared_rank_file_refusal(spec, path, exists)) refuse(*refusal);
  return std::nullopt;  // an existing file or device that every rank only reads: the rules of one process
}

}  // namespace bench
