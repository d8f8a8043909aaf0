// fio's bandwidth and IOPS samples from made-up windows: each job's rate per window with requests (bwavgtime=,
// iopsavgtime=), in whole numbers as fio computes them, and several jobs' statistics added as group_reporting adds
// them; then in fio's JSON.
#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "report/fio/fio_jobs.h"
#include "report/fio/fio_json.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

// A read workload of `jobs` jobs whose windows (of `window`) hold these bytes and requests.
RunResult run_with_windows(const std::vector<std::vector<std::uint64_t>>& bytes,
                           const std::vector<std::vector<std::uint64_t>>& operations, milliseconds window) {
  RunResult run;
  run.info.version = "0.1.0";
  run.info.started_utc = "2026-12-02T00:54:26Z";
  WorkloadSpec spec;
  spec.name = "r";
  spec.pattern = IoPattern::kRead;
  spec.jobs = static_cast<std::uint32_t>(bytes.size());
  spec.group_reporting = true;
  spec.bw_avg_time = window;
  spec.iops_avg_time = window;
  run.info.setup.workloads = {spec};
  PhaseResult result;
  result.operations = 1;
  result.bytes = 4096;
  result.elapsed = milliseconds(2000);
  WorkloadPart part;
  part.workload = "r";
  part.direction = IoDirection::kRead;
  part.bw_window_bytes = bytes;
  part.iops_window_operations = operations;
  result.workload = part;
  run.phases.push_back(result);
  return run;
}

}  // namespace

TEST_CASE("fio samples: a window's rate is its amount x 1000 / the window, KiB/s in whole numbers, empty ones none") {
  // 500 ms windows: 1 MiB -> 2048 KiB/s; 1000 bytes -> 2000 B/s -> 1 KiB/s (fio's integer division); 0: no sample.
  CHECK(fio_window_rates({1 << 20, 1000, 0, 5 << 20}, 500, true) == std::vector<double>{2048, 1, 10240});
  CHECK(fio_window_rates({250, 0, 1}, 500, false) == std::vector<double>{500, 2});
  CHECK(fio_window_rates({1 << 20}, 100, true) == std::vector<double>{10240});
  CHECK(fio_window_rates({}, 500, true).empty());
}

TEST_CASE("fio samples: group_reporting adds the jobs' min, max, mean, S and samples (fio's sum_stat)") {
  const FioSampleStats a = fio_sample_stats({100, 200, 300});
  const FioSampleStats b = fio_sample_stats({10, 30});
  CHECK(a.sum_squares == doctest::Approx(20000));
  const FioSampleStats sum = fio_summed_stats({a, b, FioSampleStats{}});
  CHECK(sum.min == 110);
  CHECK(sum.max == 330);
  CHECK(sum.mean == doctest::Approx(220));
  CHECK(sum.samples == 5);
  CHECK(sum.stddev == doctest::Approx(std::sqrt((20000.0 + 200.0) / 4)));
  CHECK(fio_summed_stats({a}).stddev == doctest::Approx(a.stddev));
  CHECK(fio_summed_stats({}).samples == 0);
}

TEST_CASE("fio samples: fio's JSON has the windows' statistics, per bwavgtime and iopsavgtime") {
  // One job, 4 windows of 500 ms: 1, 2, 0 (no sample) and 3 MiB; 256, 512, 0, 768 requests.
  const RunResult run = run_with_windows({{1 << 20, 2 << 20, 0, 3 << 20}}, {{256, 512, 0, 768}}, milliseconds(500));
  const auto json = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJson));
  const auto& read = json["jobs"][0]["read"];
  CHECK(read["bw_min"] == 2048);
  CHECK(read["bw_max"] == 6144);
  CHECK(read["bw_mean"].get<double>() == doctest::Approx(4096));
  CHECK(read["bw_samples"] == 3);
  CHECK(read["bw_dev"].get<double>() == doctest::Approx(2048));
  CHECK(read["iops_min"] == 512);
  CHECK(read["iops_max"] == 1536);
  CHECK(read["iops_samples"] == 3);
  // The same amounts over 1 s windows are half the rates.
  const RunResult slower = run_with_windows({{1 << 20}}, {{256}}, milliseconds(1000));
  const auto second = nlohmann::json::parse(format_fio_json({slower}, FioJsonKind::kJson));
  CHECK(second["jobs"][0]["read"]["bw_mean"].get<double>() == doctest::Approx(1024));
  CHECK(second["jobs"][0]["read"]["iops_mean"].get<double>() == doctest::Approx(256));
  // Two jobs under group_reporting: their statistics added.
  const RunResult two = run_with_windows({{1 << 20, 1 << 20}, {2 << 20}}, {{256, 256}, {512}}, milliseconds(500));
  const auto both = nlohmann::json::parse(format_fio_json({two}, FioJsonKind::kJson));
  CHECK(both["jobs"][0]["read"]["bw_mean"].get<double>() == doctest::Approx(2048 + 4096));
  CHECK(both["jobs"][0]["read"]["bw_samples"] == 3);
}

}  // namespace bench
