#include "report/json/host_view_snapshot_json.h"

#include <array>
#include <initializer_list>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "report/json/host_view_json.h"

namespace bench {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

struct CounterKey {
  std::string_view key;
  std::uint64_t DiskCounters::*member;
};
constexpr std::array<CounterKey, 10> kDeviceKeys{{
    {"read_ios", &DiskCounters::read_ios},
    {"read_merges", &DiskCounters::read_merges},
    {"read_sectors", &DiskCounters::read_sectors},
    {"read_ticks", &DiskCounters::read_ticks},
    {"write_ios", &DiskCounters::write_ios},
    {"write_merges", &DiskCounters::write_merges},
    {"write_sectors", &DiskCounters::write_sectors},
    {"write_ticks", &DiskCounters::write_ticks},
    {"io_ticks", &DiskCounters::io_ticks},
    {"time_in_queue", &DiskCounters::time_in_queue},
}};

struct DirectionKey {
  std::string_view key;
  QemuDirectionStats QemuDriveStats::*stats;
  std::optional<QemuLatencyHistogram> QemuDriveStats::*histogram;
};
constexpr std::array<DirectionKey, 3> kDirectionKeys{{
    {"read", &QemuDriveStats::read, &QemuDriveStats::read_histogram},
    {"write", &QemuDriveStats::write, &QemuDriveStats::write_histogram},
    {"flush", &QemuDriveStats::flush, &QemuDriveStats::flush_histogram},
}};

[[noreturn]] void wrong(const std::string& what) { throw std::invalid_argument(what); }

// `value` at `path` is an object with exactly `keys`.
const json& object_with(const json& value, const std::string& path, std::initializer_list<std::string_view> keys) {
  if (!value.is_object()) wrong(fmt::format("{}: expected an object, found {}", path, value.type_name()));
  for (const std::string_view key : keys) {
    if (!value.contains(key)) wrong(fmt::format("{}: missing key '{}'", path, key));
  }
  for (const auto& [key, member] : value.items()) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) wrong(fmt::format("{}: unknown key '{}'", path, key));
  }
  return value;
}

std::string join(const std::string& path, std::string_view key) { return path.empty() ? std::string(key) : path + "." + std::string(key); }

std::uint64_t count(const json& object, const std::string& path, std::string_view key) {
  const json& value = object.at(key);
  if (!value.is_number_unsigned()) wrong(fmt::format("{}: expected a count, found {}", join(path, key), value.dump()));
  return value.get<std::uint64_t>();
}

std::string text(const json& object, const std::string& path, std::string_view key) {
  const json& value = object.at(key);
  if (!value.is_string()) wrong(fmt::format("{}: expected a string, found {}", join(path, key), value.type_name()));
  return value.get<std::string>();
}

std::vector<std::uint64_t> counts(const json& value, const std::string& path) {
  if (!value.is_array()) wrong(fmt::format("{}: expected a list, found {}", path, value.type_name()));
  std::vector<std::uint64_t> out;
  for (const json& each : value) {
    if (!each.is_number_unsigned()) wrong(fmt::format("{}: expected counts, found {}", path, each.dump()));
    out.push_back(each.get<std::uint64_t>());
  }
  return out;
}

WindowEdge window_of(const json& value, const std::string& path) {
  const json& w = object_with(value, path, {"edge", "run", "group", "tests"});
  WindowEdge edge;
  const std::string word = text(w, path, "edge");
  if (word != window_edge_word(WindowEdgeKind::kStart) && word != window_edge_word(WindowEdgeKind::kEnd)) {
    wrong(fmt::format("{}: expected \"start\" or \"end\", found \"{}\"", join(path, "edge"), word));
  }
  edge.edge = word == window_edge_word(WindowEdgeKind::kStart) ? WindowEdgeKind::kStart : WindowEdgeKind::kEnd;
  const std::uint64_t run = count(w, path, "run");
  if (run > UINT32_MAX) wrong(fmt::format("{}: {} is out of range", join(path, "run"), run));
  edge.run = static_cast<std::uint32_t>(run);
  edge.group = count(w, path, "group");
  const json& tests = w.at("tests");
  if (!tests.is_array()) wrong(fmt::format("{}: expected a list", join(path, "tests")));
  for (const json& test : tests) {
    if (!test.is_string()) wrong(fmt::format("{}: expected names, found {}", join(path, "tests"), test.dump()));
    edge.tests.push_back(test.get<std::string>());
  }
  return edge;
}

ordered_json window_json(const WindowEdge& edge) {
  return {{"edge", window_edge_word(edge.edge)}, {"run", edge.run}, {"group", edge.group}, {"tests", edge.tests}};
}

ordered_json qemu_json(const QemuDriveStats& qemu) {
  ordered_json out = ordered_json::object();
  for (const DirectionKey& d : kDirectionKeys) {
    const QemuDirectionStats& s = qemu.*d.stats;
    const std::optional<QemuLatencyHistogram>& h = qemu.*d.histogram;
    out[d.key] = {{"requests", s.requests},
                  {"bytes", s.bytes},
                  {"merged", s.merged},
                  {"total_time_ns", s.total_time_ns},
                  {"histogram", h ? ordered_json{{"boundaries_ns", h->boundaries_ns}, {"bins", h->bins}}
                                  : ordered_json(nullptr)}};
  }
  return out;
}

QemuDriveStats qemu_of(const json& value, const std::string& path) {
  object_with(value, path, {"read", "write", "flush"});
  QemuDriveStats qemu;
  for (const DirectionKey& d : kDirectionKeys) {
    const std::string at = join(path, d.key);
    const json& o = object_with(value.at(d.key), at, {"requests", "bytes", "merged", "total_time_ns", "histogram"});
    qemu.*d.stats = {count(o, at, "requests"), count(o, at, "bytes"), count(o, at, "merged"),
                     count(o, at, "total_time_ns")};
    const json& h = o.at("histogram");
    if (h.is_null()) continue;
    const std::string hat = join(at, "histogram");
    object_with(h, hat, {"boundaries_ns", "bins"});
    QemuLatencyHistogram histogram{counts(h.at("boundaries_ns"), join(hat, "boundaries_ns")),
                                   counts(h.at("bins"), join(hat, "bins"))};
    if (histogram.bins.size() != histogram.boundaries_ns.size() + 1) {
      wrong(fmt::format("{}: {} bins for {} boundaries (one more expected)", hat, histogram.bins.size(),
                        histogram.boundaries_ns.size()));
    }
    qemu.*d.histogram = std::move(histogram);
  }
  return qemu;
}

ordered_json device_json(const HostDeviceSample& device) {
  ordered_json out = {{"name", device.name}};
  for (const CounterKey& c : kDeviceKeys) out[c.key] = device.counters.*c.member;
  return out;
}

HostDeviceSample device_of(const json& value, const std::string& path) {
  if (!value.is_object()) wrong(fmt::format("{}: expected an object, found {}", path, value.type_name()));
  std::initializer_list<std::string_view> keys = {"name",      "read_ios",      "read_merges", "read_sectors",
                                                  "read_ticks", "write_ios",    "write_merges", "write_sectors",
                                                  "write_ticks", "io_ticks",    "time_in_queue"};
  object_with(value, path, keys);
  HostDeviceSample device{text(value, path, "name"), {}};
  for (const CounterKey& c : kDeviceKeys) device.counters.*c.member = count(value, path, c.key);
  return device;
}

ordered_json cpu_json(const QemuProcessSample& cpu) {
  ordered_json threads = ordered_json::array();
  for (const QemuThreadSample& t : cpu.threads) {
    threads.push_back({{"tid", t.tid},
                       {"comm", t.comm},
                       {"kind", qemu_thread_kind_key(t.kind)},
                       {"user_ns", t.user_ns},
                       {"system_ns", t.system_ns}});
  }
  return {{"user_ns", cpu.user_ns}, {"system_ns", cpu.system_ns}, {"threads", threads}};
}

QemuProcessSample cpu_of(const json& value, const std::string& path) {
  object_with(value, path, {"user_ns", "system_ns", "threads"});
  QemuProcessSample cpu{count(value, path, "user_ns"), count(value, path, "system_ns"), {}};
  const json& threads = value.at("threads");
  if (!threads.is_array()) wrong(fmt::format("{}: expected a list", join(path, "threads")));
  for (std::size_t i = 0; i < threads.size(); ++i) {
    const std::string at = fmt::format("{}[{}]", join(path, "threads"), i);
    const json& t = object_with(threads[i], at, {"tid", "comm", "kind", "user_ns", "system_ns"});
    const std::string kind = text(t, at, "kind");
    const std::optional<QemuThreadKind> parsed = qemu_thread_kind_from_key(kind);
    if (!parsed) wrong(fmt::format("{}: unknown thread kind \"{}\"", join(at, "kind"), kind));
    cpu.threads.push_back({count(t, at, "tid"), text(t, at, "comm"), *parsed, count(t, at, "user_ns"),
                           count(t, at, "system_ns")});
  }
  return cpu;
}

template <typename T, typename Make>
ordered_json or_null(const std::optional<T>& value, Make make) {
  return value ? make(*value) : ordered_json(nullptr);
}

}  // namespace

WindowEdge read_window_edge(std::string_view text) {
  const json value = json::parse(text, nullptr, false);
  if (value.is_discarded()) wrong("not JSON");
  return window_of(value, "window");
}

std::string snapshot_line(const HostViewSnapshot& s) {
  const ordered_json line = {
      {"window", window_json(s.window)},
      {"drive", s.drive},
      {"monotonic_ns", s.monotonic_ns},
      {"qemu", or_null(s.qemu, qemu_json)},
      {"host_device", or_null(s.host_device, device_json)},
      {"qemu_cpu", or_null(s.qemu_cpu, cpu_json)},
      {"guest_cpu", or_null(s.guest_cpu, [](const GuestCpuSample& g) {
         return ordered_json{{"busy_ticks", g.busy_ticks}, {"total_ticks", g.total_ticks},
                             {"ticks_per_second", g.ticks_per_second}};
       })}};
  return line.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

HostViewSnapshot read_snapshot_line(std::string_view line) {
  const json value = json::parse(line, nullptr, false);
  if (value.is_discarded()) wrong("not JSON");
  object_with(value, "", {"window", "drive", "monotonic_ns", "qemu", "host_device", "qemu_cpu", "guest_cpu"});
  HostViewSnapshot s;
  s.window = window_of(value.at("window"), "window");
  s.drive = text(value, "", "drive");
  s.monotonic_ns = count(value, "", "monotonic_ns");
  if (!value.at("qemu").is_null()) s.qemu = qemu_of(value.at("qemu"), "qemu");
  if (!value.at("host_device").is_null()) s.host_device = device_of(value.at("host_device"), "host_device");
  if (!value.at("qemu_cpu").is_null()) s.qemu_cpu = cpu_of(value.at("qemu_cpu"), "qemu_cpu");
  if (const json& g = value.at("guest_cpu"); !g.is_null()) {
    object_with(g, "guest_cpu", {"busy_ticks", "total_ticks", "ticks_per_second"});
    s.guest_cpu = GuestCpuSample{count(g, "guest_cpu", "busy_ticks"), count(g, "guest_cpu", "total_ticks"),
                                 count(g, "guest_cpu", "ticks_per_second")};
  }
  return s;
}

}  // namespace bench
