#include "compare/host_view_decomposition.h"

#include <doctest/doctest.h>

#include "compare/compare_runs.h"
#include "host_view_samples.h"
#include "sample_runs.h"

namespace bench {
namespace {

using F = HostViewFigure;

double value(const DirectionFigures& figures, F figure) {
  const auto& v = figures.values[static_cast<std::size_t>(figure)];
  REQUIRE(v.has_value());
  return *v;
}

bool measured(const DirectionFigures& figures, F figure) {
  return figures.values[static_cast<std::size_t>(figure)].has_value();
}

const FigureSpread& spread(const WorkloadDecomposition& workload, F figure) {
  const auto& s = workload.directions.at(0).figures[static_cast<std::size_t>(figure)];
  REQUIRE(s.has_value());
  return *s;
}

}  // namespace

TEST_CASE("host view decomposition: one window's stack, amplifications and CPU per guest request") {
  const std::vector<WindowFigures> windows = decompose_run(test::guest_run("raw", 0).run);
  REQUIRE(windows.size() == 1);
  CHECK(windows[0].workload == "randread");
  CHECK_FALSE(windows[0].why_none);
  CHECK_FALSE(windows[0].tcg);
  REQUIRE(windows[0].directions.size() == 1);  // reads alone: no per-direction split
  const DirectionFigures& all = windows[0].directions[0];
  CHECK(all.direction == "all");
  CHECK(all.guest_requests == 1000);
  CHECK(value(all, F::kGuestLatency) == doctest::Approx(100'000));
  CHECK(value(all, F::kQemuTime) == doctest::Approx(70'000));
  CHECK(value(all, F::kQemuMean) == doctest::Approx(70'000));
  CHECK(value(all, F::kDeviceTime) == doctest::Approx(20'000));
  CHECK(value(all, F::kGuestSide) == doctest::Approx(30'000));
  CHECK(value(all, F::kAboveDevice) == doctest::Approx(50'000));
  CHECK(value(all, F::kHostDevice) == doctest::Approx(20'000));
  CHECK(value(all, F::kGuestSideShare) == doctest::Approx(30));
  CHECK(value(all, F::kAboveDeviceShare) == doctest::Approx(50));
  CHECK(value(all, F::kHostDeviceShare) == doctest::Approx(20));
  CHECK(value(all, F::kDeviceRequests) == doctest::Approx(1.0));
  CHECK(value(all, F::kDeviceBytes) == doctest::Approx(8000.0 * 512 / 4'096'000));
  CHECK(value(all, F::kQemuRequests) == doctest::Approx(1.0));
  CHECK(value(all, F::kQemuCpu) == doctest::Approx(100));  // 100 ms over 1000 requests: 100 µs each
  CHECK(value(all, F::kVcpuCpu) == doctest::Approx(60));
  CHECK(value(all, F::kMainLoopCpu) == doctest::Approx(40));
  CHECK_FALSE(measured(all, F::kIothreadCpu));  // no IOThread: not 0, not there
  CHECK(value(all, F::kGuestCpu) == doctest::Approx(50));
  CHECK(all.notes.empty());
}

TEST_CASE("host view decomposition: a run without a host view has none") {
  CHECK(decompose_run(test::host_run(0).run).empty());
  HostViewFold fold;
  fold.add(test::host_run(0).run);
  CHECK(fold.empty());
  CHECK(fold.result().empty());
}

TEST_CASE("host view decomposition: a window whose tests are not in the results says so and has no figures") {
  SourcedRun run = test::guest_run("raw", 0);
  run.run.host_view->windows[0].tests = {"seqwrite"};
  const std::vector<WindowFigures> windows = decompose_run(run.run);
  REQUIRE(windows.size() == 1);
  CHECK(windows[0].directions.empty());
  CHECK(windows[0].why_none == "its tests are not in the guest's results");
  HostViewFold fold;
  fold.add(run.run);
  const auto result = fold.result();
  REQUIRE(result.size() == 1);
  CHECK(result[0].why_none == "its tests are not in the guest's results");
  CHECK(result[0].reading.empty());
}

TEST_CASE("host view decomposition: a window without requests has no figures (nothing divided by zero)") {
  SourcedRun run = test::guest_run("raw", 0);
  run.run.phases[0].operations = 0;
  const std::vector<WindowFigures> windows = decompose_run(run.run);
  CHECK(windows.at(0).directions.empty());
  CHECK(windows.at(0).why_none == "no requests in the guest's results");
}

TEST_CASE("host view decomposition: a negative part is 0 with a note naming it") {
  const std::vector<WindowFigures> windows = decompose_run(test::guest_run("raw", 0, 130).run);  // T_q 130 > L_g 100
  const DirectionFigures& all = windows.at(0).directions.at(0);
  CHECK(value(all, F::kGuestSide) == 0);
  CHECK(value(all, F::kAboveDevice) == doctest::Approx(110'000));
  CHECK(value(all, F::kGuestSideShare) == 0);
  CHECK(value(all, F::kAboveDeviceShare) == doctest::Approx(100.0 * 110 / 130));
  REQUIRE(all.notes.size() == 1);
  CHECK(all.notes[0].find("the guest's side came out negative (-30.0 µs per request") == 0);
  CHECK(all.notes[0].find("shown as 0") != std::string::npos);
}

TEST_CASE("host view decomposition: a device slower than QEMU per request leaves the middle part 0, noted") {
  SourcedRun run = test::guest_run("writeback", 0);
  run.run.host_view->windows[0].host_device->counters.read_ticks = 100;  // 100 µs per guest request, QEMU's 70
  const DirectionFigures all = decompose_run(run.run).at(0).directions.at(0);
  CHECK(value(all, F::kGuestSide) == doctest::Approx(30'000));
  CHECK(value(all, F::kAboveDevice) == 0);
  CHECK(value(all, F::kHostDevice) == doctest::Approx(100'000));
  CHECK(value(all, F::kHostDeviceShare) == doctest::Approx(100.0 * 100 / 130));
  REQUIRE(all.notes.size() == 1);
  CHECK(all.notes[0].find("QEMU and the host above the device came out negative (-30.0 µs per request") == 0);
}

TEST_CASE("host view decomposition: without a host device its part is not measured, never 0") {
  SourcedRun run = test::guest_run("tmpfs", 0);
  run.run.host_view->windows[0].host_device.reset();
  const DirectionFigures all = decompose_run(run.run).at(0).directions.at(0);
  CHECK_FALSE(measured(all, F::kDeviceTime));
  CHECK_FALSE(measured(all, F::kHostDevice));
  CHECK_FALSE(measured(all, F::kHostDeviceShare));
  CHECK_FALSE(measured(all, F::kDeviceRequests));
  CHECK(value(all, F::kAboveDevice) == doctest::Approx(70'000));  // QEMU's time, the device's in it
  HostViewFold fold;
  fold.add(run.run);
  CHECK(fold.result().at(0).reading.find("the host device was not measured") != std::string::npos);
}

TEST_CASE("host view decomposition: reads and writes together are split by direction too") {
  SourcedRun run = test::guest_run("raw", 0);
  run.run.phases = {test::workload_part("randrw", IoDirection::kRead, 600, 100'000),
                    test::workload_part("randrw", IoDirection::kWrite, 400, 200'000)};
  HostViewWindow& window = run.run.host_view->windows[0];
  window.tests = {"randrw"};
  window.qemu.read = {600, 2'457'600, 0, 36'000'000};
  window.qemu.write = {400, 1'638'400, 0, 60'000'000};
  window.host_device->counters.write_ios = 800;
  window.host_device->counters.write_ticks = 40;
  const WindowFigures figures = decompose_run(run.run).at(0);
  REQUIRE(figures.directions.size() == 3);
  CHECK(value(figures.directions[0], F::kGuestLatency) == doctest::Approx(140'000));  // request-weighted
  CHECK(value(figures.directions[0], F::kQemuTime) == doctest::Approx(96'000));
  CHECK(figures.directions[1].direction == "read");
  CHECK(value(figures.directions[1], F::kQemuTime) == doctest::Approx(60'000));
  CHECK(value(figures.directions[1], F::kDeviceRequests) == doctest::Approx(1000.0 / 600));
  CHECK(figures.directions[2].direction == "write");
  CHECK(value(figures.directions[2], F::kQemuTime) == doctest::Approx(150'000));
  CHECK(value(figures.directions[2], F::kDeviceRequests) == doctest::Approx(2.0));
  CHECK(value(figures.directions[2], F::kDeviceTime) == doctest::Approx(100'000));
  CHECK_FALSE(measured(figures.directions[2], F::kQemuCpu));  // CPU is the window's, not a direction's
}

TEST_CASE("host view decomposition: a bonnie++ test is matched by its key") {
  SourcedRun run = test::guest_run("raw", 0);
  run.run.phases = {test::gib_block_write(1000)};
  run.run.phases[0].latency = LatencySummary{131072, 0, 0, 100'000, 0, 0, 0, 0};
  run.run.host_view->windows[0].tests = {"block_write"};
  const WindowFigures figures = decompose_run(run.run).at(0);
  REQUIRE(figures.directions.size() == 1);
  CHECK(figures.directions[0].guest_requests == 131072);
}

TEST_CASE("host view decomposition: over rounds, each figure's median and range, and the reading names the largest share") {
  HostViewFold fold;
  fold.add(test::guest_run("raw", 1, 60).run);   // stack 40 / 40 / 20
  fold.add(test::guest_run("raw", 2, 70).run);   // 30 / 50 / 20
  fold.add(test::guest_run("raw", 3, 75).run);   // 25 / 55 / 20
  const auto result = fold.result();
  REQUIRE(result.size() == 1);
  const WorkloadDecomposition& w = result[0];
  CHECK(w.runs == 3);
  CHECK(w.by_rounds);
  CHECK(spread(w, F::kQemuTime).median == doctest::Approx(70'000));
  CHECK(spread(w, F::kQemuTime).low == doctest::Approx(60'000));
  CHECK(spread(w, F::kQemuTime).high == doctest::Approx(75'000));
  CHECK(spread(w, F::kAboveDeviceShare).runs == 3);
  CHECK(w.reading == "QEMU and the host above the device: 50 % of the guest's mean latency (rounds 40–55 %)");
}

TEST_CASE("host view decomposition: by rounds, a round's runs are one value, their mean") {
  HostViewFold fold;
  fold.add(test::guest_run("raw", 1, 60).run);
  fold.add(test::guest_run("raw", 1, 80).run);  // two repeats (-x 2) of the first round: one value, 70
  fold.add(test::guest_run("raw", 2, 90).run);
  const WorkloadDecomposition w = fold.result().at(0);
  CHECK(w.runs == 3);
  CHECK(spread(w, F::kQemuTime).runs == 3);
  CHECK(spread(w, F::kQemuTime).values == 2);
  CHECK(spread(w, F::kQemuTime).low == doctest::Approx(70'000));
  CHECK(spread(w, F::kQemuTime).high == doctest::Approx(90'000));
  CHECK(spread(w, F::kQemuTime).median == doctest::Approx(80'000));
}

TEST_CASE("host view decomposition: the reading says what TCG adds and when the device saw more requests") {
  HostViewFold fold;
  SourcedRun run = test::guest_run("nvme", 0, 70, "accel=tcg");
  run.run.host_view->windows[0].host_device->counters.read_ios = 2000;
  fold.add(run.run);
  const auto result = fold.result();
  REQUIRE(result.size() == 1);
  CHECK(result[0].tcg);
  CHECK_FALSE(result[0].by_rounds);
  CHECK(result[0].reading ==
        "QEMU and the host above the device: 50 % of the guest's mean latency; the host device saw 2.0 requests per "
        "guest request; under TCG the guest's side includes QEMU's emulation of the guest's CPU");
}

TEST_CASE("host view decomposition: compare keeps it per group with a host view, none without") {
  const std::vector<SourcedRun> plain = {test::round_run("host", 1, 1000), test::round_run("guest", 1, 2000)};
  CHECK(compare_runs(plain, {}).host_views.empty());
  std::vector<SourcedRun> runs = {test::host_run(1), test::guest_run("raw", 1), test::host_run(2),
                                  test::guest_run("raw", 2, 80)};
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].input = i;
  const Comparison comparison = compare_runs(runs, {});
  REQUIRE(comparison.host_views.size() == 1);
  CHECK(comparison.host_views[0].group == "raw");
  REQUIRE(comparison.host_views[0].workloads.size() == 1);
  CHECK(comparison.host_views[0].workloads[0].runs == 2);
}

TEST_CASE("host view decomposition: each figure has one row, in the enum's order, with a unique keyword") {
  const auto& rows = host_view_figure_rows();
  for (std::size_t f = 0; f < rows.size(); ++f) {
    CHECK(static_cast<std::size_t>(rows[f].figure) == f);
    for (std::size_t g = 0; g < f; ++g) CHECK(rows[f].keyword != rows[g].keyword);
  }
}

}  // namespace bench
