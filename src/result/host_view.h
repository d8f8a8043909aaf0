#pragma once
// What the machine under a guest saw of the guest's benchmark, window by window: for each group of tests the guest
// ran (each of bonnie++'s tests, each run group of workloads: the jobs that run at once up to a stonewall), from
// just before its measured I/O began to just after it ended, as the host took it while the guest waited
// (scripts/guest-run.sh, `bench++ host-view`):
//   - QEMU's own statistics of the guest's benchmark disk (QMP query-blockstats): requests, bytes, and the time
//     its block layer spent on them, from the virtual device down;
//   - the host's block device under the disk image (/sys/block/DEV/stat), when the image is on one;
//   - QEMU's process CPU time, by thread kind (/proc/PID/task/TID/stat and comm);
//   - the guest's own CPU over all its vCPUs (the guest's /proc/stat).
// Plain data: each figure is the difference between the window's two snapshots. It is attached to the guest's
// bench++ result (RunResult::host_view, the JSON report's "host_view") and read back by `bench++ compare`, which
// sets it beside the guest's own figures.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/disk_utilization.h"

namespace bench {

// One direction of QEMU's BlockDeviceStats over a window (QMP: rd_*, wr_*, flush_*).
struct QemuDirectionStats {
  std::uint64_t requests = 0;       // rd_operations, wr_operations, flush_operations
  std::uint64_t bytes = 0;          // rd_bytes, wr_bytes (0 for flushes)
  std::uint64_t merged = 0;         // rd_merged, wr_merged: requests QEMU merged into others (0 for flushes)
  std::uint64_t total_time_ns = 0;  // rd_total_time_ns ...: each request's time in QEMU's block layer, summed
  friend bool operator==(const QemuDirectionStats&, const QemuDirectionStats&) = default;
};

// QEMU's block latency histogram of one direction (QMP block-latency-histogram-set, then query-blockstats'
// rd_latency_histogram ...) over a window: `bins` has one count more than `boundaries_ns` (below the first
// boundary, between each two, from the last up).
struct QemuLatencyHistogram {
  std::vector<std::uint64_t> boundaries_ns;
  std::vector<std::uint64_t> bins;
  friend bool operator==(const QemuLatencyHistogram&, const QemuLatencyHistogram&) = default;
};

// QEMU's view of the benchmark's drive over a window.
struct QemuDriveStats {
  QemuDirectionStats read;
  QemuDirectionStats write;
  QemuDirectionStats flush;
  // Where this QEMU keeps them (block-latency-histogram-set was accepted); nullopt otherwise.
  std::optional<QemuLatencyHistogram> read_histogram;
  std::optional<QemuLatencyHistogram> write_histogram;
  std::optional<QemuLatencyHistogram> flush_histogram;
  friend bool operator==(const QemuDriveStats&, const QemuDriveStats&) = default;
};

// What a QEMU thread does, from its name (QEMU names its threads: "CPU N/KVM" or "CPU N/TCG" a vCPU, "IO NAME" an
// IOThread, "worker" a thread of the aio=threads pool; the process's first thread is the main loop).
enum class QemuThreadKind { kVcpu, kIothread, kMainLoop, kWorker, kOther };

// The CPU time of one kind of QEMU thread over a window, summed over the threads of that kind that lived at both
// ends of it.
struct QemuThreadCpu {
  QemuThreadKind kind = QemuThreadKind::kOther;
  std::uint32_t threads = 0;
  std::chrono::nanoseconds user{0};
  std::chrono::nanoseconds system{0};
  friend bool operator==(const QemuThreadCpu&, const QemuThreadCpu&) = default;
};

// QEMU's process CPU over a window: the whole process's (threads that ended within it included), and by kind.
struct QemuCpu {
  std::chrono::nanoseconds user{0};
  std::chrono::nanoseconds system{0};
  std::vector<QemuThreadCpu> by_kind;  // a kind seen at both ends, in QemuThreadKind's order
  friend bool operator==(const QemuCpu&, const QemuCpu&) = default;
};

// The guest's CPU over a window, all its vCPUs together, from its /proc/stat (platform/cpu_load.h's reading).
struct GuestCpu {
  std::chrono::nanoseconds busy{0};   // user, nice and system
  std::chrono::nanoseconds total{0};  // every CPU's time, idle and iowait included
  friend bool operator==(const GuestCpu&, const GuestCpu&) = default;
};

// One window: one group of the guest's plan.
struct HostViewWindow {
  std::uint64_t group = 0;  // the group's index in the guest's plan (GroupStart::index)
  // The tests the window holds, as the guest's result names them: each workload's name (its results are
  // "NAME.read", "NAME.write", "NAME.trim"), or the key of the bonnie++ test ("block_write").
  std::vector<std::string> tests;
  std::chrono::nanoseconds elapsed{0};  // the host's wall time between the two snapshots
  QemuDriveStats qemu;
  // The host's block device under the disk image; nullopt when the image is on none (tmpfs) or its statistics
  // could not be read at both ends. Its `name` is the kernel's ("vda", "nvme0n1").
  std::optional<DiskUtilization> host_device;
  std::optional<QemuCpu> qemu_cpu;    // nullopt when QEMU's /proc entries could not be read at both ends
  std::optional<GuestCpu> guest_cpu;  // nullopt when the guest did not send its /proc/stat at both ends
  friend bool operator==(const HostViewWindow&, const HostViewWindow&) = default;
};

struct HostView {
  std::string drive;  // the benchmark drive's QMP name (query-blockstats' "device", else its "qdev")
  std::vector<HostViewWindow> windows;  // in the order the guest ran them
  friend bool operator==(const HostView&, const HostView&) = default;
};

}  // namespace bench
