#pragma once
// fio's disk utilization (its diskutil.c, as fio 3.33 does it): the block devices under a run's files and their
// /sys/block statistics before and after the run. The stat line's reader and the differences are pure (tested on
// fixed text); finding the devices and reading their files is the edge.
#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "result/disk_utilization.h"

namespace bench {

// A stat line of /sys/block/DEV/stat ("  1234 5 6789 100 ..."): its first 11 fields read as fio reads them
// (reads, read merges, read sectors, read ticks, the same for writes, in flight, io ticks, time in queue); nullopt
// when it has fewer or a field is not a number. Later fields (discards, flushes) are ignored, as fio does.
std::optional<DiskCounters> parse_disk_stat_line(std::string_view line);

// What changed from `before` to `after`, field by field (unsigned: a counter that went back wraps, as fio's).
DiskCounters counters_difference(const DiskCounters& before, const DiskCounters& after);

// A device whose statistics are watched: its name and stat file, and the devices under it (indices into the same
// list).
struct WatchedDisk {
  std::string name;
  std::filesystem::path stat_file;
  std::vector<std::size_t> slaves;
};

// The devices fio would watch for `paths` (the files of the jobs, or for a file not made yet its directory), as
// `sys_root` (normally "/sys") describes them: a file's filesystem's device (a block device's own number; none for
// a character device or FIFO), a partition's disk, and the slaves of a device-mapper or md device after it, each
// once. A path on no block device (tmpfs, overlay: major 0) or unknown to sysfs gives none.
std::vector<WatchedDisk> disks_under(const std::vector<std::filesystem::path>& paths,
                                     const std::filesystem::path& sys_root);

// The statistics of `disks` from the call of start() to that of finish(). A device whose stat file cannot be read
// at either end is left out (with its place among the slaves).
class DiskStatsWatch {
 public:
  explicit DiskStatsWatch(std::vector<WatchedDisk> disks);
  std::vector<DiskUtilization> finish() const;

 private:
  std::vector<WatchedDisk> disks_;
  std::vector<std::optional<DiskCounters>> before_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace bench
