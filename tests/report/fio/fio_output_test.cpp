// fio's output formats of bench++'s results (report/fio/): the shapes, the units and fio's rules, on a hand-built
// run; the real consumers and fio's own files are in tests/app/fio_consumers_test.cpp.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <system_error>

#include <nlohmann/json.hpp>

#include "cli/fio_options.h"
#include "measure/latency_histogram.h"
#include "result/errors.h"
#include "test_support.h"
#include "report/fio/fio_jobs.h"
#include "report/fio/fio_json.h"
#include "report/fio/fio_json_reader.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_terse.h"
#include "report/fio/fio_test_parts.h"

namespace bench {
namespace {

using std::chrono::milliseconds;

PhaseResult part(const std::string& workload, IoDirection direction, std::uint64_t operations, std::uint32_t bs,
                 const std::vector<std::uint64_t>& latencies_ns) {
  return test::fio_test_part(workload, direction, operations, bs, latencies_ns, milliseconds(500));
}

// One workload "mix" (randrw, bs 4k, 100 reads and 50 writes over 0.5 s, 5 syncs) and, after a stonewall,
// "seq" (write only).
RunResult sample_run() {
  RunResult run;
  run.info.version = "0.1.0";
  run.info.started_utc = "2026-12-02T00:54:26Z";
  WorkloadSpec mix;
  mix.name = "mix";
  mix.pattern = IoPattern::kRandRw;
  mix.iodepth = 4;
  mix.given_global_options = {{"size", "1m"}};
  mix.given_job_options = {{"name", "mix"}, {"rw", "randrw"}, {"time_based", ""}};
  WorkloadSpec seq;
  seq.name = "seq";
  seq.pattern = IoPattern::kWrite;
  seq.stonewall = true;
  seq.given_global_options = mix.given_global_options;
  run.info.setup.workloads = {mix, seq};
  std::vector<std::uint64_t> reads(100), writes(50);
  for (std::size_t i = 0; i < reads.size(); ++i) reads[i] = 1000 + 100 * i;  // 1 us .. 10.9 us
  for (std::size_t i = 0; i < writes.size(); ++i) writes[i] = 3'000'000;      // 3 ms
  run.phases.push_back(part("mix", IoDirection::kRead, 100, 4096, reads));
  run.phases.push_back(part("mix", IoDirection::kWrite, 50, 4096, writes));
  run.phases.push_back(part("mix", IoDirection::kSync, 5, 4096, {5000, 5000, 5000, 5000, 5000}));
  run.phases.push_back(part("seq", IoDirection::kWrite, 10, 4096, std::vector<std::uint64_t>(10, 300)));
  for (std::size_t p = 0; p < 3; ++p) run.phases[p].cpu_breakdown = CpuBreakdown{milliseconds(100), milliseconds(50), 7, 1, 9};
  return run;
}

}  // namespace

TEST_CASE("fio output: fio's number text (num2str), as fio's normal output prints it") {
  CHECK(fio_number_text(2031616, 4, true, "B") == "1984KiB");
  CHECK(fio_number_text(2031616, 4, false, "B") == "2032kB");
  CHECK(fio_number_text(13192311, 4, true, "B/s") == "12.6MiB/s");
  CHECK(fio_number_text(13192311, 4, false, "B/s") == "13.2MB/s");
  CHECK(fio_number_text(3220, 4, false, "") == "3220");
  CHECK(fio_number_text(12345, 4, false, "") == "12.3k");
  CHECK(fio_number_text(0, 4, true, "B") == "0B");
}

TEST_CASE("fio output: bench++'s histogram buckets are fio's, and fio's percentile rule") {
  // fio's plat_idx_to_val: exact below 128, then the midpoint of 64 buckets per power of two.
  CHECK(fio_bucket_value(127) == 127);
  CHECK(fio_bucket_value(128) == 129);  // [128, 130)
  CHECK(fio_bucket_value(static_cast<std::uint32_t>(LatencyHistogram::bucket_index(104960))) == 104960);  // a value of fio's HOWTO's bins
  // Past fio's last bucket (index 1855) every latency lands in it, as in fio.
  const HistogramBuckets far = fio_bucket_range({{10, 1}, {1855, 2}, {2000, 3}});
  CHECK(far == HistogramBuckets{{10, 1}, {1855, 5}});
  const HistogramBuckets buckets = {{10, 1}, {20, 1}, {30, 2}};
  CHECK(fio_percentile_ns(buckets, 4, 25) == 10);
  CHECK(fio_percentile_ns(buckets, 4, 50) == 20);
  CHECK(fio_percentile_ns(buckets, 4, 99.99) == 30);
}

TEST_CASE("fio output: the JSON document in fio 3.33's shape, json+ with the bins") {
  const RunResult run = sample_run();
  const auto doc = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJsonPlus));
  CHECK(doc.at("fio version") == "fio-3.33-bench++-0.1.0");
  CHECK(doc.at("timestamp") == 1796172866);
  CHECK(doc.at("time") == "Wed Dec  2 00:54:26 2026");
  CHECK(doc.at("global options") == nlohmann::json{{"size", "1m"}});
  REQUIRE(doc.at("jobs").size() == 2);
  const auto& mix = doc.at("jobs").at(0);
  CHECK(mix.at("jobname") == "mix");
  CHECK(mix.at("groupid") == 0);
  CHECK(doc.at("jobs").at(1).at("groupid") == 1);
  CHECK(mix.at("job options") == nlohmann::json{{"name", "mix"}, {"rw", "randrw"}});  // no bare flag, as fio
  const auto& read = mix.at("read");
  CHECK(read.at("io_bytes") == 409600);
  CHECK(read.at("io_kbytes") == 400);
  CHECK(read.at("bw_bytes") == 819200);
  CHECK(read.at("bw") == 800);
  CHECK(read.at("iops").get<double>() == doctest::Approx(200.0));
  CHECK(read.at("runtime") == 500);
  CHECK(read.at("total_ios") == 100);
  CHECK(read.at("slat_ns").at("N") == 0);  // not measured apart: as fio writes one it did not record
  CHECK(read.at("clat_ns").at("N") == 100);
  CHECK(read.at("clat_ns").at("min") == 1000);
  CHECK(read.at("clat_ns").at("mean").get<double>() == doctest::Approx(5950.0));
  CHECK(read.at("clat_ns").at("percentile").size() == 17);
  CHECK(read.at("clat_ns").at("percentile").contains("99.990000"));
  CHECK(!read.at("lat_ns").contains("percentile"));  // fio's default: percentiles of clat only
  std::uint64_t binned = 0;
  for (const auto& [value, count] : read.at("clat_ns").at("bins").items()) binned += count.get<std::uint64_t>();
  CHECK(binned == 100);
  CHECK(mix.at("sync").at("total_ios") == 5);
  CHECK(mix.at("sync").at("lat_ns").at("mean").get<double>() == doctest::Approx(5000.0));
  CHECK(mix.at("trim").at("total_ios") == 0);
  CHECK(mix.at("latency_depth") == 4);
  CHECK(mix.at("usr_cpu").get<double>() == doctest::Approx(20.0));  // 100 ms of the job's 500
  CHECK(mix.at("sys_cpu").get<double>() == doctest::Approx(10.0));
  CHECK(mix.at("ctx") == 7);
  CHECK(mix.at("majf") == 1);
  CHECK(mix.at("minf") == 9);
  CHECK(doc.at("jobs").at(1).at("usr_cpu").get<double>() == 0.0);  // not recorded: fio's zero
  // latency_us: reads 1 to 10.9 us, writes 3 ms: 150 requests.
  double us_share = 0;
  for (const auto& [key, share] : mix.at("latency_us").items()) us_share += share.get<double>();
  CHECK(us_share == doctest::Approx(100.0 * 100 / 150).epsilon(0.01));
  CHECK(mix.at("latency_ms").at("4").get<double>() == doctest::Approx(100.0 * 50 / 150));  // [2, 4) ms
  // json (not json+): no bins.
  const auto plain = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJson));
  CHECK(!plain.at("jobs").at(0).at("read").at("clat_ns").contains("bins"));
}

TEST_CASE("fio output: percentile_list, clat/lat_percentiles and disable_* change what is written, as fio's") {
  WorkloadSpec parsed;
  apply_fio_option(parsed, FioOption{"percentile_list", "99.9:50:0:10"}, 1024);
  CHECK(parsed.latency_output.percentile_list == std::vector<double>{50, 99.9});  // up to fio's 0, sorted
  CHECK_THROWS_AS(apply_fio_option(parsed, FioOption{"percentile_list", "50:101"}, 1024), UsageError);
  CHECK_THROWS_AS(apply_fio_option(parsed, FioOption{"percentile_list", "50:"}, 1024), UsageError);
  std::string too_many = "1";
  for (int i = 0; i < 20; ++i) too_many += ":1";  // 21: fio takes 20
  CHECK_THROWS_AS(apply_fio_option(parsed, FioOption{"percentile_list", too_many}, 1024), UsageError);
  apply_fio_option(parsed, FioOption{"lat_percentiles", std::nullopt}, 1024);
  CHECK(parsed.latency_output.lat_percentiles);

  RunResult run = sample_run();
  WorkloadSpec& mix = run.info.setup.workloads[0];
  mix.latency_output.percentile_list = std::vector<double>{50, 99.5};
  mix.latency_output.lat_percentiles = true;
  const auto doc = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJsonPlus));
  const auto& read = doc.at("jobs").at(0).at("read");
  const HistogramBuckets& reads = run.phases[0].latency_histogram;
  const std::uint64_t p50 = fio_percentile_ns(reads, 100, 50), p995 = fio_percentile_ns(reads, 100, 99.5);
  CHECK(p50 > 5000);
  CHECK(p995 > 10'000);
  CHECK(read.at("clat_ns").at("percentile") == nlohmann::json{{"50.000000", p50}, {"99.500000", p995}});
  CHECK(read.at("lat_ns").at("percentile") == read.at("clat_ns").at("percentile"));
  CHECK(read.at("lat_ns").contains("bins"));
  CHECK(doc.at("jobs").at(0).at("sync").at("lat_ns").at("percentile").size() == 2);
  CHECK(doc.at("jobs").at(1).at("write").at("clat_ns").at("percentile").size() == 17);  // seq: fio's default
  std::string terse = format_fio_terse(run, 3);
  CHECK(terse.find(fmt::format(";50.000000%={};99.500000%={};0%=0;", p50 / 1000, p995 / 1000)) != std::string::npos);

  mix.latency_output.percentile_list = std::vector<double>{};  // percentile_list=0: none
  CHECK(!nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJson)).at("jobs").at(0).at("read").at("clat_ns").at(
      "percentile").size());
  mix.latency_output = LatencyOutput{};
  mix.latency_output.clat_percentiles = false;
  mix.latency_output.disable_lat = true;
  const auto off = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJsonPlus));
  const auto& off_read = off.at("jobs").at(0).at("read");
  CHECK(!off_read.at("clat_ns").contains("percentile"));
  CHECK(!off_read.at("clat_ns").contains("bins"));
  CHECK(off_read.at("clat_ns").at("N") == 100);
  CHECK(off_read.at("lat_ns").at("N") == 0);  // disable_lat: written as fio writes what it did not record
  terse = format_fio_terse(run, 3);
  CHECK(terse.find(";0%=0;0%=0;") != std::string::npos);
}

TEST_CASE("fio output: slat and clat apart where measured apart, else no slat and clat the latency") {
  RunResult run = sample_run();
  PhaseResult& reads = run.phases[0];
  LatencyHistogram submission, completion;
  for (int i = 0; i < 100; ++i) submission.record(100);  // exact below 128 ns: a stddev of 0
  for (int i = 0; i < 100; ++i) completion.record(800 + 100 * static_cast<std::uint64_t>(i));
  reads.submission_latency = submission.summary();
  reads.submission_histogram = submission.buckets();
  reads.completion_latency = completion.summary();
  reads.completion_histogram = completion.buckets();
  const auto doc = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJsonPlus));
  const auto& read = doc.at("jobs").at(0).at("read");
  CHECK(read.at("slat_ns").at("N") == 100);
  CHECK(read.at("slat_ns").at("min") == 100);
  CHECK(!read.at("slat_ns").contains("percentile"));  // slat_percentiles is off by default, as in fio
  CHECK(read.at("clat_ns").at("min") == 800);
  CHECK(read.at("clat_ns").at("mean").get<double>() == doctest::Approx(5750.0));
  CHECK(read.at("lat_ns").at("min") == 1000);  // the latency, from the batch's start
  std::uint64_t binned = 0;
  for (const auto& [value, count] : read.at("clat_ns").at("bins").items()) binned += count.get<std::uint64_t>();
  CHECK(binned == 100);
  const auto& write = doc.at("jobs").at(0).at("write");  // not apart: no slat, clat the latency
  CHECK(write.at("slat_ns").at("N") == 0);
  CHECK(write.at("clat_ns").at("mean") == write.at("lat_ns").at("mean"));
  const std::string terse = format_fio_terse(run, 3);
  CHECK(terse.rfind("3;fio-3.33-bench++-0.1.0;mix;0;0;400;800;200;500;0;0;0.100000;0.000000;0;10;5.750000;", 0) == 0);
  const std::string normal = format_fio_normal_stats(run, 7);
  CHECK(test::contains(normal, "    slat (nsec): min=100, max=100, avg=100.00, stdev= 0.00\n"));
  CHECK(test::contains(normal, "    clat (nsec): min=800, max=10700, avg=5750.00"));
}

TEST_CASE("fio output: the I/O depth distributions in fio's ranges, as shares in JSON, terse and normal") {
  // fio's ranges: in flight 1, 2-3, 4-7, ... >=64; requests per submission or reap 0, 1-4, 5-8, ... >64.
  CHECK(IoDepthCounts::level_range(1) == 0);
  CHECK(IoDepthCounts::level_range(3) == 1);
  CHECK(IoDepthCounts::level_range(4) == 2);
  CHECK(IoDepthCounts::level_range(63) == 5);
  CHECK(IoDepthCounts::level_range(64) == 6);
  CHECK(IoDepthCounts::level_range(1000) == 6);
  CHECK(IoDepthCounts::count_range(0) == 0);
  CHECK(IoDepthCounts::count_range(4) == 1);
  CHECK(IoDepthCounts::count_range(5) == 2);
  CHECK(IoDepthCounts::count_range(64) == 5);
  CHECK(IoDepthCounts::count_range(65) == 6);

  RunResult run = sample_run();
  IoDepthCounts depths;
  depths.level = {0, 0, 150, 0, 0, 0, 0};  // every request submitted with 4 to 7 in flight
  depths.submit = {0, 30, 10, 0, 0, 0, 0};
  depths.complete = {0, 1, 0, 0, 0, 0, 3};
  for (std::size_t p = 0; p < 3; ++p) run.phases[p].workload->depths = depths;
  const auto doc = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJson));
  const auto& mix = doc.at("jobs").at(0);
  CHECK(mix.at("iodepth_level").at("4").get<double>() == 100.0);
  CHECK(mix.at("iodepth_level").at("1").get<double>() == 0.0);
  CHECK(mix.at("iodepth_submit").at("4").get<double>() == 75.0);
  CHECK(mix.at("iodepth_submit").at("8").get<double>() == 25.0);
  CHECK(mix.at("iodepth_complete").at(">=64").get<double>() == 75.0);
  CHECK(doc.at("jobs").at(1).at("iodepth_level").at("1").get<double>() == 0.0);  // none counted: fio's zeros
  CHECK(format_fio_terse(run, 3).find(";7;1;9;0.0%;0.0%;100.0%;0.0%;0.0%;0.0%;0.0%;") != std::string::npos);
  const std::string normal = format_fio_normal_stats(run, 7);
  CHECK(test::contains(normal, "  IO depths    : 1=0.0%, 2=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"));
  CHECK(test::contains(normal, "     submit    : 0=0.0%, 4=75.0%, 8=25.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"));
  CHECK(test::contains(normal, "     issued rwts: total=100,50,0,5 short=0,0,0,0 dropped=0,0,0,0\n"));
}

TEST_CASE("fio output: the terse line, field for field (version 3: 121 fields, 4 adds trim, 5 samples)") {
  const RunResult run = sample_run();
  const std::string v3 = format_fio_terse(run, 3);
  const auto first = v3.substr(0, v3.find('\n'));
  const auto count = [](const std::string& line) { return std::count(line.begin(), line.end(), ';') + 1; };
  CHECK(count(first) == 121);
  CHECK(first.rfind("3;fio-3.33-bench++-0.1.0;mix;0;0;400;800;200;500;0;0;0.000000;0.000000;1;10;", 0) == 0);
  CHECK(first.find(";20.000000%;10.000000%;7;1;9;0.0%;") != std::string::npos);  // CPU, then the depths
  const std::string v4 = format_fio_terse(run, 4);
  CHECK(count(v4.substr(0, v4.find('\n'))) == 121 + 41);
  const std::string v5 = format_fio_terse(run, 5);
  CHECK(count(v5.substr(0, v5.find('\n'))) == 121 + 41 + 3 * 6);
  const std::string v2 = format_fio_terse(run, 2);
  CHECK(v2.rfind("2;mix;0;0;400;", 0) == 0);
  CHECK(std::count(v3.begin(), v3.end(), '\n') == 2);  // a line per job
}

TEST_CASE("fio output: fio's summary lines of the normal output") {
  const std::string text = format_fio_normal_stats(sample_run(), 7);
  CHECK(text.find("mix: (groupid=0, jobs=1): err= 0: pid=7: Wed Dec  2 00:54:26 2026\n") != std::string::npos);
  CHECK(text.find("  read: IOPS=200, BW=800KiB/s (819kB/s)(400KiB/500msec)\n") != std::string::npos);
  CHECK(text.find("    clat (nsec): min=1000, max=") != std::string::npos);
  CHECK(text.find("  write: IOPS=100, BW=400KiB/s (410kB/s)(200KiB/500msec); 0 zone resets\n") != std::string::npos);
  CHECK(text.find("Run status group 1 (all jobs):\n") != std::string::npos);
  CHECK(text.find("   READ: bw=800KiB/s (819kB/s), 800KiB/s-800KiB/s (819kB/s-819kB/s), io=400KiB (410kB), "
                  "run=500-500msec\n") != std::string::npos);
}

TEST_CASE("fio output: compare reads fio's JSON back: each job a workload, json+'s bins its histogram") {
  const RunResult run = sample_run();
  const std::string text = format_fio_json({run}, FioJsonKind::kJsonPlus);
  CHECK(is_fio_json(text));
  std::vector<std::pair<FioOptionList, FioOptionList>> seen;
  const std::vector<RunResult> read = read_fio_json(text, "x.json", [&](const FioOptionList& g, const FioOptionList& j) {
    seen.emplace_back(g, j);
    WorkloadSpec spec;
    spec.iodepth = 4;
    return spec;
  });
  REQUIRE(read.size() == 1);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].first == FioOptionList{{"size", "1m"}});
  CHECK(seen[0].second == FioOptionList{{"name", "mix"}, {"rw", "randrw"}});
  const RunResult& back = read.front();
  CHECK(back.info.label == "fio-3.33-bench++-0.1.0");
  CHECK(back.info.started_utc == "2026-12-02T00:54:26Z");
  REQUIRE(back.info.setup.workloads.size() == 2);
  CHECK(back.info.setup.workloads[0].name == "mix");
  REQUIRE(back.phases.size() == 4);
  const PhaseResult& reads = back.phases[0];
  CHECK(reads.workload->workload == "mix");
  CHECK(reads.workload->direction == IoDirection::kRead);
  CHECK(reads.operations == 100);
  CHECK(reads.bytes == 409600);
  CHECK(reads.elapsed == milliseconds(500));
  CHECK(reads.latency_histogram == run.phases[0].latency_histogram);  // bins are buckets, one for one
  CHECK(reads.latency->p99_ns == run.phases[0].latency->p99_ns);
  CHECK(back.phases[2].workload->direction == IoDirection::kSync);
  CHECK(back.phases[2].operations == 5);
  CHECK_THROWS_WITH(read_fio_json("{\"fio version\": \"fio-3.33\"}", "y.json", {}),
                    "y.json: a fio JSON document without \"jobs\"");
  // Values of other types than fio's are a reader's error, never another exception.
  const auto maker = [](const FioOptionList&, const FioOptionList&) { return WorkloadSpec{}; };
  CHECK_THROWS_AS(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": 3}]})", "z.json", maker),
                  std::runtime_error);
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "clat_ns": {"N": 1, "bins": {"abc": 1}}}}]})", "z.json", maker),
                    "z.json: not fio's JSON: a latency bin that is no number ('abc')");
  // A key past 2^64 ns, or with a sign, is no number either (not a library's "stoull" message).
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "clat_ns": {"N": 1, "bins": {"18446744073709551616": 1}}}}]})", "z.json", maker),
                    "z.json: not fio's JSON: a latency bin that is no number ('18446744073709551616')");
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "clat_ns": {"N": 1, "bins": {"-5": 1}}}}]})", "z.json", maker),
                    "z.json: not fio's JSON: a latency bin that is no number ('-5')");
}

TEST_CASE("fio output: a failed job's error in fio's JSON, the normal output's err= and the terse line") {
  RunResult run = sample_run();
  run.phases[3].workload->failure = JobFailure{84, "verify: bad magic at offset 0"};  // seq failed
  const nlohmann::json document = nlohmann::json::parse(format_fio_json({run}, FioJsonKind::kJson));
  CHECK(document["jobs"][0]["error"] == 0);
  CHECK(document["jobs"][1]["jobname"] == "seq");
  CHECK(document["jobs"][1]["error"] == 84);
  const std::string normal = format_fio_normal_stats(run, 7);
  CHECK(test::contains(normal, "mix: (groupid=0, jobs=1): err= 0: pid=7: Wed Dec  2 00:54:26 2026\n"));
  CHECK(test::contains(normal, "seq: (groupid=1, jobs=1): err=84 (verify: bad magic at offset 0): pid=7: "));
  const std::string terse = format_fio_terse(run, 3);
  CHECK(test::contains(terse, "3;fio-3.33-bench++-0.1.0;mix;0;0;"));
  CHECK(test::contains(terse, "3;fio-3.33-bench++-0.1.0;seq;1;84;"));
  CHECK(test::contains(format_fio_terse(run, 2), "2;seq;1;84;"));
}

TEST_CASE("fio output: compare's reader keeps a job's error from fio's JSON, a failed job without requests too") {
  const auto maker = [](const FioOptionList&, const FioOptionList& job) {
    WorkloadSpec spec;
    for (const auto& [key, value] : job) {
      if (key == "rw" && value == "write") spec.pattern = IoPattern::kWrite;
    }
    return spec;
  };
  RunResult run = sample_run();
  run.phases[3].workload->failure = JobFailure{84, "verify: bad magic at offset 0"};  // seq failed
  const std::vector<RunResult> read = read_fio_json(format_fio_json({run}, FioJsonKind::kJson), "x.json", maker);
  REQUIRE(read.size() == 1);
  REQUIRE(read.front().phases.size() == 4);
  for (std::size_t p = 0; p < 3; ++p) CHECK_FALSE(read.front().phases[p].workload->failure.has_value());
  const PhaseResult& seq = read.front().phases[3];
  REQUIRE(seq.workload->failure.has_value());
  CHECK(seq.workload->failure->error == 84);
  CHECK(seq.workload->failure->message == fmt::format("fio's error 84 ({}); fio's JSON keeps no message",
                                                      std::error_code(84, std::generic_category()).message()));
  // A job that failed before any request (numjobs=2 as fio writes it: two entries of one name, the second
  // failed) is its workload's part all the same, in the direction it would have done; the whole has its failure.
  const std::string failed_at_once = R"({"fio version": "fio-3.33", "jobs": [
      {"jobname": "w", "job options": {"rw": "write"}, "error": 0, "write": {"total_ios": 0}},
      {"jobname": "w", "job options": {"rw": "write"}, "error": 5, "write": {"total_ios": 0}},
      {"jobname": "ok", "error": 0, "read": {"total_ios": 2, "io_bytes": 8192, "runtime": 1}}]})";
  const std::vector<RunResult> early = read_fio_json(failed_at_once, "e.json", maker);
  REQUIRE(early.front().phases.size() == 2);
  const PhaseResult& w = early.front().phases[0];
  CHECK(w.workload->workload == "w");
  CHECK(w.workload->direction == IoDirection::kWrite);
  CHECK_FALSE(w.workload->job.has_value());
  CHECK(w.operations == 0);
  REQUIRE(w.workload->failure.has_value());
  CHECK(w.workload->failure->error == 5);
  CHECK_FALSE(early.front().phases[1].workload->failure.has_value());
}

TEST_CASE("fio output: compare's reader refuses figures it cannot hold, naming the key, and deep nesting") {
  const auto maker = [](const FioOptionList&, const FioOptionList&) { return WorkloadSpec{}; };
  const auto with = [](const std::string& read) {
    return R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1, "runtime": 1, )" + read + "}}]}";
  };
  CHECK(read_fio_json(with(R"("io_bytes": 18446744073709551615)"), "z.json", maker).front().phases.front().bytes ==
        18446744073709551615u);
  CHECK_THROWS_WITH(read_fio_json(with(R"("io_bytes": 1180591620717411303424)"), "z.json", maker),
                    "z.json: jobs[0].read.io_bytes: 1.1805916207174113e+21 is not a whole number from 0 to "
                    "18446744073709551615");
  CHECK_THROWS_WITH(read_fio_json(with(R"("io_bytes": -1)"), "z.json", maker),
                    "z.json: jobs[0].read.io_bytes: -1 is not a whole number from 0 to 18446744073709551615");
  CHECK_THROWS_WITH(read_fio_json(with(R"("io_bytes": "1")"), "z.json", maker),
                    "z.json: jobs[0].read.io_bytes: \"1\" is not a whole number from 0 to 18446744073709551615");
  CHECK_THROWS_WITH(read_fio_json(with(R"("io_bytes": 1e400)"), "z.json", maker),
                    "z.json:1: invalid JSON: 'io_bytes': 1e400 is out of range (a number beyond the 1.8e308 a double holds)");
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "runtime": 1e15}}]})", "z.json", maker),
                    "z.json: jobs[0].read.runtime: 1e+15 is not a whole number from 0 to 9223372036854");
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "clat_ns": {"N": 1, "mean": -2}}}]})", "z.json", maker),
                    "z.json: jobs[0].read.clat_ns.mean: -2 is not a number from 0 to 1e+300");
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [{"jobname": "a", "read": {"total_ios": 1,
      "clat_ns": {"N": 1, "bins": {"1000": 18446744073709551615, "2000": 1}}}}]})", "z.json", maker),
                    doctest::Contains("z.json: jobs[0].read.clat_ns.bins: the sum over its bins is over"));
  // Two jobs of one name whose sum passes 2^64 - 1.
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [
      {"jobname": "a", "read": {"total_ios": 1, "io_bytes": 18446744073709551615}},
      {"jobname": "a", "read": {"total_ios": 1, "io_bytes": 1}}]})", "z.json", maker),
                    "z.json: jobs[1].read.io_bytes: the sum over the jobs named 'a' is over 18446744073709551615");
  CHECK_THROWS_WITH(read_fio_json(with(R"("io_bytes": 1, "x": 1)").replace(0, 1, "{\"timestamp\": -1, "), "z.json",
                                  maker),
                    "z.json: timestamp: -1 is not a whole number from 0 to 253402300799");
  // Nesting: refused at 32 levels before anything deeper is built (150 000 levels once crashed the parser).
  const std::string deep = R"({"fio version": "x", "jobs": [{"jobname": "a", "job options": )" +
                           std::string(150000, '[') + std::string(150000, ']') + "}]}";
  CHECK_THROWS_WITH(read_fio_json(deep, "deep.json", maker), "deep.json:1: JSON nested deeper than 32 levels");
  // A job name's control bytes reach an error escaped.
  CHECK_THROWS_WITH(read_fio_json(R"({"fio version": "x", "jobs": [
      {"jobname": "\u001b[2J", "read": {"total_ios": 1, "io_bytes": 18446744073709551615}},
      {"jobname": "\u001b[2J", "read": {"total_ios": 1, "io_bytes": 1}}]})", "z.json", maker),
                    doctest::Contains("the jobs named '\\x1b[2J'"));
}

}  // namespace bench
