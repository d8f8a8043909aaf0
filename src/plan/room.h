#pragma once
// The room a run needs: the bytes and inodes of the files it creates, per filesystem, against what is free
// there, and the memory its request buffers take. Counted before anything is created (plan/plan.h) and shown by
// --dry-run.
//   - bonnie++'s tests: on -d's filesystem, every worker's largest test file (result/space_needed.h) and its
//     file set's inodes, for every worker of every rank;
//   - a workload's new files: each new file at its largest size once (a file shared by workloads, or by the
//     jobs of one, counts once), times the ranks that each make their own, one inode each and one per private
//     directory; existing files and devices take nothing;
//   - a margin on the bytes (1/64 and 1 MiB) for metadata.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "phases/workload/engine_choice.h"
#include "phases/workload/workload_files.h"
#include "result/run_setup.h"
#include "result/size_arithmetic.h"

namespace bench {

// One filesystem the run creates files on.
struct FilesystemRoom {
  std::filesystem::path directory;  // a directory on it, as the run names it
  std::uint64_t bytes = 0;          // what the run's files take there at most, with the margin
  std::uint64_t inodes = 0;
  std::uint64_t free_bytes = 0;     // what statvfs says is free for an unprivileged user
  std::uint64_t free_inodes = 0;    // 0: the filesystem reports no inode limit (btrfs), so none is checked
};

struct Room {
  std::vector<FilesystemRoom> filesystems;  // in the order the run first names them
  // The largest group's request buffers (numjobs x iodepth x bs, each job's rounded up as it is allocated), this host.
  std::uint64_t buffer_bytes = 0;
  std::uint64_t bytes() const;              // over every filesystem
  std::uint64_t inodes() const;
};

// What a workload test contributes: its jobs' targets (each job's files, phases/workload/workload_files.h) and the engine depth.
struct WorkloadRoom {
  const WorkloadSpec* spec = nullptr;
  const std::vector<JobTarget>* targets = nullptr;
  std::uint32_t depth = 1;
  std::size_t group = 0;  // which group of the plan it runs in
};

// Counts the room of bonnie++'s tests in `setup` (on `directory`'s filesystem) and of `workloads`, for `ranks`
// processes (`ranks_on_host` of them sharing this host's memory), and reads what is free. Throws UsageError when a
// figure passes 2^64 or the buffers of a group take more than a quarter of `memory_bytes` (0: unknown, not
// checked), naming the option or workload.
Room count_room(const RunSetup& setup, const std::filesystem::path& directory, const std::vector<WorkloadRoom>& workloads,
                std::uint32_t ranks, std::uint32_t ranks_on_host, std::uint64_t memory_bytes);

// The request buffer of one job of `spec` on an engine keeping `depth` requests in flight: depth x bs, rounded up to
// its pages' alignment as it is allocated (phases/workload/workload_phase.h); nullopt past 2^64. Pure.
CheckedSize job_buffer_bytes(const WorkloadSpec& spec, std::uint32_t depth);

// Throws std::runtime_error "not enough free space in DIR: the run's files need 20.1 MiB, 20.0 MiB are free"
// (or inodes) for the first filesystem the run does not fit.
void check_room(const Room& room);

}  // namespace bench
