#pragma once
// A block device's statistics over a run, as fio 3.33 reports them (its disk_util): the counters of
// /sys/block/DEV/stat taken before and after, their differences here, and the time between the two reads.
// platform/disk_stats.h reads them; report/fio/ writes them. Plain data.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

// The fields of a stat line fio keeps (Documentation/block/stat.rst: ticks in milliseconds).
struct DiskCounters {
  std::uint64_t read_ios = 0;
  std::uint64_t read_merges = 0;
  std::uint64_t read_ticks = 0;
  std::uint64_t write_ios = 0;
  std::uint64_t write_merges = 0;
  std::uint64_t write_ticks = 0;
  std::uint64_t io_ticks = 0;       // milliseconds the device had requests in flight
  std::uint64_t time_in_queue = 0;  // fio's in_queue
  // 512-byte sectors read and written (fio does not report them; the host's view of a guest does:
  // result/host_view.h).
  std::uint64_t read_sectors = 0;
  std::uint64_t write_sectors = 0;
  bool operator==(const DiskCounters&) const = default;
};

// One device of a run, in fio's order (each device, then the devices under it: a device-mapper or md device's
// slaves, which fio lists too).
struct DiskUtilization {
  std::string name;  // the kernel's name: "vda", "nvme0n1", "dm-0"
  DiskCounters counters;
  std::uint64_t elapsed_ms = 0;      // between the two reads
  std::vector<std::size_t> slaves;  // indices, in the same list, of the devices under this one
  friend bool operator==(const DiskUtilization&, const DiskUtilization&) = default;
};

}  // namespace bench
