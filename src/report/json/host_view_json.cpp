#include "report/json/host_view_json.h"

#include <array>
#include <chrono>
#include <utility>

#include <fmt/format.h>

namespace bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr std::array<std::pair<QemuThreadKind, std::string_view>, 5> kThreadKindKeys{{
    {QemuThreadKind::kVcpu, "vcpu"},
    {QemuThreadKind::kIothread, "iothread"},
    {QemuThreadKind::kMainLoop, "main_loop"},
    {QemuThreadKind::kWorker, "worker"},
    {QemuThreadKind::kOther, "other"},
}};

// The QEMU directions in the JSON, with where each is held.
struct DirectionSlot {
  std::string_view key;
  QemuDirectionStats QemuDriveStats::*stats;
  std::optional<QemuLatencyHistogram> QemuDriveStats::*histogram;
};
constexpr std::array<DirectionSlot, 3> kDirections{{
    {"read", &QemuDriveStats::read, &QemuDriveStats::read_histogram},
    {"write", &QemuDriveStats::write, &QemuDriveStats::write_histogram},
    {"flush", &QemuDriveStats::flush, &QemuDriveStats::flush_histogram},
}};

double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

ordered_json histogram_json(const QemuLatencyHistogram& histogram) {
  return {{"boundaries_ns", histogram.boundaries_ns}, {"bins", histogram.bins}};
}

ordered_json qemu_json(const QemuDriveStats& qemu) {
  ordered_json out = ordered_json::object();
  for (const DirectionSlot& slot : kDirections) {
    const QemuDirectionStats& stats = qemu.*slot.stats;
    const std::optional<QemuLatencyHistogram>& histogram = qemu.*slot.histogram;
    out[slot.key] = {{"requests", stats.requests},
                     {"bytes", stats.bytes},
                     {"merged", stats.merged},
                     {"total_time_ns", stats.total_time_ns},
                     {"latency_histogram", histogram ? histogram_json(*histogram) : ordered_json(nullptr)}};
  }
  return out;
}

ordered_json device_json(const DiskUtilization& device) {
  const DiskCounters& c = device.counters;
  return {{"name", device.name},
          {"read_requests", c.read_ios},
          {"read_merges", c.read_merges},
          {"read_sectors", c.read_sectors},
          {"read_ticks_ms", c.read_ticks},
          {"write_requests", c.write_ios},
          {"write_merges", c.write_merges},
          {"write_sectors", c.write_sectors},
          {"write_ticks_ms", c.write_ticks},
          {"io_ticks_ms", c.io_ticks},
          {"time_in_queue_ms", c.time_in_queue},
          {"elapsed_ms", device.elapsed_ms}};
}

ordered_json qemu_cpu_json(const QemuCpu& cpu) {
  ordered_json kinds = ordered_json::array();
  for (const QemuThreadCpu& kind : cpu.by_kind) {
    kinds.push_back({{"kind", qemu_thread_kind_key(kind.kind)},
                     {"threads", kind.threads},
                     {"user_sec", seconds(kind.user)},
                     {"system_sec", seconds(kind.system)}});
  }
  return {{"user_sec", seconds(cpu.user)}, {"system_sec", seconds(cpu.system)}, {"threads", kinds}};
}

ordered_json window_json(const HostViewWindow& window) {
  return {{"group", window.group},
          {"tests", window.tests},
          {"elapsed_sec", seconds(window.elapsed)},
          {"qemu", qemu_json(window.qemu)},
          {"host_device", window.host_device ? device_json(*window.host_device) : ordered_json(nullptr)},
          {"qemu_cpu", window.qemu_cpu ? qemu_cpu_json(*window.qemu_cpu) : ordered_json(nullptr)},
          {"guest_cpu", window.guest_cpu ? ordered_json{{"busy_sec", seconds(window.guest_cpu->busy)},
                                                        {"total_sec", seconds(window.guest_cpu->total)}}
                                         : ordered_json(nullptr)}};
}

// ---- reading ----

std::vector<std::uint64_t> whole_list(const Walker& w, const json& o, const std::string& path, std::string_view key) {
  std::string at;
  const json& list = w.member(o, path, key, &at);
  if (!list.is_array()) w.fail(at, fmt::format("expected an array, found {}", list.type_name()));
  std::vector<std::uint64_t> numbers;
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!list[k].is_number_unsigned()) w.fail(fmt::format("{}[{}]", at, k), "expected a whole number");
    numbers.push_back(list[k].get<std::uint64_t>());
  }
  return numbers;
}

std::optional<QemuLatencyHistogram> read_histogram(const Walker& w, const json& o, const std::string& path) {
  std::string at;
  const json* h = w.object_or_null(o, path, "latency_histogram", &at);
  if (h == nullptr) return std::nullopt;
  QemuLatencyHistogram histogram{whole_list(w, *h, at, "boundaries_ns"), whole_list(w, *h, at, "bins")};
  if (histogram.bins.size() != histogram.boundaries_ns.size() + 1) {
    w.fail(Walker::join(at, "bins"), fmt::format("expected {} bins for {} boundaries, found {}",
                                                 histogram.boundaries_ns.size() + 1, histogram.boundaries_ns.size(),
                                                 histogram.bins.size()));
  }
  return histogram;
}

QemuDriveStats read_qemu(const Walker& w, const json& o, const std::string& path) {
  std::string at;
  const json& qemu = w.member(o, path, "qemu", &at);
  w.expect_object(qemu, at);
  QemuDriveStats stats;
  for (const DirectionSlot& slot : kDirections) {
    std::string direction_at;
    const json& d = w.member(qemu, at, slot.key, &direction_at);
    w.expect_object(d, direction_at);
    stats.*slot.stats = {w.whole(d, direction_at, "requests"), w.whole(d, direction_at, "bytes"),
                         w.whole(d, direction_at, "merged"), w.whole(d, direction_at, "total_time_ns")};
    stats.*slot.histogram = read_histogram(w, d, direction_at);
  }
  return stats;
}

std::optional<DiskUtilization> read_device(const Walker& w, const json& o, const std::string& path) {
  std::string at;
  const json* d = w.object_or_null(o, path, "host_device", &at);
  if (d == nullptr) return std::nullopt;
  DiskUtilization device;
  device.name = w.text(*d, at, "name");
  DiskCounters& c = device.counters;
  c.read_ios = w.whole(*d, at, "read_requests");
  c.read_merges = w.whole(*d, at, "read_merges");
  c.read_sectors = w.whole(*d, at, "read_sectors");
  c.read_ticks = w.whole(*d, at, "read_ticks_ms");
  c.write_ios = w.whole(*d, at, "write_requests");
  c.write_merges = w.whole(*d, at, "write_merges");
  c.write_sectors = w.whole(*d, at, "write_sectors");
  c.write_ticks = w.whole(*d, at, "write_ticks_ms");
  c.io_ticks = w.whole(*d, at, "io_ticks_ms");
  c.time_in_queue = w.whole(*d, at, "time_in_queue_ms");
  device.elapsed_ms = w.whole(*d, at, "elapsed_ms");
  return device;
}

std::optional<QemuCpu> read_qemu_cpu(const Walker& w, const json& o, const std::string& path) {
  std::string at;
  const json* c = w.object_or_null(o, path, "qemu_cpu", &at);
  if (c == nullptr) return std::nullopt;
  QemuCpu cpu{w.duration(*c, at, "user_sec"), w.duration(*c, at, "system_sec"), {}};
  std::string threads_at;
  const json& threads = w.member(*c, at, "threads", &threads_at);
  if (!threads.is_array()) w.fail(threads_at, fmt::format("expected an array, found {}", threads.type_name()));
  for (std::size_t k = 0; k < threads.size(); ++k) {
    const std::string item_at = fmt::format("{}[{}]", threads_at, k);
    w.expect_object(threads[k], item_at);
    const std::string key = w.text(threads[k], item_at, "kind");
    const std::optional<QemuThreadKind> kind = qemu_thread_kind_from_key(key);
    if (!kind) w.fail(Walker::join(item_at, "kind"), "expected one of vcpu|iothread|main_loop|worker|other");
    cpu.by_kind.push_back({*kind, w.whole32(threads[k], item_at, "threads"), w.duration(threads[k], item_at, "user_sec"),
                           w.duration(threads[k], item_at, "system_sec")});
  }
  return cpu;
}

std::optional<GuestCpu> read_guest_cpu(const Walker& w, const json& o, const std::string& path) {
  std::string at;
  const json* c = w.object_or_null(o, path, "guest_cpu", &at);
  if (c == nullptr) return std::nullopt;
  return GuestCpu{w.duration(*c, at, "busy_sec"), w.duration(*c, at, "total_sec")};
}

HostViewWindow read_window(const Walker& w, const json& o, const std::string& path) {
  w.expect_object(o, path);
  HostViewWindow window;
  window.group = w.whole(o, path, "group");
  window.tests = text_list(w, o, path, "tests");
  window.elapsed = w.duration(o, path, "elapsed_sec");
  window.qemu = read_qemu(w, o, path);
  window.host_device = read_device(w, o, path);
  window.qemu_cpu = read_qemu_cpu(w, o, path);
  window.guest_cpu = read_guest_cpu(w, o, path);
  return window;
}

}  // namespace

std::string_view qemu_thread_kind_key(QemuThreadKind kind) {
  for (const auto& [k, key] : kThreadKindKeys) {
    if (k == kind) return key;
  }
  return "other";
}

std::optional<QemuThreadKind> qemu_thread_kind_from_key(std::string_view key) {
  for (const auto& [kind, k] : kThreadKindKeys) {
    if (k == key) return kind;
  }
  return std::nullopt;
}

ordered_json host_view_json(const HostView& view) {
  ordered_json windows = ordered_json::array();
  for (const HostViewWindow& window : view.windows) windows.push_back(window_json(window));
  return {{"drive", view.drive}, {"windows", windows}};
}

HostView read_host_view(const Walker& w, const json& object, const std::string& path) {
  w.expect_object(object, path);
  HostView view;
  view.drive = w.text(object, path, "drive");
  std::string at;
  const json& windows = w.member(object, path, "windows", &at);
  if (!windows.is_array()) w.fail(at, fmt::format("expected an array, found {}", windows.type_name()));
  for (std::size_t k = 0; k < windows.size(); ++k) {
    view.windows.push_back(read_window(w, windows[k], fmt::format("{}[{}]", at, k)));
  }
  return view;
}

}  // namespace bench
