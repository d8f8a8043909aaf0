// `bench++ host-view attach`'s arithmetic (result/host_view_pairing.h): a window's differences, and the snapshots
// paired start with end into each run's HostView, every broken sequence refused at its line.
#include "result/host_view_pairing.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {

HostViewSnapshot full_snapshot();  // tests/report/json/host_view_snapshot_json_test.cpp

namespace {

using namespace std::chrono_literals;

HostViewSnapshot edge_of(WindowEdgeKind kind, std::uint32_t run, std::uint64_t group, std::uint64_t at_ns) {
  HostViewSnapshot s = full_snapshot();
  s.window = {kind, run, group, {"t" + std::to_string(group)}};
  s.monotonic_ns = at_ns;
  return s;
}

// The end of a window that began with full_snapshot(): each counter grown.
HostViewSnapshot grown_end() {
  HostViewSnapshot end = full_snapshot();
  end.window.edge = WindowEdgeKind::kEnd;
  end.monotonic_ns += 3'000'000'000;
  end.qemu->read.requests += 1000;
  end.qemu->read.bytes += 4'096'000;
  end.qemu->read.total_time_ns += 50'000'000;
  end.qemu->flush.requests += 1;
  end.qemu->read_histogram->bins = {1, 902, 103};
  end.qemu->write_histogram = QemuLatencyHistogram{{1000, 2000}, {0, 0, 0}};  // set since: none in the window
  end.host_device->counters.read_ios += 990;
  end.host_device->counters.read_sectors += 8000;
  end.host_device->counters.io_ticks += 2500;
  end.qemu_cpu->user_ns += 500'000'000;
  end.qemu_cpu->system_ns += 700'000'000;
  end.qemu_cpu->threads[0].system_ns += 100'000'000;                                   // the main loop
  end.qemu_cpu->threads[1].user_ns += 300'000'000;                                     // the vCPU
  end.qemu_cpu->threads.push_back({42, "worker", QemuThreadKind::kWorker, 99, 99});  // began within: not counted
  end.guest_cpu->busy_ticks += 50;
  end.guest_cpu->total_ticks += 200;
  return end;
}

}  // namespace

TEST_CASE("host view pairing: a window's figures are what changed between its two snapshots") {
  const HostViewWindow w = window_difference(full_snapshot(), grown_end());
  CHECK(w.group == 2);
  CHECK(w.tests == full_snapshot().window.tests);
  CHECK(w.elapsed == 3s);
  CHECK(w.qemu.read == QemuDirectionStats{1000, 4'096'000, 0, 50'000'000});
  CHECK(w.qemu.write == QemuDirectionStats{});
  CHECK(w.qemu.flush == QemuDirectionStats{1, 0, 0, 0});
  CHECK(w.qemu.read_histogram == QemuLatencyHistogram{{1000, 2000}, {0, 900, 100}});
  CHECK_FALSE(w.qemu.write_histogram);
  REQUIRE(w.host_device);
  CHECK(w.host_device->name == "vda");
  CHECK(w.host_device->elapsed_ms == 3000);
  CHECK(w.host_device->counters == DiskCounters{.read_ios = 990, .io_ticks = 2500, .read_sectors = 8000});
  REQUIRE(w.qemu_cpu);
  CHECK(w.qemu_cpu->user == 500ms);
  CHECK(w.qemu_cpu->system == 700ms);
  CHECK(w.qemu_cpu->by_kind == std::vector<QemuThreadCpu>{{QemuThreadKind::kVcpu, 1, 300ms, 0ms},
                                                          {QemuThreadKind::kMainLoop, 1, 0ms, 100ms}});
  CHECK(w.guest_cpu == GuestCpu{500ms, 2s});

  // A reading missing at either end is missing in the window; QEMU's drive statistics are needed.
  HostViewSnapshot no_device = grown_end();
  no_device.host_device.reset();
  no_device.guest_cpu.reset();
  no_device.qemu_cpu.reset();
  const HostViewWindow partial = window_difference(full_snapshot(), no_device);
  CHECK_FALSE(partial.host_device);
  CHECK_FALSE(partial.guest_cpu);
  CHECK_FALSE(partial.qemu_cpu);
  HostViewSnapshot other_device = grown_end();
  other_device.host_device->name = "vdb";
  CHECK_FALSE(window_difference(full_snapshot(), other_device).host_device);
  HostViewSnapshot no_qemu = grown_end();
  no_qemu.qemu.reset();
  CHECK(test::error_of<std::invalid_argument>([&] { window_difference(full_snapshot(), no_qemu); }) ==
        "no QEMU statistics of drive 'bench' at the window's end");
}

TEST_CASE("host view pairing: a counter that went back is refused, naming it") {
  struct Case {
    std::function<void(HostViewSnapshot&)> edit;
    std::string error;
  };
  const std::vector<Case> cases = {
      {[](HostViewSnapshot& s) { s.qemu->write.requests = 0; }, "QEMU's write requests went back from 12 to 0"},
      {[](HostViewSnapshot& s) { s.monotonic_ns = 1; }, "the host's monotonic clock went back from 70874308838584 to 1"},
      {[](HostViewSnapshot& s) { s.host_device->counters.write_sectors = 0; },
       "the host device vda's write sectors went back from 112 to 0"},
      {[](HostViewSnapshot& s) { s.qemu_cpu->threads[1].system_ns = 0; },
       "QEMU's thread 41 (CPU 0/KVM)'s system time went back from 40 to 0"},
      {[](HostViewSnapshot& s) { s.guest_cpu->total_ticks = 0; }, "the guest's CPU time went back from 1160 to 0"},
      {[](HostViewSnapshot& s) { s.qemu->read_histogram->bins[2] = 0; }, "QEMU's read histogram bin 2 went back from 3 to 0"},
  };
  for (const Case& c : cases) {
    HostViewSnapshot end = grown_end();
    c.edit(end);
    CHECK(test::error_of<std::invalid_argument>([&] { window_difference(full_snapshot(), end); }) == c.error);
  }
}

TEST_CASE("host view pairing: each run's windows, in order, from snapshots in order") {
  const std::vector<NumberedSnapshot> lines = {
      {1, edge_of(WindowEdgeKind::kStart, 0, 0, 100)}, {2, edge_of(WindowEdgeKind::kEnd, 0, 0, 200)},
      {3, edge_of(WindowEdgeKind::kStart, 0, 1, 300)}, {4, edge_of(WindowEdgeKind::kEnd, 0, 1, 500)},
      {6, edge_of(WindowEdgeKind::kStart, 2, 0, 600)}, {7, edge_of(WindowEdgeKind::kEnd, 2, 0, 900)},
  };
  const std::map<std::uint32_t, HostView> views = pair_windows(lines, "w.jsonl");
  REQUIRE(views.size() == 2);
  const HostView& first = views.at(0);
  CHECK(first.drive == "bench");
  REQUIRE(first.windows.size() == 2);
  CHECK(first.windows[0].group == 0);
  CHECK(first.windows[0].tests == std::vector<std::string>{"t0"});
  CHECK(first.windows[0].elapsed == 100ns);
  CHECK(first.windows[1].group == 1);
  CHECK(first.windows[1].elapsed == 200ns);
  REQUIRE(views.at(2).windows.size() == 1);
  CHECK(views.at(2).windows[0].elapsed == 300ns);
  CHECK(pair_windows({}, "w.jsonl").empty());
}

TEST_CASE("host view pairing: a broken sequence is refused at its line") {
  const auto start = [](std::size_t line, std::uint64_t group) {
    return NumberedSnapshot{line, edge_of(WindowEdgeKind::kStart, 0, group, line * 100)};
  };
  const auto end = [](std::size_t line, std::uint64_t group) {
    return NumberedSnapshot{line, edge_of(WindowEdgeKind::kEnd, 0, group, line * 100)};
  };
  NumberedSnapshot other_tests = end(2, 0);
  other_tests.snapshot.window.tests = {"else"};
  NumberedSnapshot other_drive = end(2, 0);
  other_drive.snapshot.drive = "disk2";
  NumberedSnapshot went_back = end(2, 0);
  went_back.snapshot.qemu->read.requests = 0;
  NumberedSnapshot other_run = end(2, 0);
  other_run.snapshot.window.run = 1;
  struct Case {
    std::vector<NumberedSnapshot> lines;
    std::string error;
  };
  const std::vector<Case> cases = {
      {{start(1, 0), start(2, 1), end(3, 1)}, "w.jsonl:1: the start of run 0 group 0 has no end (line 2 starts another window)"},
      {{start(1, 0), end(2, 0), start(3, 1)}, "w.jsonl:3: the start of run 0 group 1 has no end (the file ends first)"},
      {{end(1, 0)}, "w.jsonl:1: the end of run 0 group 0 has no start before it"},
      {{start(1, 0), end(2, 1)}, "w.jsonl:2: the end of run 0 group 1 has no start before it"},
      {{start(1, 0), other_run}, "w.jsonl:2: the end of run 1 group 0 has no start before it"},
      {{start(1, 0), other_tests}, "w.jsonl:2: the end of run 0 group 0 names other tests than its start (line 1)"},
      {{start(1, 0), other_drive}, "w.jsonl:2: drive 'disk2', where line 1 has 'bench'"},
      {{start(1, 0), went_back}, "w.jsonl:2: QEMU's read requests went back from 4096 to 0 (since line 1)"},
  };
  for (const Case& c : cases) {
    CHECK(test::error_of<std::runtime_error>([&] { pair_windows(c.lines, "w.jsonl"); }) == c.error);
  }
}

}  // namespace bench
