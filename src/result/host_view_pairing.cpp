#include "result/host_view_pairing.h"

#include <stdexcept>

#include <fmt/format.h>

namespace bench {
namespace {

std::uint64_t difference(std::uint64_t before, std::uint64_t after, std::string_view what) {
  if (after < before) throw std::invalid_argument(fmt::format("{} went back from {} to {}", what, before, after));
  return after - before;
}

QemuDirectionStats direction_difference(const QemuDirectionStats& a, const QemuDirectionStats& b,
                                        std::string_view direction) {
  return {.requests = difference(a.requests, b.requests, fmt::format("QEMU's {} requests", direction)),
          .bytes = difference(a.bytes, b.bytes, fmt::format("QEMU's {} bytes", direction)),
          .merged = difference(a.merged, b.merged, fmt::format("QEMU's {} merged", direction)),
          .total_time_ns = difference(a.total_time_ns, b.total_time_ns, fmt::format("QEMU's {} time", direction))};
}

// The bins that filled over the window; none when either end has none or their boundaries differ (set anew).
std::optional<QemuLatencyHistogram> histogram_difference(const std::optional<QemuLatencyHistogram>& a,
                                                         const std::optional<QemuLatencyHistogram>& b,
                                                         std::string_view direction) {
  if (!a || !b || a->boundaries_ns != b->boundaries_ns || a->bins.size() != b->bins.size()) return std::nullopt;
  QemuLatencyHistogram window{.boundaries_ns = b->boundaries_ns, .bins = {}};
  for (std::size_t i = 0; i < b->bins.size(); ++i) {
    window.bins.push_back(difference(a->bins[i], b->bins[i], fmt::format("QEMU's {} histogram bin {}", direction, i)));
  }
  return window;
}

QemuDriveStats drive_difference(const QemuDriveStats& a, const QemuDriveStats& b) {
  return {.read = direction_difference(a.read, b.read, "read"),
          .write = direction_difference(a.write, b.write, "write"),
          .flush = direction_difference(a.flush, b.flush, "flush"),
          .read_histogram = histogram_difference(a.read_histogram, b.read_histogram, "read"),
          .write_histogram = histogram_difference(a.write_histogram, b.write_histogram, "write"),
          .flush_histogram = histogram_difference(a.flush_histogram, b.flush_histogram, "flush")};
}

std::optional<DiskUtilization> device_difference(const std::optional<HostDeviceSample>& a,
                                                 const std::optional<HostDeviceSample>& b, std::uint64_t elapsed_ns) {
  if (!a || !b || a->name != b->name) return std::nullopt;
  const DiskCounters& x = a->counters;
  const DiskCounters& y = b->counters;
  const auto field = [&](std::uint64_t DiskCounters::*member, std::string_view name) {
    return difference(x.*member, y.*member, fmt::format("the host device {}'s {}", b->name, name));
  };
  DiskUtilization device{.name = b->name, .counters = {}, .elapsed_ms = elapsed_ns / 1'000'000, .slaves = {}};
  device.counters = {.read_ios = field(&DiskCounters::read_ios, "reads"),
                     .read_merges = field(&DiskCounters::read_merges, "read merges"),
                     .read_ticks = field(&DiskCounters::read_ticks, "read ticks"),
                     .write_ios = field(&DiskCounters::write_ios, "writes"),
                     .write_merges = field(&DiskCounters::write_merges, "write merges"),
                     .write_ticks = field(&DiskCounters::write_ticks, "write ticks"),
                     .io_ticks = field(&DiskCounters::io_ticks, "io ticks"),
                     .time_in_queue = field(&DiskCounters::time_in_queue, "time in queue"),
                     .read_sectors = field(&DiskCounters::read_sectors, "read sectors"),
                     .write_sectors = field(&DiskCounters::write_sectors, "write sectors")};
  return device;
}

std::optional<QemuCpu> cpu_difference(const std::optional<QemuProcessSample>& a,
                                      const std::optional<QemuProcessSample>& b) {
  if (!a || !b) return std::nullopt;
  QemuCpu cpu{.user = std::chrono::nanoseconds(difference(a->user_ns, b->user_ns, "QEMU's user time")),
              .system = std::chrono::nanoseconds(difference(a->system_ns, b->system_ns, "QEMU's system time")),
              .by_kind = {}};
  for (const QemuThreadKind kind : {QemuThreadKind::kVcpu, QemuThreadKind::kIothread, QemuThreadKind::kMainLoop,
                                    QemuThreadKind::kWorker, QemuThreadKind::kOther}) {
    QemuThreadCpu sum{.kind = kind, .threads = 0, .user = {}, .system = {}};
    for (const QemuThreadSample& late : b->threads) {
      if (late.kind != kind) continue;
      for (const QemuThreadSample& early : a->threads) {
        if (early.tid != late.tid || early.kind != kind) continue;
        const std::string what = fmt::format("QEMU's thread {} ({})", late.tid, late.comm);
        sum.user += std::chrono::nanoseconds(difference(early.user_ns, late.user_ns, what + "'s user time"));
        sum.system += std::chrono::nanoseconds(difference(early.system_ns, late.system_ns, what + "'s system time"));
        ++sum.threads;
      }
    }
    if (sum.threads > 0) cpu.by_kind.push_back(sum);
  }
  return cpu;
}

std::optional<GuestCpu> guest_difference(const std::optional<GuestCpuSample>& a, const std::optional<GuestCpuSample>& b) {
  if (!a || !b || a->ticks_per_second == 0 || a->ticks_per_second != b->ticks_per_second) return std::nullopt;
  const auto ns = [&](std::uint64_t ticks) {
    return std::chrono::nanoseconds(static_cast<std::int64_t>(ticks * (1'000'000'000 / b->ticks_per_second)));
  };
  return GuestCpu{.busy = ns(difference(a->busy_ticks, b->busy_ticks, "the guest's busy CPU time")),
                  .total = ns(difference(a->total_ticks, b->total_ticks, "the guest's CPU time"))};
}

bool same_window(const WindowEdge& a, const WindowEdge& b) { return a.run == b.run && a.group == b.group; }

}  // namespace

HostViewWindow window_difference(const HostViewSnapshot& start, const HostViewSnapshot& end) {
  if (!start.qemu || !end.qemu) {
    throw std::invalid_argument(fmt::format("no QEMU statistics of drive '{}' at the window's {}", end.drive,
                                            start.qemu ? "end" : "start"));
  }
  const std::uint64_t elapsed = difference(start.monotonic_ns, end.monotonic_ns, "the host's monotonic clock");
  return HostViewWindow{.group = end.window.group,
                        .tests = end.window.tests,
                        .elapsed = std::chrono::nanoseconds(elapsed),
                        .qemu = drive_difference(*start.qemu, *end.qemu),
                        .host_device = device_difference(start.host_device, end.host_device, elapsed),
                        .qemu_cpu = cpu_difference(start.qemu_cpu, end.qemu_cpu),
                        .guest_cpu = guest_difference(start.guest_cpu, end.guest_cpu)};
}

std::map<std::uint32_t, HostView> pair_windows(const std::vector<NumberedSnapshot>& snapshots,
                                               const std::string& source) {
  std::map<std::uint32_t, HostView> views;
  const NumberedSnapshot* open = nullptr;
  const auto fail = [&](std::size_t line, const std::string& what) -> void {
    throw std::runtime_error(fmt::format("{}:{}: {}", source, line, what));
  };
  const auto edge_text = [](const WindowEdge& w) {
    return fmt::format("{} of run {} group {}", window_edge_word(w.edge), w.run, w.group);
  };
  for (const NumberedSnapshot& each : snapshots) {
    const WindowEdge& window = each.snapshot.window;
    if (each.snapshot.drive != snapshots.front().snapshot.drive) {
      fail(each.line, fmt::format("drive '{}', where line {} has '{}'", each.snapshot.drive, snapshots.front().line,
                                  snapshots.front().snapshot.drive));
    }
    if (window.edge == WindowEdgeKind::kStart) {
      if (open != nullptr) {
        fail(open->line, fmt::format("the {} has no end (line {} starts another window)",
                                     edge_text(open->snapshot.window), each.line));
      }
      open = &each;
      continue;
    }
    if (open == nullptr || !same_window(open->snapshot.window, window)) {
      fail(each.line, fmt::format("the {} has no start before it", edge_text(window)));
    }
    if (open->snapshot.window.tests != window.tests) {
      fail(each.line, fmt::format("the {} names other tests than its start (line {})", edge_text(window), open->line));
    }
    try {
      HostView& view = views[window.run];
      view.drive = each.snapshot.drive;
      view.windows.push_back(window_difference(open->snapshot, each.snapshot));
    } catch (const std::invalid_argument& e) {
      fail(each.line, fmt::format("{} (since line {})", e.what(), open->line));
    }
    open = nullptr;
  }
  if (open != nullptr) {
    fail(open->line, fmt::format("the {} has no end (the file ends first)", edge_text(open->snapshot.window)));
  }
  return views;
}

}  // namespace bench
