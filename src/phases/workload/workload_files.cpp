// The life of a workload's files once planned (phases/workload/workload_targets.cpp plans them): created, laid out,
// opened for the requests, made anew between loops (unlink_each_loop) and removed.
#include "phases/workload/workload_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <utility>

#include "phases/rng.h"
#include "platform/aligned_buffer.h"
#include "result/errors.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kLayoutChunkBytes = 1 << 20;

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

// Opens a file bench++ created (or is about to create) with O_NOFOLLOW: a symbolic link put in its place since
// is refused, naming it, and never followed (man page, SAFETY).
PosixFile open_created(const fs::path& path, int flags) {
  try {
    return PosixFile(path, flags | O_NOFOLLOW, 0600);
  } catch (const std::system_error& error) {
    if (error.code() != std::errc::too_many_symbolic_link_levels) throw;
    throw std::system_error(error.code(), fmt::format("cannot open {}: it is a symbolic link, which bench++ did not "
                                                      "make: it opens the files it creates through no link",
                                                      path.string()));
  }
}

}  // namespace

WorkloadFiles::WorkloadFiles(fs::path default_directory, std::optional<std::uint32_t> rank_of_several, FileRules rules)
    : default_directory_(std::move(default_directory)), rank_of_several_(rank_of_several), rules_(rules) {}

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
  for (const auto& [path, kept] : existing_kept_) {  // fio's rules: unlink=1 removes the files it did not make too
    if (!kept) fs::remove(path, ignored);
  }
  existing_kept_.clear();
  for (const auto& [directory, private_directory] : private_directories_) {
    fs::remove(private_directory, ignored);  // only when empty: files kept by unlink=0 keep it
  }
  private_directories_.clear();
}

FilesToRemove WorkloadFiles::to_remove() const {
  FilesToRemove out;
  const auto count = [&](const fs::path& path) {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(path, error);
    ++out.files;
    if (!error) out.bytes += bytes;
  };
  for (const auto& [path, created] : created_) {
    if (!created.keep) count(path);
  }
  for (const auto& [path, kept] : existing_kept_) {
    if (!kept) count(path);
  }
  return out;
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

// fio's pre_read=1 (filesetup.c pre_read_file): each target's region read from its start with read(2), in
// requests of the job's largest read size (the region's length if less), so that the job meets its data in the page
// cache; a short read ends it with EIO, as fio fails the job. (The job's invalidate is off with it: settle_workload.)
namespace {
void pre_read(const WorkloadSpec& spec, std::span<const JobTarget> targets, const std::vector<fs::path>& opened_later) {
  for (const JobTarget& target : targets) {
    if (target.char_device) continue;  // as fio: nothing to read ahead on a character device
    if (std::find(opened_later.begin(), opened_later.end(), target.path) != opened_later.end()) continue;
    const PosixFile file = target.exists ? PosixFile(target.path, O_RDONLY) : open_created(target.path, O_RDONLY);
    std::uint64_t left = target.region_bytes;
    const std::uint64_t chunk = std::min<std::uint64_t>(spec.block_sizes.direction[0].max() != 0
                                                            ? spec.block_sizes.direction[0].max()
                                                            : spec.block_bytes,
                                                        left);
    AlignedBuffer buffer(std::max<std::uint64_t>(chunk, 1));
    if (::lseek(file.fd(), static_cast<off_t>(target.region_offset), SEEK_SET) < 0) {
      throw_errno("seek, to pre-read (pre_read=1),", target.path);
    }
    while (left > 0) {
      const std::uint64_t bytes = std::min(chunk, left);
      const ssize_t done = ::read(file.fd(), buffer.data(), bytes);
      if (done < 0 && errno == EINTR) continue;
      if (done != static_cast<ssize_t>(bytes)) {
        if (done >= 0) errno = EIO;
        throw_errno("pre-read (pre_read=1)", target.path);
      }
      left -= bytes;
    }
  }
}
}  // namespace

void WorkloadFiles::prepare(const WorkloadSpec& spec, std::span<JobTarget> targets,
                            const std::atomic<int>* interrupt_signal) {
  const EngineFiles engine_files = engine_facts(spec.engine).files;
  // fio's null, cpuio and exec: nothing laid out, nor a private directory made
  if (engine_files == EngineFiles::kNone || engine_files == EngineFiles::kNoData) return;
  std::vector<fs::path> opened_later;  // create_on_open=1's files, not there yet
  FilesLaidOut laid_out{spec.name, 0, 0};
  for (JobTarget& target : targets) {
    if (target.is_private) {
      target.path = private_directory(target.directory) / target.path;
      target.is_private = false;
    }
    if (std::find(opened_later.begin(), opened_later.end(), target.path) != opened_later.end()) continue;
    const auto made = created_.find(target.path);
    if (target.exists && made == created_.end()) {  // a user's file or device, used as it is
      if (rules_ == FileRules::kFio && !target.block_device) existing_kept_[target.path] = !spec.unlink;
      if (target.extends) {  // file_append=1's: allocated to the region's end, kept (fio's extend_file)
        preallocate(spec.fallocate, PosixFile(target.path, O_WRONLY), target.path, target.extent());
      }
      continue;
    }
    if (made == created_.end() && (spec.create_on_open || engine_files == EngineFiles::kCreates)) {
      // fio's create_on_open=1: the job's own open makes it (open_for_requests), unallocated and unlaid; it is
      // removed at the end as any file bench++ makes. filecreate's call makes it so too (engine/file_call_engine.h).
      created_[target.path].keep = !spec.unlink;
      opened_later.push_back(target.path);
      continue;
    }
    if (made == created_.end()) {
      if (rules_ == FileRules::kFio && ::unlink(target.path.c_str()) != 0 && errno != ENOENT) {
        throw_errno("remove, to lay out anew as fio does,", target.path);  // too small: fio's extend_file
      }
      // O_EXCL: under bench++'s rules a file that appeared since planning is somebody's, and stays untouched.
      PosixFile(target.path, O_WRONLY | O_CREAT | O_EXCL, rules_ == FileRules::kFio ? 0644 : 0600).close();
      created_.emplace(target.path, Created{});
    }
    // fio's need_extend: a file made now, or made earlier in the run but shorter than this job's region's end.
    if (created_.at(target.path).allocated_bytes < target.extent()) {
      ++laid_out.files;
      laid_out.bytes += target.extent();
    }
    lay_out(spec, target.path, target.extent(), interrupt_signal);
    created_[target.path].keep = !spec.unlink;  // as fio: the last workload on a file decides
  }
  if (laid_out.files > 0) laid_out_.push_back(std::move(laid_out));
  // unlink_each_loop: the jobs' last loops leave files made anew, holding only what those loops wrote; a later
  // workload on them lays them out again.
  for (const JobTarget& target : targets) {
    const auto made = created_.find(target.path);
    if (spec.unlinks_between_loops() && made != created_.end()) made->second = Created{0, 0, made->second.keep};
  }
  if (spec.pre_read) pre_read(spec, targets, opened_later);
  if (spec.direct || !spec.invalidate) return;
  // fio's invalidate=1 at a job's start: its region's pages declared unneeded (POSIX_FADV_DONTNEED), and no more.
  // No fdatasync first: after a job of direct or unsynced writes, the first sync a job times pays for the device
  // flush of what came before, in fio, and so it does here. Advice only: a failure is ignored, as fio only logs it.
  for (const JobTarget& target : targets) {
    if (target.char_device) continue;  // fio: a character device has no cache to drop
    if (std::find(opened_later.begin(), opened_later.end(), target.path) != opened_later.end()) continue;
    const PosixFile file = target.exists ? PosixFile(target.path, O_RDONLY) : open_created(target.path, O_RDONLY);
    (void)::posix_fadvise(file.fd(), static_cast<off_t>(target.region_offset),
                          static_cast<off_t>(target.region_bytes), POSIX_FADV_DONTNEED);
  }
}


std::vector<FilesLaidOut> WorkloadFiles::take_laid_out() { return std::exchange(laid_out_, {}); }

void WorkloadFiles::lay_out(const WorkloadSpec& spec, const fs::path& path, std::uint64_t bytes,
                            const std::atomic<int>* interrupt_signal) {
  Created& created = created_.at(path);
  // What the file holds for a reading job: what was laid out; under fio's rules also what an earlier workload made
  // it hold (fio lays out again only a file shorter than the job needs).
  const std::uint64_t held =
      rules_ == FileRules::kFio ? std::max(created.filled_bytes, created.allocated_bytes) : created.filled_bytes;
  PosixFile file = open_created(path, O_WRONLY);
  // fio preallocates every file it makes, before any layout; but not with fill_device=1 (filesetup.c
  // fallocate_file), whose writes go until the filesystem is full.
  if (created.allocated_bytes < bytes && !spec.fill_device) {
    preallocate(spec.fallocate, file, path, bytes);
    created.allocated_bytes = bytes;
  }
  // fio's overwrite=1: a writing job's file holds data before its writes, as a reading job's does.
  if ((reads_data(spec.pattern) || spec.overwrite) && held < bytes) {
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
    if (spec.create_fsync) file.sync();  // fio's create_fsync=1 (its default): the layout ends with an fsync
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
    const int open_flags = access | flags | (spec.create_on_open || create ? O_CREAT : 0);
    PosixFile file = target.exists ? PosixFile(target.path, open_flags, 0600) : open_created(target.path, open_flags);
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
    std::error_code gone;  // a file the job removed itself (filedelete's call) is not kept
    if (created.keep && fs::symlink_status(path, gone).type() != fs::file_type::not_found) kept.push_back(path);
  }
  return kept;
}

}  // namespace bench
