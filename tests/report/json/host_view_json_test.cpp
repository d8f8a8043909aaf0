#include "report/json/host_view_json.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "report/json/json_report.h"
#include "report/machine_readable_samples.h"
#include "test_support.h"

namespace bench {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// Two windows: one with every view (a histogram for reads alone), one with QEMU's figures alone.
HostView sample_view() {
  HostViewWindow full;
  full.group = 0;
  full.tests = {"randread"};
  full.elapsed = 3'020'000'000ns;
  full.qemu.read = {4096, 16'777'216, 3, 812'000'000};
  full.qemu.write = {12, 49'152, 0, 1'500'000};
  full.qemu.flush = {2, 0, 0, 90'000};
  full.qemu.read_histogram = QemuLatencyHistogram{{10'000, 100'000, 1'000'000}, {5, 3000, 1090, 1}};
  DiskUtilization device;
  device.name = "vda";
  device.counters = DiskCounters{4101, 7, 700, 20, 2, 30, 2990, 760, 32'824, 112};
  device.elapsed_ms = 3021;
  full.host_device = device;
  full.qemu_cpu = QemuCpu{900ms, 1'200ms,
                          {{QemuThreadKind::kVcpu, 2, 800ms, 700ms}, {QemuThreadKind::kMainLoop, 1, 100ms, 500ms}}};
  full.guest_cpu = GuestCpu{2'100ms, 6'040ms};
  HostViewWindow bare;
  bare.group = 2;
  bare.tests = {"seqwrite", "seqread"};
  bare.elapsed = 1s;
  bare.qemu.write = {256, 268'435'456, 0, 2'000'000'000};
  return HostView{"bench", {full, bare}};
}

std::string document_with_view() {
  auto runs = test::machine_readable_samples();
  runs[0].host_view = sample_view();
  return format_json(runs);
}

// The written document with one value of the first run's host_view replaced (a JSON pointer below it).
std::string edited(const std::string& pointer, const json& value) {
  json doc = json::parse(document_with_view());
  doc[json::json_pointer("/runs/0/host_view" + pointer)] = value;
  return doc.dump(2);
}

}  // namespace

TEST_CASE("host view json: a guest's windows come back from the JSON report as they were written") {
  const std::vector<RunResult> read = read_json_report(document_with_view(), "guest.json");
  REQUIRE(read[0].host_view);
  CHECK(*read[0].host_view == sample_view());
  const json doc = json::parse(document_with_view());
  CHECK(doc["runs"][0]["host_view"]["windows"][0]["qemu"]["read"]["total_time_ns"] == 812'000'000);
  CHECK(doc["runs"][0]["host_view"]["windows"][0]["host_device"]["read_sectors"] == 32824);
  CHECK(doc["runs"][0]["host_view"]["windows"][1]["host_device"].is_null());
  CHECK(doc["runs"][0]["host_view"]["windows"][0]["qemu_cpu"]["threads"][1]["kind"] == "main_loop");
}

TEST_CASE("host view json: a run without one has no host_view key and reads back without one") {
  const std::string text = format_json(test::machine_readable_samples());
  CHECK(text.find("host_view") == std::string::npos);
  for (const RunResult& run : read_json_report(text, "host.json")) CHECK_FALSE(run.host_view);
}

TEST_CASE("host view json: a hostile or broken host_view is refused with its path") {
  test::check_read_error([] { read_json_report(edited("/windows/0/qemu/read/latency_histogram/bins", {1, 2}), "g.json"); },
                         "g.json:", "runs[0].host_view.windows[0].qemu.read.latency_histogram.bins: expected 4 bins for 3 boundaries, found 2", 400);
  test::check_read_error([] { read_json_report(edited("/windows/0/qemu_cpu/threads/0/kind", "gpu"), "g.json"); },
                         "g.json:", "runs[0].host_view.windows[0].qemu_cpu.threads[0].kind: expected one of", 400);
  test::check_read_error([] { read_json_report(edited("/windows/1/qemu/write/requests", -4), "g.json"); },
                         "g.json:", "runs[0].host_view.windows[1].qemu.write.requests: expected a whole number", 400);
  test::check_read_error([] { read_json_report(edited("/windows", json::object()), "g.json"); },
                         "g.json:", "runs[0].host_view.windows: expected an array", 400);
  test::check_read_error([] { read_json_report(edited("/windows/0/tests", {1}), "g.json"); },
                         "g.json:", "runs[0].host_view.windows[0].tests[0]: expected a string", 400);
}

TEST_CASE("host view json: each thread kind has its word, and the words read back") {
  for (const QemuThreadKind kind : {QemuThreadKind::kVcpu, QemuThreadKind::kIothread, QemuThreadKind::kMainLoop,
                                    QemuThreadKind::kWorker, QemuThreadKind::kOther}) {
    CHECK(qemu_thread_kind_from_key(qemu_thread_kind_key(kind)) == kind);
  }
  CHECK_FALSE(qemu_thread_kind_from_key("CPU 0/KVM"));
}

}  // namespace bench
