#include "phases/workload/workload_files.h"

#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <system_error>

#include "phases/workload/job_files.h"
#include "phases/workload/job_offsets.h"
#include "phases/rng.h"
#include "platform/aligned_buffer.h"
#include "result/errors.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kLayoutChunkBytes = 1 << 20;

std::uint64_t whole_blocks(std::uint64_t bytes, std::uint32_t block) { return bytes / block * block; }

// fio's fallocate= on a file bench++ made, up to `bytes` (fio 3.33's fallocate_file). native and posix: a
// filesystem without preallocation (EOPNOTSUPP, ENOSYS, EINVAL) gets its blocks as the writes come, as fio's
// native does; keep and truncate fail as fio's do.
void preallocate(FallocateMode mode, const PosixFile& file, const fs::path& path, std::uint64_t bytes) {
  const auto size = static_cast<off_t>(bytes);
  const auto unsupported = [](int error) { return error == EOPNOTSUPP || error == ENOSYS || error == EINVAL; };
  int error = 0;
  switch (mode) {
    case FallocateMode::kNone:
      return;
    case FallocateMode::kNative:
      error = ::fallocate(file.fd(), 0, 0, size) == 0 ? 0 : errno;
      if (error != 0 && unsupported(error)) return;
      break;
    case FallocateMode::kPosix:
      error = ::posix_fallocate(file.fd(), 0, size);
      if (error != 0 && unsupported(error)) return;
      break;
    case FallocateMode::kKeep:
      error = ::fallocate(file.fd(), FALLOC_FL_KEEP_SIZE, 0, size) == 0 ? 0 : errno;
      break;
    case FallocateMode::kTruncate:
      error = ::ftruncate(file.fd(), size) == 0 ? 0 : errno;
      break;
  }
  if (error != 0) throw_errno(error, "allocate (fallocate=)", path);
}

// The size of an existing regular file or block device; nullopt when nothing is at `path`.
struct ExistingTarget {
  bool block_device = false;
  std::uint64_t size_bytes = 0;
};
std::optional<ExistingTarget> existing_target(const fs::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw UsageError(fmt::format("cannot use filename '{}': {}", path.string(), std::strerror(errno)));
  }
  if (S_ISREG(info.st_mode)) return ExistingTarget{false, static_cast<std::uint64_t>(info.st_size)};
  if (!S_ISBLK(info.st_mode)) {
    throw UsageError(fmt::format("filename '{}' is neither a regular file nor a block device", path.string()));
  }
  const UniqueFd device(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  std::uint64_t bytes = 0;
  if (!device.is_open() || ::ioctl(device.get(), BLKGETSIZE64, &bytes) != 0) {
    throw UsageError(fmt::format("cannot read the size of block device '{}': {}", path.string(), std::strerror(errno)));
  }
  return ExistingTarget{true, bytes};
}

// Throws UsageError (via `refuse`) unless `name` can be one entry of a directory: not empty, no '/', not "." or
// "..", at most NAME_MAX bytes. `what` says where the name comes from, for the message.
template <typename Refuse>
void check_entry_name(std::string_view name, std::string_view what, const Refuse& refuse) {
  if (name.empty() || name == "." || name == "..") refuse(fmt::format("{} '{}' is not a file name", what, name));
  if (name.find('/') != std::string_view::npos) {
    refuse(fmt::format("{} '{}' holds a '/': bench++ makes the file inside its directory, so it names no "
                       "subdirectory",
                       what, name));
  }
  if (name.size() > NAME_MAX) {
    refuse(fmt::format("{} of {} bytes is longer than a file name may be ({} bytes)", what, name.size(), NAME_MAX));
  }
}

// fio's create_on_open=1 leaves a new file empty until the job opens it: its reads would find nothing (fio fails).
template <typename Refuse>
void check_created_on_open(const WorkloadSpec& spec, const Refuse& refuse) {
  if (spec.create_on_open && reads_data(spec.pattern)) {
    refuse("create_on_open=1 with reads: the new file would be empty when they start (fio fails them)");
  }
}

// Throws UsageError (via `refuse`) unless bench++ may create `path`: inside `directory` (lexically: a
// filename= with '..' that climbs out of it, or an absolute one elsewhere, would create a file outside the
// directory the user gave), and with every component a file name of at most NAME_MAX bytes.
template <typename Refuse>
void check_created_path(const fs::path& path, const fs::path& directory, const Refuse& refuse) {
  const fs::path inside = fs::absolute(path).lexically_normal().lexically_relative(fs::absolute(directory).lexically_normal());
  if (inside.empty() || *inside.begin() == ".." || inside == ".") {
    refuse(fmt::format("filename '{}' does not exist, and bench++ creates files only inside the workload's directory "
                       "'{}' (-d or directory=)",
                       path.string(), directory.string()));
  }
  for (const fs::path& part : path) {
    if (part.native().size() > NAME_MAX) {
      refuse(fmt::format("filename= has a part of {} bytes, longer than a file name may be ({} bytes)",
                         part.native().size(), NAME_MAX));
    }
  }
  if (path.native().size() >= PATH_MAX) {
    refuse(fmt::format("filename of {} bytes is longer than a path may be ({} bytes)", path.native().size(), PATH_MAX - 1));
  }
}

// The bytes a job works on in an existing file or device from `start` (fio's io_size): `wanted` (size=, or its
// share of several files), size=N% of the file (cut at its end, whole blocks) or, without either, up to its end.
// Refuses (via `refuse`) a region that does not fit: bench++ does not extend what it did not create.
template <typename Refuse>
std::uint64_t existing_region(const WorkloadSpec& spec, std::uint64_t start, const ExistingTarget& existing,
                              const fs::path& path, std::uint64_t wanted, const Refuse& refuse) {
  const std::uint64_t size = existing.size_bytes;
  if (start > size) {
    refuse(fmt::format("offset {} is beyond the end of '{}' ({} bytes)", start, path.string(), size));
  }
  if (spec.size_percent) {
    const std::uint64_t share = size / 100 * *spec.size_percent + size % 100 * *spec.size_percent / 100;
    return whole_blocks(std::min(share, size - start), spec.block_bytes);
  }
  const std::uint64_t region = wanted == 0 ? size - start : wanted;
  if (region > size - start) {
    if (start == 0) {
      refuse(fmt::format("'{}' holds {} bytes, less than size={}: bench++ does not extend what it did not create",
                         path.string(), size, region));
    }
    refuse(fmt::format("'{}' holds {} bytes, less than offset {} + size={}: bench++ does not extend what it did not "
                       "create",
                       path.string(), size, start, region));
  }
  return region;
}

}  // namespace

WorkloadFiles::WorkloadFiles(fs::path default_directory, std::optional<std::uint32_t> rank_of_several)
    : default_directory_(std::move(default_directory)), rank_of_several_(rank_of_several) {}

WorkloadFiles::~WorkloadFiles() { remove_created(); }

void WorkloadFiles::remove_created() noexcept {
  std::error_code ignored;
  for (auto it = created_.begin(); it != created_.end();) {
    if (it->second.keep) {
      ++it;
      continue;
    }
    fs::remove(it->first, ignored);
    it = created_.erase(it);
  }
  for (const auto& [directory, private_directory] : private_directories_) {
    fs::remove(private_directory, ignored);  // only when empty: files kept by unlink=0 keep it
  }
  private_directories_.clear();
}

fs::path WorkloadFiles::directory_of(const WorkloadSpec& spec, std::uint32_t job) const {
  const std::string directory = directory_of_job(spec, job);
  return directory.empty() ? default_directory_ : fs::path(directory);
}

std::uint64_t fio_start_offset(const WorkloadSpec& spec, std::uint32_t job_index, std::uint64_t file_bytes) {
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

namespace {

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

}  // namespace

std::span<JobTarget> targets_of_job(std::span<JobTarget> targets, const WorkloadSpec& spec, std::uint32_t job) {
  const std::size_t files = files_per_job(spec);
  return targets.subspan(std::size_t{job} * files, files);
}

std::vector<JobTarget> WorkloadFiles::plan(const WorkloadSpec& spec, const std::vector<JobTarget>& planned) const {
  const auto refuse = [&](const std::string& reason) {
    throw UsageError(fmt::format("workload '{}': {}", spec.name, reason));
  };
  std::vector<std::string> directories = split_fio_names(spec.directory);
  if (directories.empty()) directories.push_back(default_directory_.string());
  for (const std::string& directory : directories) {
    std::error_code error;
    if (!fs::is_directory(directory, error)) refuse(fmt::format("directory '{}' does not exist", directory));
  }
  if (spec.filename.empty()) return plan_own_files(spec, refuse);
  const std::vector<std::string> names = split_fio_names(spec.filename);
  const fs::path directory = directory_of(spec, 0);  // fio: filename= is inside the first directory
  if (rank_of_several_) {
    if (names.size() > 1) refuse("several files in filename= (a:b) under MPI are not supported by bench++");
    if (auto own = plan_rank_filename(spec, directory)) return std::move(*own);
  }
  // Each job's region in each file, file after file; then arranged job after job.
  std::vector<std::vector<JobTarget>> by_file;
  for (std::uint32_t file = 0; file < names.size(); ++file) {
    by_file.push_back(plan_named_file(spec, names, file, directory, planned, refuse));
  }
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    for (const std::vector<JobTarget>& file : by_file) targets.push_back(file[job]);
  }
  return targets;
}

template <typename Refuse>
std::vector<JobTarget> WorkloadFiles::plan_own_files(const WorkloadSpec& spec, const Refuse& refuse) const {
  check_created_on_open(spec, refuse);
  if (spec.size_bytes == 0 && spec.file_size == 0) refuse("needs size= for the files bench++ creates");
  check_entry_name(own_file_name(spec, spec.jobs - 1, spec.nrfiles - 1), "the file name from --name/[section]", refuse);
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    const std::uint64_t start = fio_start_offset(spec, job, 0);
    const std::vector<std::uint64_t> bytes =
        job_file_bytes(spec, spec.nrfiles, job, start, own_file_name(spec, job, 0), refuse);
    for (std::uint32_t file = 0; file < spec.nrfiles; ++file) {
      const std::uint64_t region = whole_blocks(bytes[file], spec.block_bytes);
      if (region == 0) {
        refuse(fmt::format("file {} of job {} would hold {} bytes, less than one block (bs={}): give a larger size= "
                           "or filesize=, or fewer nrfiles=",
                           file, job, bytes[file], spec.block_bytes));
      }
      targets.push_back(JobTarget{directory_of(spec, job), own_file_name(spec, job, file), true, false, false, start,
                                  region, spec.nrfiles > 1 ? bytes[file] : 0});
    }
  }
  return targets;
}

template <typename Refuse>
std::vector<JobTarget> WorkloadFiles::plan_named_file(const WorkloadSpec& spec, const std::vector<std::string>& names,
                                                      std::uint32_t file, const fs::path& directory,
                                                      const std::vector<JobTarget>& planned,
                                                      const Refuse& refuse) const {
  const fs::path name(names[file]);
  const fs::path path = name.is_absolute() ? name : directory / name;
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
  std::uint64_t file_bytes = made_earlier.value_or(0);  // what the file holds when the jobs start
  if (existing) {
    file_bytes = existing->size_bytes;
    target.exists = true;
    target.block_device = existing->block_device;
    if (changes_files(spec) && !spec.overwrite_allowed) {
      refuse(fmt::format("it {}, and '{}' exists and was not created by bench++: bench++ only reads it unless "
                         "--allow-overwrite={} says otherwise",
                         writes_data(spec.pattern) ? "writes" : "trims", path.string(), path.string()));
    }
    if (spec.unlinks_between_loops() && !existing->block_device) {
      refuse(fmt::format("unlink_each_loop would remove '{}' after the first loop, and bench++ only removes files it "
                         "created: name a file that does not exist yet, or leave filename= out",
                         path.string()));
    }
  } else {
    if (!made_earlier) check_created_on_open(spec, refuse);
    if (spec.size_percent) refuse(fmt::format("size={}% of '{}', which does not exist", *spec.size_percent, path.string()));
    if (spec.size_bytes == 0 && spec.file_size == 0) refuse(fmt::format("needs size= to create '{}'", path.string()));
    check_created_path(path, directory, refuse);
    const fs::path parent = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    std::error_code error;
    if (!fs::is_directory(parent, error)) refuse(fmt::format("directory '{}' does not exist", parent.string()));
  }
  std::vector<JobTarget> targets;
  for (std::uint32_t job = 0; job < spec.jobs; ++job) {
    target.region_offset = fio_start_offset(spec, job, file_bytes);
    // fio draws each job's sizes of the files it shares; bench++ takes job 0's for every job (one file, one size).
    const bool sized = spec.size_bytes != 0 || spec.file_size != 0;
    std::uint64_t region = sized ? job_file_bytes(spec, files, 0, target.region_offset, names[0], refuse)[file] : 0;
    if (existing) region = existing_region(spec, target.region_offset, *existing, path, region, refuse);
    target.region_bytes = whole_blocks(region, spec.block_bytes);
    target.io_bytes = !existing && files > 1 ? region : 0;  // a new file of several: as long as fio makes it
    if (target.region_bytes == 0) refuse(fmt::format("'{}' is smaller than one block (bs={})", path.string(), spec.block_bytes));
    targets.push_back(target);
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
    check_entry_name(spec.filename, "filename", refuse);
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
  if (changes_files(spec) || !exists) {
    refuse(fmt::format("every MPI rank would {} '{}': give a relative filename= without directory= (each rank then "
                       "has its own, in its directory inside -d), or leave filename= out",
                       writes_data(spec.pattern) ? "write" : trims_data(spec.pattern) ? "trim" : "create",
                       path.string()));
  }
  return std::nullopt;  // an existing file or device that every rank only reads: the rules of one process
}

const fs::path& WorkloadFiles::private_directory(const fs::path& directory) {
  auto found = private_directories_.find(directory);
  if (found != private_directories_.end()) return found->second;
  const std::string name =
      rank_of_several_ ? fmt::format("bench++-job.rank-{}.XXXXXX", *rank_of_several_) : "bench++-job.XXXXXX";
  std::string pattern = (directory / name).string();
  if (::mkdtemp(pattern.data()) == nullptr) throw_errno("create a private directory in", directory);
  return private_directories_.emplace(directory, fs::path(pattern)).first->second;
}

void WorkloadFiles::prepare(const WorkloadSpec& spec, std::span<JobTarget> targets,
                            const std::atomic<int>* interrupt_signal) {
  std::vector<fs::path> opened_later;  // create_on_open=1's files, not there yet
  for (JobTarget& target : targets) {
    if (target.is_private) {
      target.path = private_directory(target.directory) / target.path;
      target.is_private = false;
    }
    if (std::find(opened_later.begin(), opened_later.end(), target.path) != opened_later.end()) continue;
    const auto made = created_.find(target.path);
    if (target.exists && made == created_.end()) continue;  // a user's file or device: only read, as it is
    if (made == created_.end() && spec.create_on_open) {
      // fio's create_on_open=1: the job's own open makes it (open_for_requests), unallocated and unlaid; it is
      // removed at the end as any file bench++ makes.
      created_[target.path].keep = !spec.unlink;
      opened_later.push_back(target.path);
      continue;
    }
    if (made == created_.end()) {
      // O_EXCL: a file that appeared since planning is somebody's, and stays untouched.
      PosixFile(target.path, O_WRONLY | O_CREAT | O_EXCL, 0600).close();
      created_.emplace(target.path, Created{});
    }
    lay_out(spec, target.path, target.extent(), interrupt_signal);
    created_[target.path].keep = !spec.unlink;  // as fio: the last workload on a file decides
  }
  // unlink_each_loop: the jobs' last loops leave files made anew, holding only what those loops wrote; a later
  // workload on them lays them out again.
  for (const JobTarget& target : targets) {
    const auto made = created_.find(target.path);
    if (spec.unlinks_between_loops() && made != created_.end()) made->second = Created{0, 0, made->second.keep};
  }
  if (spec.direct || !spec.invalidate) return;
  // fio's invalidate=1 at a job's start: its region's pages declared unneeded (POSIX_FADV_DONTNEED), and no more.
  // No fdatasync first: after a job of direct or unsynced writes, the first sync a job times pays for the device
  // flush of what came before, in fio, and so it does here. Advice only: a failure is ignored, as fio only logs it.
  for (const JobTarget& target : targets) {
    if (std::find(opened_later.begin(), opened_later.end(), target.path) != opened_later.end()) continue;
    const PosixFile file(target.path, O_RDONLY);
    (void)::posix_fadvise(file.fd(), static_cast<off_t>(target.region_offset),
                          static_cast<off_t>(target.region_bytes), POSIX_FADV_DONTNEED);
  }
}

void WorkloadFiles::lay_out(const WorkloadSpec& spec, const fs::path& path, std::uint64_t bytes,
                            const std::atomic<int>* interrupt_signal) {
  Created& created = created_.at(path);
  PosixFile file(path, O_WRONLY);
  if (created.allocated_bytes < bytes) {  // fio preallocates every file it makes, before any layout
    preallocate(spec.fallocate, file, path, bytes);
    created.allocated_bytes = bytes;
  }
  // fio's overwrite=1: a writing job's file holds data before its writes, as a reading job's does.
  if ((reads_data(spec.pattern) || spec.overwrite) && created.filled_bytes < bytes) {
    const std::uint64_t filled_from = created.filled_bytes;
    // Incompressible data: every chunk drawn afresh, so that neither compression nor deduplication flatters
    // the reads.
    AlignedBuffer chunk(kLayoutChunkBytes);
    Rng rng(0x6c61796f7574ULL ^ std::hash<std::string>{}(path.string()));
    for (std::uint64_t offset = created.filled_bytes; offset < bytes; offset += kLayoutChunkBytes) {
      if (interrupt_signal != nullptr) {
        if (const int signal_number = interrupt_signal->load(std::memory_order_relaxed); signal_number != 0) {
          throw InterruptedError(signal_number);
        }
      }
      for (std::size_t i = 0; i + 8 <= chunk.size(); i += 8) {
        const std::uint64_t word = rng.next();
        std::memcpy(chunk.data() + i, &word, 8);
      }
      file.write_all_at(chunk.data(), std::min<std::uint64_t>(kLayoutChunkBytes, bytes - offset), offset);
    }
    file.sync();
    // As fio after its layout (filesetup.c setup_files), whatever the job's invalidate= or direct=: the pages the
    // layout wrote leave the cache, so that a direct job's writes need not invalidate them one by one.
    (void)::posix_fadvise(file.fd(), static_cast<off_t>(filled_from), static_cast<off_t>(bytes - filled_from),
                          POSIX_FADV_DONTNEED);
    created.filled_bytes = bytes;
  }
  file.close();
}

namespace {
// fio's fadvise_hint (ioengines.c td_io_open_file): the job's region of each file it opens for its requests is
// declared random (POSIX_FADV_RANDOM: no readahead) or sequential (POSIX_FADV_SEQUENTIAL: more), by the job's
// pattern (fadvise_hint=1, fio's default) or as named; none with fadvise_hint=0. Advice only: a failure is ignored, as
// fio only warns of it.
void advise_access_pattern(const WorkloadSpec& spec, const PosixFile& file, const JobTarget& target) {
  int advice = 0;
  switch (spec.fadvise_hint) {
    case FadviseHint::kNone: return;
    case FadviseHint::kByPattern: advice = is_random(spec.pattern) ? POSIX_FADV_RANDOM : POSIX_FADV_SEQUENTIAL; break;
    case FadviseHint::kRandom: advice = POSIX_FADV_RANDOM; break;
    case FadviseHint::kSequential: advice = POSIX_FADV_SEQUENTIAL; break;
  }
  (void)::posix_fadvise(file.fd(), static_cast<off_t>(target.region_offset), static_cast<off_t>(target.region_bytes),
                        advice);
}
}  // namespace

PosixFile WorkloadFiles::open_for_requests(const WorkloadSpec& spec, const JobTarget& target, bool create) {
  const int access = changes_files(spec) ? O_RDWR : O_RDONLY;
  // As fio 3.33 (filesetup.c): a job that trims opens its files without O_DIRECT and sync='s flags.
  const int flags = trims_data(spec.pattern) ? 0 : (spec.direct ? O_DIRECT : 0) | spec.sync_open_flag;
  try {
    // sync=: O_(D)SYNC; create_on_open=1: this open makes a new file (prepare left it to it)
    PosixFile file(target.path, access | flags | (spec.create_on_open || create ? O_CREAT : 0), 0600);
    advise_access_pattern(spec, file, target);
    return file;
  } catch (const std::system_error& error) {
    if (spec.direct && error.code() == std::errc::invalid_argument) {
      throw std::system_error(error.code(), fmt::format("cannot open {} with O_DIRECT (direct=1): its filesystem "
                                                        "does not support it; use direct=0",
                                                        target.path.string()));
    }
    throw;
  }
}

void WorkloadFiles::recreate(const WorkloadSpec& spec, std::span<const JobTarget> targets,
                             std::span<PosixFile> open_files) {
  // As fio: every file is removed first (its unlink_all_files), then each is opened again.
  for (const JobTarget& target : targets) {
    if (!target.block_device && ::unlink(target.path.c_str()) != 0) throw_errno("remove (unlink_each_loop)", target.path);
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (targets[i].block_device) continue;
    const PosixFile fresh = open_for_requests(spec, targets[i], true);
    if (::dup3(fresh.fd(), open_files[i].fd(), O_CLOEXEC) < 0) {
      throw_errno("reopen (unlink_each_loop)", targets[i].path);
    }
  }
}

std::vector<fs::path> WorkloadFiles::kept_files() const {
  std::vector<fs::path> kept;
  for (const auto& [path, created] : created_) {
    if (created.keep) kept.push_back(path);
  }
  return kept;
}

}  // namespace bench
