// fio's figures in fio's keys meaning what fio 3.33 means (report/fio/fio_jobs.h, fio_disk_util.h, and where the
// options are recorded, cli/): the floors on small shares, group_reporting's summed job_runtime, gtod_reduce's
// zeros, disk_util without I/O, the options by fio's names and the command line's --directory among the global
// options. Pure, on hand-built runs; tests/fio_peer/figures_peer_test.cpp runs fio beside bench++.
#include <doctest/doctest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "cli/workload_command_line.h"
#include "measure/latency_histogram.h"
#include "report/fio/fio_disk_util.h"
#include "report/fio/fio_jobs.h"
#include "report/fio/fio_json.h"
#include "report/fio/fio_terse.h"
#include "report/fio/fio_test_parts.h"
#include "text/split.h"

namespace bench {
namespace {

using std::chrono::milliseconds;
using Json = nlohmann::json;

// A part of workload "w" in `direction`: a request per latency, each of 4 KiB, over 1 s.
PhaseResult part(IoDirection direction, const std::vector<std::uint64_t>& latencies_ns) {
  return test::fio_test_part("w", direction, latencies_ns.size(), 4096, latencies_ns, milliseconds(1000));
}

RunResult run_of(WorkloadSpec spec, std::vector<PhaseResult> phases) {
  RunResult run;
  run.info.version = "0.1.0";
  run.info.started_utc = "2026-12-07T11:00:00Z";
  spec.name = "w";
  run.info.setup.workloads = {spec};
  run.phases = std::move(phases);
  return run;
}

// `count` latencies of `ns` each.
std::vector<std::uint64_t> times(std::size_t count, std::uint64_t ns) { return std::vector<std::uint64_t>(count, ns); }

std::vector<std::uint64_t> joined(std::vector<std::uint64_t> a, const std::vector<std::uint64_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The terse line's fields (version 3), 0-based: 0-4 the job, 5-45 read (5-8 kB, bw, iops, runtime; 9-12 slat,
// 13-16 clat, 17-36 percentiles, 37-40 lat, 41-45 bw), 46-86 write, 87-91 CPU, 92-98 depths, 99-108 the us
// ranges, 109-120 the ms ranges (fio's HOWTO).
std::vector<std::string> terse_fields(const RunResult& run) {
  std::string line = format_fio_terse(run, 3);
  line.pop_back();  // its newline
  std::vector<std::string> fields;
  for (const std::string_view field : split(line, ';')) fields.emplace_back(field);
  return fields;
}

WorkloadSpec spec_of(const std::vector<FioOption>& job_options) {
  std::vector<FioOption> options = {{"name", "w"}, {"size", "1m"}};
  options.insert(options.end(), job_options.begin(), job_options.end());
  return build_workload({}, options);
}

}  // namespace

TEST_CASE("fio figures: a depth range with any count is at least 0.1 %, fio's floor (stat_calc_dist)") {
  // 1 and 2 of 10003 are 0.01 % and 0.02 %: raised; an empty range stays 0; the others are their share.
  const std::array<double, 7> shares = fio_depth_shares({1, 2, 10000, 0, 0, 0, 0}, 10003);
  CHECK(shares[0] == 0.1);
  CHECK(shares[1] == 0.1);
  CHECK(shares[2] == doctest::Approx(100.0 * 10000 / 10003));
  CHECK(shares[3] == 0.0);
  CHECK(fio_depth_shares({0, 0, 0, 0, 0, 0, 0}, 0) == std::array<double, 7>{});
  // A share at the floor or above it is its own.
  CHECK(fio_depth_shares({1, 999, 0, 0, 0, 0, 0})[0] == doctest::Approx(0.1));
}

TEST_CASE("fio figures: a latency range with any request is at least 0.01 %, fio's floor (stat_calc_lat)") {
  // 20000 reads at 20 us, one at 700 ns, one at 5 ms: 0.005 % each, raised to 0.01 %.
  const RunResult run = run_of(WorkloadSpec{}, {part(IoDirection::kRead, joined(times(20000, 20'000), {700, 5'000'000}))});
  const std::vector<FioJob> jobs = fio_jobs(run);
  REQUIRE(jobs.size() == 1);
  const FioLatencyShares shares = fio_latency_shares(jobs.front());
  CHECK(shares.ns[8] == 0.01);  // "750"
  CHECK(shares.ms[2] == 0.01);  // "10"
  CHECK(shares.us[4] == doctest::Approx(100.0 * 20000 / 20002));  // "50"
  CHECK(shares.us[0] == 0.0);
  CHECK(shares.below_1us == doctest::Approx(100.0 / 20002));  // unraised
  const Json doc = Json::parse(format_fio_json({run}, FioJsonKind::kJson));
  CHECK(doc["jobs"][0]["latency_ns"]["750"] == 0.01);
  CHECK(doc["jobs"][0]["latency_ms"]["10"] == 0.01);
  // The terse line's us "2" adds the ns share unraised, as fio's stat_calc_lat_nu: 0.00 %, not 0.01 %; its
  // ms "10" is raised: 0.01 %.
  const std::vector<std::string> fields = terse_fields(run);
  REQUIRE(fields.size() == 121);
  CHECK(fields[99] == "0.00%");
  CHECK(fields[111] == "0.01%");
}

TEST_CASE("fio figures: the latency distribution counts clat, as fio's io_u_mark_latency") {
  // An engine with slat apart: lat 3 ms (slat 2.99 ms + clat 10 us); fio places the request by its clat.
  PhaseResult read = part(IoDirection::kRead, times(10, 3'000'000));
  LatencyHistogram slat, clat;
  for (int i = 0; i < 10; ++i) {
    slat.record(2'990'000);
    clat.record(10'000);
  }
  read.submission_latency = slat.summary();
  read.submission_histogram = slat.buckets();
  read.completion_latency = clat.summary();
  read.completion_histogram = clat.buckets();
  const RunResult run = run_of(WorkloadSpec{}, {read});  // alive while its jobs point into it
  const std::vector<FioJob> jobs = fio_jobs(run);
  const FioLatencyShares shares = fio_latency_shares(jobs.front());
  CHECK(shares.us[3] == 100.0);  // "20": 10 us
  CHECK(shares.ms[1] == 0.0);    // not "4" (lat's 3 ms)
}

TEST_CASE("fio figures: gtod_reduce=1 sets disable_lat, _clat, _slat and no percentiles, as fio's callback") {
  const LatencyOutput reduced = spec_of({{"gtod_reduce", "1"}}).latency_output;
  CHECK(reduced.disable_lat);
  CHECK(reduced.disable_clat);
  CHECK(reduced.disable_slat);
  CHECK_FALSE(reduced.clat_percentiles);
  CHECK_FALSE(reduced.lat_percentiles);
  CHECK_FALSE(reduced.slat_percentiles);
  // 0 leaves the options as they are; a later disable_lat=0 gives lat back (fio applies them in order).
  CHECK_FALSE(spec_of({{"gtod_reduce", "0"}}).latency_output.disable_clat);
  CHECK(spec_of({{"gtod_reduce", "0"}}).latency_output.clat_percentiles);
  CHECK_FALSE(spec_of({{"gtod_reduce", "1"}, {"disable_lat", "0"}}).latency_output.disable_lat);
  // fio's init: a disabled statistic has no percentiles, whatever *_percentiles says.
  CHECK_FALSE(spec_of({{"lat_percentiles", "1"}, {"disable_lat", "1"}}).latency_output.lat_percentiles);
  CHECK(spec_of({{"lat_percentiles", "1"}}).latency_output.lat_percentiles);
}

TEST_CASE("fio figures: under gtod_reduce=1 every latency is fio's zeros, in the JSON and the terse line") {
  const WorkloadSpec spec = spec_of({{"rw", "randrw"}, {"gtod_reduce", "1"}, {"fsync", "4"}});
  const RunResult run = run_of(spec, {part(IoDirection::kRead, times(100, 20'000)),
                                      part(IoDirection::kWrite, times(100, 30'000)),
                                      part(IoDirection::kSync, times(50, 1'000'000))});
  const Json doc = Json::parse(format_fio_json({run}, FioJsonKind::kJsonPlus));
  const Json& job = doc["jobs"][0];
  for (const char* ddir : {"read", "write"}) {
    INFO(ddir);
    CHECK(job[ddir]["total_ios"] == 100);  // the requests still count
    for (const char* kind : {"slat_ns", "clat_ns", "lat_ns"}) {
      INFO(kind);
      CHECK(job[ddir][kind] == Json{{"min", 0}, {"max", 0}, {"mean", 0.0}, {"stddev", 0.0}, {"N", 0}});
    }
  }
  CHECK(job["sync"]["total_ios"] == 50);
  CHECK(job["sync"]["lat_ns"]["N"] == 0);
  for (const char* range : {"latency_ns", "latency_us", "latency_ms"}) {
    for (const auto& share : job[range].items()) CHECK(share.value() == 0.0);
  }
  // The terse line: read's slat, clat and lat min and max zeros, no percentiles.
  const std::vector<std::string> fields = terse_fields(run);
  REQUIRE(fields.size() == 121);
  for (const std::size_t field : {9, 10, 13, 14, 37, 38}) CHECK(fields[field] == "0");
  CHECK(fields[17] == "0%=0");
}

TEST_CASE("fio figures: job_runtime under group_reporting sums the jobs' runtimes, as fio's sum_thread_stats") {
  WorkloadSpec spec;
  spec.jobs = 3;
  spec.group_reporting = true;
  PhaseResult read = part(IoDirection::kRead, times(30, 20'000));
  read.workload->job_runtimes = {milliseconds(1000), std::chrono::nanoseconds(900'999'999), milliseconds(800)};
  const RunResult run = run_of(spec, {read});
  const Json doc = Json::parse(format_fio_json({run}, FioJsonKind::kJson));
  CHECK(doc["jobs"][0]["job_runtime"] == 2700);  // each truncated to ms, as fio's
  CHECK(doc["jobs"][0]["read"]["runtime"] == 1000);  // a direction's runtime stays the longest
  // A part without the jobs' runtimes (read from a file) keeps its direction's runtime.
  CHECK(fio_jobs(run_of(spec, {part(IoDirection::kRead, times(30, 20'000))})).front().job_runtime_ms == 1000);
}

TEST_CASE("fio figures: disk_util of a run without requests is fio's zeros, util 0") {
  DiskUtilization disk;
  disk.name = "vda";
  disk.counters.write_ios = 6;
  disk.counters.io_ticks = 2;
  disk.counters.time_in_queue = 3;
  disk.elapsed_ms = 1;  // so that bench++'s own figure would be 100 %
  RunResult idle = run_of(WorkloadSpec{}, {part(IoDirection::kRead, {})});
  idle.disk_utilization = {disk};
  const std::vector<DiskUtilization> zeroed = fio_disk_utilization(idle);
  REQUIRE(zeroed.size() == 1);
  CHECK(zeroed[0].name == "vda");
  CHECK(zeroed[0].counters == DiskCounters{});
  CHECK(fio_disk_util_percent(zeroed[0]) == 0.0);
  const Json doc = Json::parse(format_fio_json({idle}, FioJsonKind::kJson));
  CHECK(doc["disk_util"][0]["write_ios"] == 0);
  CHECK(doc["disk_util"][0]["util"] == 0.0);
  // A run without any workload part (create_only) too.
  RunResult none = run_of(WorkloadSpec{}, {});
  none.disk_utilization = {disk};
  CHECK(fio_disk_utilization(none)[0].counters == DiskCounters{});
  // With requests the device's own figures stay.
  RunResult busy = run_of(WorkloadSpec{}, {part(IoDirection::kRead, times(4, 1000))});
  busy.disk_utilization = {disk};
  CHECK(fio_disk_utilization(busy)[0].counters == disk.counters);
  CHECK(fio_disk_util_percent(fio_disk_utilization(busy)[0]) == 100.0);
}

TEST_CASE("fio figures: options are recorded by fio's name, each alias as its row's name") {
  CHECK(fio_option_canonical_name("readwrite") == "rw");
  CHECK(fio_option_canonical_name("blocksize") == "bs");
  CHECK(fio_option_canonical_name("timeout") == "runtime");
  CHECK(fio_option_canonical_name("rw") == "rw");
  CHECK(fio_option_canonical_name("no_such_option") == "no_such_option");
  std::size_t aliases = 0;
  for (const FioOptionRow& row : fio_option_rows()) {
    for (const std::string_view alias : row.aliases) {
      if (alias.empty()) continue;
      ++aliases;
      CHECK(fio_option_canonical_name(alias) == row.name);
    }
  }
  CHECK(aliases >= 3);
  const std::vector<FioOption> global = {{"blocksize", "4k"}};
  const std::vector<FioOption> own = {{"name", "w"}, {"readwrite", "read"}, {"size", "1m"}, {"timeout", "2"}};
  const WorkloadSpec spec = build_workload(global, own);
  using Options = std::vector<std::pair<std::string, std::string>>;
  CHECK(spec.given_global_options == Options{{"bs", "4k"}});
  CHECK(spec.given_job_options == Options{{"name", "w"}, {"rw", "read"}, {"size", "1m"}, {"runtime", "2"}});
  // A job file's: fio echoes no [section] name, but a name= line.
  const auto file = [](const std::string& text) { return read_fio_job_file(text, "t.fio").front().given_job_options; };
  CHECK(file("[a]\nreadwrite=read\nsize=1m\n") == Options{{"rw", "read"}, {"size", "1m"}});
  CHECK(file("[a]\nname=b\nsize=1m\n") == Options{{"name", "b"}, {"size", "1m"}});
}

TEST_CASE("fio figures: --directory on the command line is among the global options, in the order given") {
  const SystemFacts facts{1, "host", 1};
  const auto no_file = [](const std::string&) -> std::string { return "[a]\nrw=read\nsize=1m\n"; };
  using Options = std::vector<std::pair<std::string, std::string>>;
  for (const WorkloadCommand command : {WorkloadCommand::kJob, WorkloadCommand::kFio}) {
    // Beside a job file, as fio --directory=/x --timeout=2 job.fio.
    const Config beside = parse_workload_command_line(command, {"--timeout=2", "--directory=/tmp/x", "--output-format",
                                                                "json", "--bs", "4k", "job.fio"},
                                                      facts, no_file)
                              .config;
    REQUIRE(beside.setup.workloads.size() == 1);
    CHECK(beside.setup.workloads[0].given_global_options ==
          Options{{"runtime", "2"}, {"directory", "/tmp/x"}, {"bs", "4k"}});
    // Before the first --name of a command line's jobs.
    const Config jobs =
        parse_workload_command_line(command, {"--size=1m", "-d", "/tmp/y", "--name=a", "--rw=read"}, facts, no_file)
            .config;
    CHECK(jobs.setup.workloads[0].given_global_options == Options{{"size", "1m"}, {"directory", "/tmp/y"}});
    CHECK(jobs.setup.workloads[0].given_job_options == Options{{"name", "a"}, {"rw", "read"}});
  }
  // Without it, none.
  const Config plain = parse_workload_command_line(WorkloadCommand::kJob, {"--name=a", "--size=1m"}, facts, no_file).config;
  CHECK(plain.setup.workloads[0].given_global_options.empty());
}

}  // namespace bench
