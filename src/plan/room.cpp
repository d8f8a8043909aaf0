#include "plan/room.h"

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "phases/workload/workload_phase.h"
#include "platform/aligned_buffer.h"
#include "platform/directory_check.h"
#include "result/errors.h"
#include "result/size_text.h"
#include "result/space_needed.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

std::string too_large(const fs::path& directory) {
  return fmt::format("the run's files in {} (size= x numjobs, -s or -n x -c, x ranks) need more than 2^64 bytes",
                     directory.string());
}

// The run's filesystems by device, each with the directory it was first named by, in the order named.
class Filesystems {
 public:
  FilesystemRoom& on(const fs::path& directory) {
    struct stat info {};
    // A directory that cannot be looked at: planning refused it already, or it is -d (checked before).
    const dev_t device = ::stat(directory.c_str(), &info) == 0 ? info.st_dev : dev_t(-1);
    const auto found = index_.find(device);
    if (found != index_.end()) return rooms_[found->second];
    index_.emplace(device, rooms_.size());
    rooms_.push_back(FilesystemRoom{directory, 0, 0, 0, 0});
    return rooms_.back();
  }
  std::vector<FilesystemRoom> take() { return std::move(rooms_); }

 private:
  std::map<dev_t, std::size_t> index_;
  std::vector<FilesystemRoom> rooms_;
};

void add(FilesystemRoom& room, CheckedSize bytes, CheckedSize inodes) {
  const CheckedSize total_bytes = checked_add(room.bytes, bytes);
  const CheckedSize total_inodes = checked_add(room.inodes, inodes);
  if (!total_bytes || !total_inodes) throw UsageError(too_large(room.directory));
  room.bytes = *total_bytes;
  room.inodes = *total_inodes;
}

// bonnie++'s tests: every worker's files on -d's filesystem.
void add_bonnie_tests(const RunSetup& setup, std::uint32_t ranks, FilesystemRoom& room) {
  if (!setup.io && !setup.files && !setup.sync_test) return;
  const CheckedSize bytes = run_bytes_needed(setup, ranks);
  if (!bytes) {
    throw UsageError(fmt::format("invalid -c value '{}': {} workers on each of {} ranks need more than 2^64 bytes",
                                 setup.concurrency, setup.concurrency, ranks));
  }
  add(room, bytes, run_inodes_needed(setup, ranks));
}

// The workloads' new files: each at its largest once, times the ranks that make their own.
void add_workloads(const std::vector<WorkloadRoom>& workloads, std::uint32_t ranks, Filesystems& filesystems) {
  struct NewFile {
    fs::path directory;
    std::uint64_t bytes = 0;
  };
  std::map<fs::path, NewFile> new_files;  // by identity: a file shared by workloads counts once, at its largest
  std::map<fs::path, bool> private_directories;
  for (const WorkloadRoom& workload : workloads) {
    for (const JobTarget& target : *workload.targets) {
      if (target.exists || target.diskless) continue;
      const fs::path directory = target.is_private ? target.directory : target.path.parent_path();
      const fs::path identity = target.is_private ? target.directory / ":private" / target.path : target.path;
      NewFile& file = new_files[identity];
      file.directory = directory.empty() ? fs::path(".") : directory;
      // fill_device=1: the job writes until the filesystem is full, so its file takes what is free by design
      if (!workload.spec->fill_device) file.bytes = std::max(file.bytes, target.extent());
      if (target.is_private) private_directories[target.directory] = true;
    }
  }
  for (const auto& [identity, file] : new_files) {
    add(filesystems.on(file.directory), checked_multiply(file.bytes, ranks), ranks);
  }
  for (const auto& [directory, made] : private_directories) add(filesystems.on(directory), 0, ranks);
}

// The request buffers of the group that takes the most (numjobs x iodepth x bs, x the ranks on this host).
std::uint64_t buffer_bytes(const std::vector<WorkloadRoom>& workloads, std::uint32_t ranks_on_host,
                           std::uint64_t memory_bytes) {
  std::map<std::size_t, CheckedSize> per_group;
  std::map<std::size_t, const WorkloadSpec*> first_of_group;
  for (const WorkloadRoom& workload : workloads) {
    const WorkloadSpec& spec = *workload.spec;
    CheckedSize& bytes = per_group.try_emplace(workload.group, 0).first->second;
    bytes = checked_add(bytes, checked_multiply(spec.jobs, job_buffer_bytes(spec, workload.depth)));
    first_of_group.try_emplace(workload.group, &spec);
  }
  const std::uint64_t limit = std::max<std::uint64_t>(memory_bytes / 4, 64ull << 20);
  std::uint64_t largest = 0;
  for (const auto& [group, bytes_of_one] : per_group) {
    const CheckedSize bytes = checked_multiply(bytes_of_one, ranks_on_host);
    if (!bytes || (memory_bytes != 0 && *bytes > limit)) {
      const std::string amount = bytes ? fmt::format("{} MiB", *bytes >> 20) : "more than 2^64 bytes";
      const std::string ranks = ranks_on_host > 1 ? fmt::format(" x {} ranks on this host", ranks_on_host) : "";
      throw UsageError(fmt::format("workload '{}' and those beside it need {} of request buffers (numjobs x "
                                   "iodepth x bs{}), more than a quarter of the memory ({} MiB)",
                                   first_of_group.at(group)->name, amount, ranks, memory_bytes >> 20));
    }
    largest = std::max(largest, *bytes);
  }
  return largest;
}

// "1.5 GiB": in the largest unit of which it holds one (MiB at least), to a tenth, rounded up or down.
std::string tenths_text(std::uint64_t bytes, bool round_up) {
  return size_in_tenths(bytes, SmallestUnit::kMiB, round_up ? TenthRounding::kUp : TenthRounding::kDown);
}

// The need rounded up against what is free rounded down, each in its own unit; in bytes when they would read the
// same ("need 20 MiB, 20 MiB are free" said nothing).
std::pair<std::string, std::string> need_and_free(std::uint64_t need, std::uint64_t free) {
  std::string need_text = tenths_text(need, true), free_text = tenths_text(free, false);
  if (need_text == free_text) return {fmt::format("{} bytes", need), fmt::format("{} bytes", free)};
  return {std::move(need_text), std::move(free_text)};
}

}  // namespace

CheckedSize job_buffer_bytes(const WorkloadSpec& spec, std::uint32_t depth) {
  return checked_round_up(checked_multiply(depth, spec.block_bytes), AlignedBuffer::alignment(request_buffer_pages(spec)));
}

std::uint64_t Room::bytes() const {
  std::uint64_t total = 0;
  for (const FilesystemRoom& room : filesystems) total = checked_add(total, room.bytes).value_or(UINT64_MAX);
  return total;
}

std::uint64_t Room::inodes() const {
  std::uint64_t total = 0;
  for (const FilesystemRoom& room : filesystems) total = checked_add(total, room.inodes).value_or(UINT64_MAX);
  return total;
}

Room count_room(const RunSetup& setup, const fs::path& directory, const std::vector<WorkloadRoom>& workloads,
                std::uint32_t ranks, std::uint32_t ranks_on_host, std::uint64_t memory_bytes) {
  Filesystems filesystems;
  if (setup.io || setup.files || setup.sync_test) add_bonnie_tests(setup, ranks, filesystems.on(directory));
  add_workloads(workloads, ranks, filesystems);
  Room room;
  room.filesystems = filesystems.take();
  for (FilesystemRoom& filesystem : room.filesystems) {
    // Metadata, and some slack.
    const CheckedSize with_margin = checked_add(checked_add(filesystem.bytes, filesystem.bytes / 64), kMiB);
    if (!with_margin) throw UsageError(too_large(filesystem.directory));
    filesystem.bytes = *with_margin;
    const FreeSpace free = free_space(filesystem.directory);
    filesystem.free_bytes = free.bytes;
    filesystem.free_inodes = free.inodes;
  }
  room.buffer_bytes = buffer_bytes(workloads, ranks_on_host, memory_bytes);
  return room;
}

void check_room(const Room& room) {
  for (const FilesystemRoom& filesystem : room.filesystems) {
    if (filesystem.bytes > filesystem.free_bytes) {
      const auto [need, free] = need_and_free(filesystem.bytes, filesystem.free_bytes);
      throw std::runtime_error(fmt::format("not enough free space in {}: the run's files need {}, {} are free",
                                           filesystem.directory.string(), need, free));
    }
    if (filesystem.free_inodes != 0 && filesystem.inodes > filesystem.free_inodes) {
      throw std::runtime_error(fmt::format("not enough free inodes in {}: the run's files need {}, {} are free",
                                           filesystem.directory.string(), filesystem.inodes,
                                           filesystem.free_inodes));
    }
  }
}

}  // namespace bench
