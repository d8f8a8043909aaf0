// The snapshot line of `bench++ host-view` (report/json/host_view_snapshot_json.h): written and read back whole,
// and every kind of broken line refused with what is wrong.
#include "report/json/host_view_snapshot_json.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {

// A snapshot with every reading, for the tests of host-view (tests/result/host_view_pairing_test.cpp too).
HostViewSnapshot full_snapshot() {
  HostViewSnapshot s;
  s.window = {WindowEdgeKind::kStart, 1, 2, {"randread", "seq \"w\""}};
  s.drive = "bench";
  s.monotonic_ns = 70'874'308'838'584;
  QemuDriveStats qemu;
  qemu.read = {4096, 16'777'216, 3, 812'000'000};
  qemu.write = {12, 49'152, 0, 1'500'000};
  qemu.flush = {2, 0, 0, 90'000};
  qemu.read_histogram = QemuLatencyHistogram{{1000, 2000}, {1, 2, 3}};
  s.qemu = qemu;
  s.host_device = HostDeviceSample{"vda", DiskCounters{4101, 7, 700, 20, 2, 30, 2990, 760, 32'824, 112}};
  s.qemu_cpu = QemuProcessSample{3'000'000'000, 2'000'000'000,
                                 {{40, "qemu-system-x86", QemuThreadKind::kMainLoop, 10, 20},
                                  {41, "CPU 0/KVM", QemuThreadKind::kVcpu, 30, 40}}};
  s.guest_cpu = GuestCpuSample{150, 1160, 100};
  return s;
}

namespace {

using nlohmann::json;

// The full snapshot's line with `pointer` set to `value` (or removed, for a discarded value).
std::string edited(const std::string& pointer, const json& value) {
  json line = json::parse(snapshot_line(full_snapshot()));
  if (value.is_discarded()) {
    const json::json_pointer at(pointer);
    line[at.parent_pointer()].erase(at.back());
  } else {
    line[json::json_pointer(pointer)] = value;
  }
  return line.dump();
}

}  // namespace

TEST_CASE("host-view snapshot line: one line of compact JSON, read back as it was written") {
  const std::string line = snapshot_line(full_snapshot());
  CHECK(line.find('\n') == std::string::npos);
  CHECK(line.starts_with(R"({"window":{"edge":"start","run":1,"group":2,"tests":["randread","seq \"w\""]},)"
                         R"("drive":"bench","monotonic_ns":70874308838584,"qemu":{"read":{"requests":4096,)"));
  CHECK(read_snapshot_line(line) == full_snapshot());
  HostViewSnapshot bare = full_snapshot();
  bare.qemu.reset();
  bare.host_device.reset();
  bare.qemu_cpu.reset();
  bare.guest_cpu.reset();
  const std::string nulls = snapshot_line(bare);
  CHECK(test::contains(nulls, R"("qemu":null,"host_device":null,"qemu_cpu":null,"guest_cpu":null})"));
  CHECK(read_snapshot_line(nulls) == bare);
}

TEST_CASE("host-view snapshot line: the window is bench++'s BENCH_WINDOW_JSON, read strictly") {
  const WindowEdge edge{WindowEdgeKind::kEnd, 4, 9, {"a", "b\\c"}};
  CHECK(read_window_edge(window_edge_json(edge)) == edge);
  for (const char* bad : {"", "{", R"({"edge":"middle","run":0,"group":0,"tests":[]})",
                          R"({"edge":"start","run":-1,"group":0,"tests":[]})",
                          R"({"edge":"start","run":4294967296,"group":0,"tests":[]})",
                          R"({"edge":"start","run":0,"group":0,"tests":[1]})", R"({"edge":"start","run":0,"group":0})",
                          R"({"edge":"start","run":0,"group":0,"tests":[],"rank":0})"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(read_window_edge(bad), std::invalid_argument);
  }
}

TEST_CASE("host-view snapshot line: a broken line says what is wrong, where in the line") {
  struct Case {
    std::string line;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"{", "not JSON"},
      {"[]", ": expected an object, found array"},
      {edited("/extra", 1), ": unknown key 'extra'"},
      {edited("/qemu/read/extra", 1), "qemu.read: unknown key 'extra'"},
      {edited("/monotonic_ns", json::value_t::discarded), ": missing key 'monotonic_ns'"},
      {edited("/monotonic_ns", -5), "monotonic_ns: expected a count, found -5"},
      {edited("/drive", 5), "drive: expected a string, found number"},
      {edited("/qemu/write/bytes", 1.5), "qemu.write.bytes: expected a count, found 1.5"},
      {edited("/qemu/read/histogram/bins", json::array({1, 2})), "qemu.read.histogram: 2 bins for 2 boundaries (one more expected)"},
      {edited("/host_device/read_ios", "7"), "host_device.read_ios: expected a count, found \"7\""},
      {edited("/qemu_cpu/threads/1/kind", "gpu"), "qemu_cpu.threads[1].kind: unknown thread kind \"gpu\""},
      {edited("/guest_cpu/ticks_per_second", json::value_t::discarded), "guest_cpu: missing key 'ticks_per_second'"},
      {edited("/window/edge", "both"), "window.edge: expected \"start\" or \"end\", found \"both\""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.line);
    CHECK(test::error_of<std::invalid_argument>([&] { read_snapshot_line(c.line); }) == c.error);
  }
}

}  // namespace bench
