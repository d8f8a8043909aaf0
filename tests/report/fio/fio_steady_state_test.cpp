// fio's steady state in fio's formats of bench++'s results (report/fio/): the JSON "steadystate" object and the
// normal output's line as fio 3.33's stat.c writes them, and nothing in the terse line (fio writes none there).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "report/fio/fio_json.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_terse.h"
#include "report/fio/fio_test_parts.h"
#include "test_support.h"

namespace bench {
namespace {

// One workload "ss" (4 KiB reads), its part with `steady_state` when given.
RunResult run_with(const std::optional<FioSteadyStateResult>& steady_state) {
  RunResult run;
  run.info.version = "0.1.0";
  run.info.started_utc = "2026-12-07T17:53:52Z";
  WorkloadSpec spec;
  spec.name = "ss";
  spec.pattern = IoPattern::kRandRead;
  run.info.setup.workloads = {spec};
  run.phases.push_back(test::fio_test_part("ss", IoDirection::kRead, 100, 4096, std::vector<std::uint64_t>(100, 5000),
                                           std::chrono::milliseconds(2000)));
  run.phases.back().workload->fio_steady_state = steady_state;
  return run;
}

FioSteadyStateResult attained_deviation() {
  FioSteadyStateResult ss;
  ss.spec.measure = FioSteadyStateSpec::Measure::kIops;
  ss.spec.slope = false;
  ss.spec.percent = true;
  ss.spec.limit = 10;
  ss.spec.duration_s = 2;
  ss.attained = true;
  ss.attained_after = std::chrono::seconds(2);
  ss.criterion = 2.606222;
  ss.max_deviation = 284;
  ss.iops = {10613, 11181};
  ss.bw = {43470848, 45800727};
  return ss;
}

TEST_CASE("fio steady state: the JSON object, fio's keys, types and text (a run fio 3.33 made here, its figures)") {
  const nlohmann::json document = nlohmann::json::parse(format_fio_json({run_with(attained_deviation())}, FioJsonKind::kJson));
  const nlohmann::json& ss = document["jobs"][0]["steadystate"];
  CHECK(ss["ss"] == "iops:10.000000%");
  CHECK(ss["duration"] == 2);
  CHECK(ss["attained"] == 1);
  CHECK(ss["criterion"] == "2.606222%");
  CHECK(ss["max_deviation"].is_number_float());
  CHECK(ss["max_deviation"] == 284.0);
  CHECK(ss["slope"].is_number_float());
  CHECK(ss["data"]["bw_mean"] == 44635787);  // fio's: (43470848 + 45800727) / 2, whole
  CHECK(ss["data"]["iops_mean"] == 10897);
  CHECK(ss["data"]["iops"] == nlohmann::json::array({10613, 11181}));
  CHECK(ss["data"]["bw"] == nlohmann::json::array({43470848, 45800727}));
  // fio's order of the keys (nlohmann::json, which this test reads with, sorts them: the text shows the order).
  const std::string text = format_fio_json({run_with(attained_deviation())}, FioJsonKind::kJson);
  std::size_t at = text.find("\"steadystate\": {");
  REQUIRE(at != std::string::npos);
  for (const char* key : {"\"ss\"", "\"duration\"", "\"attained\"", "\"criterion\"", "\"max_deviation\"",
                          "\"slope\"", "\"data\"", "\"bw_mean\"", "\"iops_mean\"", "\"iops\"", "\"bw\""}) {
    CAPTURE(key);
    const std::size_t next = text.find(key, at);
    CHECK(next != std::string::npos);
    at = next;
  }
  // json+ has it as json has.
  const nlohmann::json plus = nlohmann::json::parse(format_fio_json({run_with(attained_deviation())}, FioJsonKind::kJsonPlus));
  CHECK(plus["jobs"][0]["steadystate"] == ss);
}

TEST_CASE("fio steady state: a slope criterion and an absolute limit read as fio prints them") {
  FioSteadyStateResult ss = attained_deviation();
  ss.spec.measure = FioSteadyStateSpec::Measure::kBandwidth;
  ss.spec.slope = true;
  ss.spec.percent = false;
  ss.spec.limit = 1048576;
  ss.attained = false;
  ss.attained_after.reset();
  ss.criterion = -818;
  ss.slope = -818;
  const nlohmann::json document = nlohmann::json::parse(format_fio_json({run_with(ss)}, FioJsonKind::kJson));
  CHECK(document["jobs"][0]["steadystate"]["ss"] == "bw_slope:1048576.000000");
  CHECK(document["jobs"][0]["steadystate"]["attained"] == 0);
  CHECK(document["jobs"][0]["steadystate"]["criterion"] == "-818.000000");
  const std::string normal = format_fio_normal_stats(run_with(ss), 7);
  CHECK(test::contains(normal, "  steadystate  : attained=no, bw=42.6MiB/s (43.6MB/s), iops=10.9k, bw slope=-818.000\n"));
}

TEST_CASE("fio steady state: the normal output's line, after the job's latency line (fio's show_ss_normal)") {
  const std::string normal = format_fio_normal_stats(run_with(attained_deviation()), 7);
  // fio scales the mean bandwidth's KiB one unit up: its SI figure is of the KiB count times 1000.
  CHECK(test::contains(normal, "percentile=100.00%, depth=1\n"
                               "  steadystate  : attained=yes, bw=42.6MiB/s (43.6MB/s), iops=10.9k, iops mean dev=2.606%\n"));
}

TEST_CASE("fio steady state: without ss_dur no object and no line, and the terse line never has it, as fio's") {
  const RunResult plain = run_with(std::nullopt);
  CHECK_FALSE(nlohmann::json::parse(format_fio_json({plain}, FioJsonKind::kJson))["jobs"][0].contains("steadystate"));
  CHECK_FALSE(test::contains(format_fio_normal_stats(plain, 7), "steadystate"));
  CHECK(format_fio_terse(run_with(attained_deviation()), 3) == format_fio_terse(plain, 3));
}

}  // namespace
}  // namespace bench
