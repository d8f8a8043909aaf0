#pragma once
// One snapshot of `bench++ host-view snapshot`: what the host read at one edge of a guest's window
// (result/window_edge.h), as cumulative counters. `bench++ host-view attach` pairs each start with its end and makes
// their differences the window's figures (result/host_view.h). Plain data; its one line of JSON is
// report/json/host_view_snapshot_json.h, the pairing result/host_view_pairing.h.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "result/disk_utilization.h"
#include "result/host_view.h"
#include "result/window_edge.h"

namespace bench {

// One thread of QEMU's process: /proc/PID/task/TID/stat's times and its comm, and its kind by that name.
struct QemuThreadSample {
  std::uint64_t tid = 0;
  std::string comm;
  QemuThreadKind kind = QemuThreadKind::kOther;
  std::uint64_t user_ns = 0;
  std::uint64_t system_ns = 0;
  friend bool operator==(const QemuThreadSample&, const QemuThreadSample&) = default;
};

// QEMU's process CPU: /proc/PID/stat's utime and stime (its ended threads' included), and its threads now.
struct QemuProcessSample {
  std::uint64_t user_ns = 0;
  std::uint64_t system_ns = 0;
  std::vector<QemuThreadSample> threads;
  friend bool operator==(const QemuProcessSample&, const QemuProcessSample&) = default;
};

// The host block device under the disk image, and its stat line's counters now.
struct HostDeviceSample {
  std::string name;
  DiskCounters counters;
  friend bool operator==(const HostDeviceSample&, const HostDeviceSample&) = default;
};

// The guest's /proc/stat "cpu" line as the guest sent it (platform/cpu_load.h's ticks), in the guest's USER_HZ.
struct GuestCpuSample {
  std::uint64_t busy_ticks = 0;
  std::uint64_t total_ticks = 0;
  std::uint64_t ticks_per_second = 100;
  friend bool operator==(const GuestCpuSample&, const GuestCpuSample&) = default;
};

struct HostViewSnapshot {
  WindowEdge window;            // as the guest's BENCH_WINDOW_JSON gave it
  std::string drive;            // the benchmark drive's QMP name
  std::uint64_t monotonic_ns = 0;  // the host's CLOCK_MONOTONIC
  // Each reading; nullopt when it failed (the snapshot said so on stderr) or was not asked for (the guest's CPU).
  // The histograms in `qemu` are cumulative too.
  std::optional<QemuDriveStats> qemu;
  std::optional<HostDeviceSample> host_device;
  std::optional<QemuProcessSample> qemu_cpu;
  std::optional<GuestCpuSample> guest_cpu;
  friend bool operator==(const HostViewSnapshot&, const HostViewSnapshot&) = default;
};

}  // namespace bench
