#pragma once
// Where a workload's jobs do their I/O, and the rules that keep bench++ from destroying what it did not create
// (planned in workload_targets.cpp, each rule in target_rules.h; the files' life in workload_files.cpp). These are
// bench++'s rules (FileRules::kBench, result/run_setup.h); fio's persona follows fio 3.33's instead (FileRules::kFio,
// below):
//   - without filename=, each job gets nrfiles= files of its own, "<workload>.<job>.<file>" as fio names them, in
//     a private directory (bench++-job.XXXXXX) that bench++ makes inside directory= (default: -d, else "."); with
//     directory=a:b the jobs take the directories in turn (job modulo their number, as fio);
//   - filename= names one file (or block device), or several (a:b), that all the jobs of the workload share: as
//     written when absolute, else inside directory= (its first, as fio); workloads naming the same file share it
//     (a suite's test file is laid out once), and so do names that are one file however spelt (./a and a, a
//     link and its target: platform/file_identity.h), which take the first spelling;
//   - a filename= that is a dangling symbolic link is refused (bench++ creates no file through a link it did not
//     make); one to an existing file or device is that file, as the user named it;
//   - several files of a job share its size= as fio splits it, or each has filesize= (a range lo-hi: drawn per
//     file), phases/workload/job_files.h;
//   - a file or device that exists and that bench++ did not create is only read (verify_only=1 only reads): a workload that writes is
//     refused unless --allow-overwrite=PATH names it (WorkloadSpec::overwrite_allowed); bench++ never extends,
//     truncates or removes it;
//   - what bench++ creates it removes when the run ends, on every exit path, unless the last workload on it says unlink=0;
//     unlink_each_loop removes a job's files between its loops (recreate), so a user's existing file is refused with it.
// Each job works on a region of each of its files: from fio_start_offset (offset=, offset_increment=), size= bytes long
// (size=N%: that share of an existing file, from its start, cut at its end; no size=: up to the end); a file
// bench++ creates holds the region's end (fio's extend), a user's file must already.
// Under fio 3.33's rules (FileRules::kFio: fio's persona), as fio's filesetup.c and backend.c do:
//   - a job's own files are "<workload>.<job>.<file>" in directory= itself (default: -d, else "."), no private
//     directory;
//   - a file (own, or of filename=) that exists and holds the job's region is used as it is: neither allocated,
//     laid out nor filled; a regular file too small for it is removed and made anew (fio's extend_file: laid out
//     for reads and overwrite=1, only allocated for writes), with mode 0644 as fio makes it, but with file_append=1
//     (the region from the file's end) for a job that does not read, which extends it in place (allocated, kept);
//   - a filename= that exists is written as given, without --allow-overwrite, but a mounted block device that the
//     workload writes is refused without allow_mounted_write=1; a new filename= may be anywhere its directory is;
//   - unlink= defaults to 0 (fio's): every file stays after the run; unlink=1 removes every regular file of the
//     workload, whoever made it (fio's close_and_free_files), the last workload on a file deciding.
// For one rank of several (an MPI job, where every rank runs every workload), files never collide between ranks:
//   - each rank has private directories of its own (bench++-job.rank-<R>.XXXXXX);
//   - a relative filename= without directory= (a suite's shared test file) is a file of the rank's private
//     directory inside -d, shared by the rank's jobs and workloads only;
//   - any other filename= (absolute, or inside directory=) is the same file for every rank: refused for a
//     workload that writes, and for one that reads a file that does not exist (every rank would create it);
//     reading an existing file or device together is allowed.
// Layout (untimed): a file bench++ makes is first given its blocks as fallocate= says (fio's default, native:
// fallocate(2)); then a reading workload's file (or a writing one's with overwrite=1) is filled with
// incompressible data; then, unless direct=1 or invalidate=0, its pages are dropped from the page cache. With
// create_on_open=1 a new file is neither made nor laid out here: the job's open makes it (writing workloads only),
// as filecreate's call makes its job's files (engine/file_call_engine.h); null's are neither made nor removed.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <optional>
#include <string>
#include <vector>

#include "platform/posix_file.h"
#include "result/run_observer.h"
#include "result/run_result.h"
#include "result/run_setup.h"
#include "result/workload_spec.h"

namespace bench {

// One file a job uses.
struct JobTarget {
  std::filesystem::path directory;  // for a private file: the directory= its private directory is made in
  std::filesystem::path path;       // the file: relative to the private directory when is_private
  bool is_private = false;
  bool exists = false;              // it is there already (a user's file, a device, or made by an earlier workload)
  bool block_device = false;
  std::uint64_t region_offset = 0;  // where that part starts (fio's file_offset: offset=, offset_increment=)
  std::uint64_t region_bytes = 0;   // the part the job works on, from region_offset: whole blocks
  // With several files per job, fio's io_size of this file when it is not whole blocks (size= split: size/nrfiles),
  // which fio extends a new file to, past the region's last whole block; 0 otherwise.
  std::uint64_t io_bytes = 0;
  // The size of the existing file or device when planned (0 for one bench++ makes): where zonemode=strided's zones
  // end (with the region's end, if further).
  std::uint64_t file_bytes = 0;
  // The job's engine neither makes, lays out nor opens it (result/engine_kind.h touches_files: fio's null engine,
  // and filecreate, whose call makes it): a name and a region only, for which nothing is laid out, probed or counted.
  bool diskless = false;
  // A character device (/dev/null, /dev/zero): used as it is, never laid out, pre-read, probed nor removed.
  bool char_device = false;
  // fio's rules, file_append=1: an existing regular file that the job, which does not read, extends in place (fio's
  // extend_file neither removes nor lays it out): allocated up to extent() as fallocate= says, its data kept.
  bool extends = false;
  // The region's end, where the job's requests stop.
  std::uint64_t end() const { return region_offset + region_bytes; }
  // The bytes the file must hold for the job: what bench++ lays out in a file it creates (fio extends its files
  // to this too).
  std::uint64_t extent() const { return std::max(end(), region_offset + io_bytes); }
};

// fio 3.33's start of job `job_index`'s region (its get_start_offset) in a file of `file_bytes` (its size when the
// job starts: 0 for a file not yet there): with file_append=1 in a regular file (`regular_file`; not a device),
// file_bytes itself; else offset= plus job_index times offset_increment=, each in bytes or as a share of
// file_bytes, a start with a percent in it aligned up to offset_align= (0: to bs).
std::uint64_t fio_start_offset(const WorkloadSpec& spec, std::uint32_t job_index, std::uint64_t file_bytes,
                               bool regular_file = true);

// The targets of job `job` among a workload's (as WorkloadFiles::plan orders them: job after job, files_per_job(spec)
// each, in the order of the job's files).
std::span<JobTarget> targets_of_job(std::span<JobTarget> targets, const WorkloadSpec& spec, std::uint32_t job);

// The files of one run's workloads: planned for all workloads first (so that bad input fails before anything is
// created), then created and laid out one workload at a time, and removed on destruction (unless unlink=0).
class WorkloadFiles {
 public:
  // `default_directory`: where files go without directory= (bench++'s -d). `rank_of_several`: this process's
  // rank when it is one of several ranks that run the same workloads (see above); nullopt alone.
  // `rules`: the run's file rules (RunSetup::file_rules).
  explicit WorkloadFiles(std::filesystem::path default_directory,
                         std::optional<std::uint32_t> rank_of_several = std::nullopt,
                         FileRules rules = FileRules::kBench);
  ~WorkloadFiles();  // remove_created()
  WorkloadFiles(const WorkloadFiles&) = delete;
  WorkloadFiles& operator=(const WorkloadFiles&) = delete;

  // Each job's targets for `spec` (job after job, files_per_job(spec) each: targets_of_job), checked against the
  // rules above; each diskless when the workload's engine touches no file. `planned` are the targets of the workloads
  // before it (a file one of them creates is not a user's file). Throws UsageError for a write to a file or
  // device bench++ did not create, an existing file smaller than size=, size=N% of a file that does not exist,
  // a target that is neither a regular file, a block device nor a character device (which needs size=), or a
  // directory= that does not exist.
  std::vector<JobTarget> plan(const WorkloadSpec& spec, const std::vector<JobTarget>& planned) const;

  // Creates (private directory included) and lays out what `targets` need (see above), then drops their pages
  // from the cache when the workload asks; fills in the targets' paths. Throws std::system_error on I/O errors,
  // InterruptedError when `interrupt_signal` (if given) turns non-zero during a layout.
  void prepare(const WorkloadSpec& spec, std::span<JobTarget> targets,
               const std::atomic<int>* interrupt_signal = nullptr);

  // Opens a prepared target for the workload's requests: O_RDONLY when it only reads, O_RDWR otherwise, O_DIRECT
  // with direct=1 (a filesystem without O_DIRECT gets an error that says so); O_CREAT with create_on_open=1 or
  // `create`; O_NOFOLLOW for a file bench++ creates (as every open of one: a link put in its place is refused).
  static PosixFile open_for_requests(const WorkloadSpec& spec, const JobTarget& target, bool create = false);

  // fio's unlink_each_loop, between two loops of one job: removes each of the job's regular files (a block device
  // stays, as fio leaves it), then opens each anew as the job's open does, with O_CREAT (fio's writing job makes
  // a new, empty file: neither allocated nor laid out), onto the descriptor number it had in `open_files` (dup3),
  // so that an engine over those descriptors goes on unchanged. REQUIRES: plan() allowed the workload (every
  // regular target made by bench++, the job writes); `open_files[i]` is `targets[i]`'s. Throws std::system_error
  // when a removal or an open fails, as fio fails the job; what is there at the end is removed as ever.
  static void recreate(const WorkloadSpec& spec, std::span<const JobTarget> targets, std::span<PosixFile> open_files);

  // What each prepare() since the last call laid out (result/run_result.h FilesLaidOut: fio's "Laying out IO file"
  // count), one per call that laid out any file, in order; then forgets them.
  std::vector<FilesLaidOut> take_laid_out();

  // Whose file rules these files follow.
  FileRules rules() const { return rules_; }

  // The files created and kept (unlink=0), for the caller to name; empty when everything will be removed.
  std::vector<std::filesystem::path> kept_files() const;

  // What remove_created() would remove now: the files and the bytes they hold (result/run_observer.h).
  FilesToRemove to_remove() const;

  // Removes what it created and its private directories (but files kept by unlink=0), and under fio's rules the
  // existing files that unlink=1 removes, now; what it removed is
  // forgotten, so a second call (the destructor's) has nothing left to do. Never throws. Also for a stop signal
  // that comes while this rank waits for the others (RankGroup::watch_while_waiting).
  void remove_created() noexcept;

 private:
  struct Created {
    std::uint64_t filled_bytes = 0;     // holds written data up to here (what reads need)
    std::uint64_t allocated_bytes = 0;  // allocated up to here
    bool keep = false;                  // the last workload using it said unlink=0
  };
  // plan()'s targets as they would be on disk.
  std::vector<JobTarget> plan_on_disk(const WorkloadSpec& spec, const std::vector<JobTarget>& planned) const;
  // directory= of job `job` (fio spreads jobs over a:b), else the default directory.
  std::filesystem::path directory_of(const WorkloadSpec& spec, std::uint32_t job) const;
  // Each job's own files (no filename=), job after job: nrfiles each, named and sized as fio does.
  template <typename Refuse>
  std::vector<JobTarget> plan_own_files(const WorkloadSpec& spec, const std::vector<JobTarget>& planned,
                                        const Refuse& refuse) const;
  // Under fio's rules, file `file` of job `job` (its region from `start`, `bytes` long; 0: no size=, the existing
  // file's own), `planned` and `earlier_jobs` the targets before it.
  template <typename Refuse>
  JobTarget plan_fio_own_file(const WorkloadSpec& spec, std::uint32_t job, std::uint32_t file, std::uint64_t start,
                              std::uint64_t bytes, const std::vector<JobTarget>& planned,
                              const std::vector<JobTarget>& earlier_jobs, const Refuse& refuse) const;
  // File `file` of filename='s `names`, at `path`, for each job, in job order.
  template <typename Refuse>
  std::vector<JobTarget> plan_named_file(const WorkloadSpec& spec, const std::vector<std::string>& names,
                                         std::uint32_t file, const std::filesystem::path& path,
                                         const std::filesystem::path& directory,
                                         const std::vector<JobTarget>& planned, const Refuse& refuse) const;
  template <typename Refuse>
  std::vector<JobTarget> plan_char_device(const WorkloadSpec& spec, const std::filesystem::path& path,
                                          const std::filesystem::path& directory, const Refuse& refuse) const;
  // Under several ranks, for a filename=: the targets of the rank's own file, nullopt for an existing file that
  // every rank only reads (planned as for one process), or a UsageError (see above).
  std::optional<std::vector<JobTarget>> plan_rank_filename(const WorkloadSpec& spec,
                                                           const std::filesystem::path& directory) const;
  const std::filesystem::path& private_directory(const std::filesystem::path& directory);
  void lay_out(const WorkloadSpec& spec, const std::filesystem::path& path, std::uint64_t bytes,
               const std::atomic<int>* interrupt_signal);

  std::filesystem::path default_directory_;
  std::optional<std::uint32_t> rank_of_several_;
  FileRules rules_;
  // fio's rules: the existing regular files the workloads used, each with whether it stays (the last workload
  // using it said unlink=0).
  std::map<std::filesystem::path, bool> existing_kept_;
  std::map<std::filesystem::path, std::filesystem::path> private_directories_;  // directory= -> its private one
  std::map<std::filesystem::path, Created> created_;
  std::vector<FilesLaidOut> laid_out_;  // since the last take_laid_out()
};

}  // namespace bench
