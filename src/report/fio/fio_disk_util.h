#pragma once
// fio's disk utilization (disk_util) of bench++'s runs, as fio 3.33 writes it: the JSON array "disk_util", the
// normal output's "Disk stats (read/write):" block and the terse line's disk fields. A device with slaves (device-
// mapper, md) also gets their aggregate: each counter's mean over the slaves and the busiest slave's util. Several
// runs (-x) are one fio invocation's: a device's counters and times summed over them. Pure.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "result/run_result.h"

namespace bench {

// The devices of `run` as fio reports them: the run's (RunResult::disk_utilization), but with every counter and
// the time 0 when no workload of the run made a request (create_only=1, a run without I/O): fio then writes its
// devices with zeros and util 0, whatever else the device did.
std::vector<DiskUtilization> fio_disk_utilization(const RunResult& run);

// The devices of `runs` (fio_disk_utilization), each once (by name, in the order first seen), summed over the runs.
std::vector<DiskUtilization> merged_disk_utilization(const std::vector<RunResult>& runs);

// fio's util: io_ticks over the elapsed time, in percent, at most 100; 0 without elapsed time.
double fio_disk_util_percent(const DiskUtilization& disk);

// fio's aggregate of a device's slaves: counters divided by the number of slaves, util the largest slave's (at
// most 100); nullopt for a device without slaves.
struct FioDiskAggregate {
  DiskCounters counters;
  double util_percent = 0;
};
std::optional<FioDiskAggregate> fio_disk_aggregate(const std::vector<DiskUtilization>& disks, std::size_t index);

// fio's "disk_util" array, or nullopt for no device (fio then writes no key).
std::optional<nlohmann::ordered_json> fio_disk_util_json(const std::vector<DiskUtilization>& disks);

// "\nDisk stats (read/write):\n  vda: ios=..., util=66.57%\n"; "" for no device.
std::string fio_disk_stats_text(const std::vector<DiskUtilization>& disks);

// The terse line's disk fields (";vda;ios_r;ios_w;...;66.57%", with ";slaves;..." after a device with slaves), for
// versions 3 to 5; "" for no device.
std::string fio_disk_terse_fields(const std::vector<DiskUtilization>& disks);

}  // namespace bench
