// fio's log files of bench++'s results (report/fio/fio_log.h) on a hand-built run: which measure each of
// write_lat_log's three logs holds (lat, slat, clat, as fio writes them), per request and averaged; the logs of fio
// itself beside bench++'s are in tests/app/fio_consumers_test.cpp.
#include <doctest/doctest.h>

#include <map>

#include "report/fio/fio_log.h"
#include "test_support.h"

namespace bench {
namespace {

using std::chrono::microseconds;
using std::chrono::milliseconds;

// A workload "w" with write_lat_log=p, per_job_logs=0, two reads: with `split` slat measured apart
// (PhaseResult::submission_latency), each request's slat 100 us and 300 us of its lat 1 ms and 2 ms; the job
// ended at 10 ms.
RunResult lat_log_run(bool split, std::uint32_t log_avg_msec = 0) {
  RunResult run;
  WorkloadSpec spec;
  spec.name = "w";
  spec.lat_log = "p";
  spec.per_job_logs = false;
  spec.log_avg_msec = log_avg_msec;
  run.info.setup.workloads = {spec};
  PhaseResult result;
  result.workload = WorkloadPart{};
  result.workload->workload = "w";
  if (split) result.submission_latency = LatencySummary{};
  const auto slat = [&](microseconds us) { return split ? std::chrono::nanoseconds(us) : std::chrono::nanoseconds(0); };
  result.samples = {{milliseconds(5), milliseconds(1), slat(microseconds(100)), 8192, 4096, IoDirection::kRead, 0, 0},
                    {milliseconds(7), milliseconds(2), slat(microseconds(300)), 8192, 4096, IoDirection::kRead, 0, 0}};
  result.elapsed = milliseconds(10);
  run.phases.push_back(result);
  return run;
}

std::map<std::string, std::string> logs_by_name(const RunResult& run) {
  std::map<std::string, std::string> logs;
  for (const FioLogFile& file : fio_log_files(run)) logs[file.name] = file.text;
  return logs;
}

}  // namespace

TEST_CASE("fio logs: write_lat_log's lat, slat and clat logs each hold their own measure, as fio's") {
  const std::map<std::string, std::string> logs = logs_by_name(lat_log_run(true));
  REQUIRE(logs.size() == 3);
  CHECK(logs.at("p_lat.log") == "5, 1000000, 0, 4096, 0\n7, 2000000, 0, 4096, 0\n");
  CHECK(logs.at("p_clat.log") == "5, 900000, 0, 4096, 0\n7, 1700000, 0, 4096, 0\n");  // lat - slat
  // slat at the request's issue (its completion less its clat), as fio stamps it: 4.1 ms and 5.3 ms.
  CHECK(logs.at("p_slat.log") == "4, 100000, 0, 4096, 0\n5, 300000, 0, 4096, 0\n");
}

TEST_CASE("fio logs: a synchronous engine's slat log is empty and its clat log its lat, as fio's") {
  const std::map<std::string, std::string> logs = logs_by_name(lat_log_run(false));
  REQUIRE(logs.size() == 3);
  CHECK(logs.at("p_slat.log").empty());
  CHECK(logs.at("p_clat.log") == logs.at("p_lat.log"));
  CHECK(logs.at("p_lat.log") == "5, 1000000, 0, 4096, 0\n7, 2000000, 0, 4096, 0\n");
}

TEST_CASE("fio logs: log_avg_msec averages each log's own measure over its window") {
  const std::map<std::string, std::string> logs = logs_by_name(lat_log_run(true, 10));
  CHECK(logs.at("p_lat.log") == "10, 1500000, 0, 0, 0\n");
  CHECK(logs.at("p_clat.log") == "10, 1300000, 0, 0, 0\n");
  CHECK(logs.at("p_slat.log") == "10, 200000, 0, 0, 0\n");
}

TEST_CASE("fio logs: with log_avg_msec no entry lies past the job's end, as fio's (stat.c finalize_logs)") {
  RunResult run = lat_log_run(true, 4);  // windows 4-8 ms (both requests), the job's end at 10 ms
  run.info.setup.workloads[0].bw_log = "p";
  run.info.setup.workloads[0].iops_log = "p";
  std::map<std::string, std::string> logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "8, 1500000, 0, 0, 0\n");  // a whole window: at its end
  CHECK(logs.at("p_bw.log") == "8, 2000, 0, 0, 0\n");      // 8 KiB over 4 ms
  CHECK(logs.at("p_iops.log") == "8, 500, 0, 0, 0\n");
  run.phases[0].elapsed = std::chrono::microseconds(7500);  // the job ended inside the window 4-8 ms
  logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "7, 1500000, 0, 0, 0\n");  // the part window's mean, at the job's end
  CHECK(logs.at("p_clat.log") == "7, 1300000, 0, 0, 0\n");
  CHECK(logs.at("p_bw.log").empty());  // fio samples bandwidth and IOPS at a window's end only
  CHECK(logs.at("p_iops.log").empty());
}

TEST_CASE("fio logs: disable_lat, disable_slat and disable_clat leave their log out, as fio") {
  RunResult run = lat_log_run(true);
  run.info.setup.workloads[0].latency_output.disable_slat = true;
  run.info.setup.workloads[0].latency_output.disable_lat = true;
  const std::map<std::string, std::string> logs = logs_by_name(run);
  REQUIRE(logs.size() == 1);
  CHECK(logs.count("p_clat.log") == 1);
}

TEST_CASE("fio logs: a line's offset column with log_offset, its priority as log_prio says (iolog.c flush_samples)") {
  const FioLogLine line{5, 100, 1, 4096, 8192, 0x4004};  // best effort (class 2), level 4
  FioLogLayout layout;
  CHECK(fio_log_line(line, layout) == "5, 100, 1, 4096, 0\n");  // not the realtime class
  FioLogLine realtime = line;
  realtime.priority = 0x2004;  // class 1, level 4
  CHECK(fio_log_line(realtime, layout) == "5, 100, 1, 4096, 1\n");
  layout.priority = true;
  CHECK(fio_log_line(line, layout) == "5, 100, 1, 4096, 0x4004\n");
  CHECK(fio_log_line(FioLogLine{5, 100, 1, 4096, 8192, 0}, layout) == "5, 100, 1, 4096, 0x0000\n");
  layout.offset = true;
  CHECK(fio_log_line(line, layout) == "5, 100, 1, 4096, 8192, 0x4004\n");
  layout.priority = false;
  CHECK(fio_log_line(line, layout) == "5, 100, 1, 4096, 8192, 0\n");
}

TEST_CASE("fio logs: log_offset and log_prio add each request's offset and priority, averaged windows write 0s") {
  RunResult run = lat_log_run(true);
  run.info.setup.workloads[0].fio_log.offset = true;
  run.info.setup.workloads[0].fio_log.priority = true;
  run.phases[0].samples[1].priority = 0x4004;
  std::map<std::string, std::string> logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "5, 1000000, 0, 4096, 8192, 0x0000\n7, 2000000, 0, 4096, 8192, 0x4004\n");
  run.info.setup.workloads[0].log_avg_msec = 10;
  logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "10, 1500000, 0, 0, 0, 0x0000\n");
}

TEST_CASE("fio logs: log_max_value logs a window's largest latency rather than its mean") {
  RunResult run = lat_log_run(true, 10);
  run.info.setup.workloads[0].fio_log.max_value = true;
  const std::map<std::string, std::string> logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "10, 2000000, 0, 0, 0\n");
  CHECK(logs.at("p_slat.log") == "10, 300000, 0, 0, 0\n");
}

TEST_CASE("fio logs: with log_unix_epoch each time adds its job's epoch reading, per request and per window") {
  RunResult run = lat_log_run(true);
  run.phases[0].log_epochs_ms = {1'765'000'000'000};
  std::map<std::string, std::string> logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "1765000000005, 1000000, 0, 4096, 0\n1765000000007, 2000000, 0, 4096, 0\n");
  run.info.setup.workloads[0].log_avg_msec = 10;
  logs = logs_by_name(run);
  CHECK(logs.at("p_lat.log") == "1765000000010, 1500000, 0, 0, 0\n");
}

TEST_CASE("fio logs: write_hist_log writes PREFIX_clat_hist, its entries every log_hist_msec") {
  RunResult run = lat_log_run(true);
  run.info.setup.workloads[0].fio_log.hist_log = "h";
  run.info.setup.workloads[0].fio_log.hist_msec = 1;
  const std::map<std::string, std::string> logs = logs_by_name(run);
  REQUIRE(logs.count("h_clat_hist.log") == 1);
  // The window opens at the first read (5 ms); the read at 7 ms writes the entry, counting both.
  CHECK(logs.at("h_clat_hist.log").starts_with("7, 0, 4096, "));
}

}  // namespace bench
