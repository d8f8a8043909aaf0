#pragma once
// Guest runs with a host view, built in code for the decomposition's tests (compare/host_view_decomposition.h) and
// its writers': a workload "randread" of 1000 requests, 4 MiB, a mean latency of 100 µs, in one window whose
// QEMU took 70 ms (70 µs per request), whose host device took 20 ms (20 µs) for 1000 requests and 8192 sectors,
// QEMU's CPU 100 ms (vCPUs 60, main loop 40) and the guest's 50 ms: the stack 30 / 50 / 20 µs.
#include <chrono>
#include <string>

#include "compare/compare_runs.h"

namespace bench::test {

inline PhaseResult workload_part(const std::string& workload, IoDirection direction, std::uint64_t requests,
                                 double mean_latency_ns) {
  PhaseResult p;
  p.operations = requests;
  p.bytes = requests * 4096;
  p.elapsed = std::chrono::seconds{1};
  LatencySummary latency;
  latency.count = requests;
  latency.mean_ns = mean_latency_ns;
  latency.p50_ns = latency.p99_ns = latency.max_ns = static_cast<std::uint64_t>(mean_latency_ns);
  p.latency = latency;
  WorkloadPart part;
  part.workload = workload;
  part.direction = direction;
  p.workload = part;
  return p;
}

inline HostViewWindow randread_window(std::uint64_t qemu_time_ms = 70) {
  using namespace std::chrono_literals;
  HostViewWindow window;
  window.tests = {"randread"};
  window.elapsed = 1s;
  window.qemu.read = {1000, 4'096'000, 0, qemu_time_ms * 1'000'000};
  DiskUtilization device;
  device.name = "vda";
  device.counters.read_ios = 1000;
  device.counters.read_ticks = 20;
  device.counters.read_sectors = 8000;
  device.elapsed_ms = 1000;
  window.host_device = device;
  window.qemu_cpu = QemuCpu{50ms, 50ms, {{QemuThreadKind::kVcpu, 2, 40ms, 20ms}, {QemuThreadKind::kMainLoop, 1, 10ms, 30ms}}};
  window.guest_cpu = GuestCpu{50ms, 2000ms};
  return window;
}

// A guest run of `label` in round `round` (0: none), its randread window's QEMU time `qemu_time_ms`.
inline SourcedRun guest_run(const std::string& label, int round, std::uint64_t qemu_time_ms = 70,
                            const std::string& tags = "") {
  SourcedRun r;
  r.run.info.label = label;
  r.run.info.setup.io = IoSpec{};
  r.run.info.tags = tags;
  if (round > 0) r.run.info.tags += (tags.empty() ? "" : "; ") + std::string("round=") + std::to_string(round);
  r.run.phases = {workload_part("randread", IoDirection::kRead, 1000, 100'000)};
  r.run.host_view = HostView{"bench", {randread_window(qemu_time_ms)}};
  r.file = label + "-" + std::to_string(round) + ".json";
  return r;
}

// The same run without a host view: the host's side.
inline SourcedRun host_run(int round) {
  SourcedRun r = guest_run("host", round);
  r.run.host_view.reset();
  return r;
}

}  // namespace bench::test
