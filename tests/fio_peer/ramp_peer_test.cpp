// ramp_time beside fio 3.33's own: a job whose work ends within its ramp (fio never reaches the ramp's end, so
// nothing resets what it counted) is listed by fio with the requests it made, their bytes, depths and runtime, but
// no latency, bandwidth or IOPS sample; bench++ (as `bench++ job` and as the persona) lists it the same, in fio's
// JSON, normal output and terse line. And what a ramp counts toward the job's end: size= counts the ramp's requests
// (fio's io_issue_bytes outlive the ramp), number_ios= those after it (its io_blocks do not) or, for a job that
// ends within its ramp, the ramp's, seen under strace as the requests each tool made. The figures of a run differ;
// what is compared is what each counts.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_peer/fio_peer_support.h"
#include "fio_run.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

using Json = nlohmann::json;

// fio's output (`fio`) or bench++'s (`command`: "job" or "fio") of `options` in `format`, its files in a directory
// of its own.
test::CommandOutput run_in_format(bool fio, const std::string& command, const std::string& format,
                                  const std::vector<std::string>& options) {
  const test::TempDir dir;
  std::vector<std::string> argv;
  if (fio) {
    argv = {"fio"};
  } else {
    argv = {BENCH_BINARY, command};
  }
  argv.insert(argv.end(), {"--output-format=" + format, "--directory=" + dir.path().string()});
  argv.insert(argv.end(), options.begin(), options.end());
  test::CommandOutput run = test::run_program(argv);
  INFO((fio ? "fio" : command) << ": " << run.err);
  REQUIRE(run.exit_code == 0);
  return run;
}

// 4 MiB of 4 KiB random reads, done in well under the 5 s ramp on any machine these tests run on.
const std::vector<std::string> kRampOnly = {"--name=ramped", "--rw=randread", "--bs=4k", "--size=4m",
                                            "--ramp_time=5s"};

// What both tools count of kRampOnly's job in fio's JSON: one job, its 1024 reads and their bytes, its depths,
// a runtime, and no latency, bandwidth or IOPS sample.
void check_ramp_only_job(const Json& report) {
  REQUIRE(report.at("jobs").size() == 1);
  const Json& job = report.at("jobs").at(0);
  CHECK(job.at("jobname") == "ramped");
  CHECK(job.at("error") == 0);
  const Json& read = job.at("read");
  CHECK(read.at("total_ios") == 1024);
  CHECK(read.at("io_bytes") == 4194304);
  CHECK(read.at("runtime").get<std::uint64_t>() > 0);
  CHECK(read.at("runtime").get<std::uint64_t>() < 5000);  // within the ramp
  CHECK(read.at("bw").get<std::uint64_t>() > 0);
  CHECK(read.at("iops").get<double>() > 0);
  for (const char* latency : {"slat_ns", "clat_ns", "lat_ns"}) {
    CAPTURE(latency);
    CHECK(read.at(latency).at("N") == 0);
    CHECK(!read.at(latency).contains("percentile"));
  }
  CHECK(read.at("bw_samples") == 0);
  CHECK(read.at("iops_samples") == 0);
  CHECK(job.at("write").at("total_ios") == 0);
  CHECK(job.at("sync").at("total_ios") == 0);
  CHECK(job.at("job_runtime").get<std::uint64_t>() > 0);
  CHECK(job.at("iodepth_level").at("1") == 100.0);
  CHECK(job.at("iodepth_submit").at("4") == 100.0);
  CHECK(job.at("iodepth_complete").at("4") == 100.0);
  for (const char* unit : {"latency_ns", "latency_us", "latency_ms"}) {
    for (const auto& share : job.at(unit).items()) CHECK(share.value().get<double>() == 0.0);
  }
}

}  // namespace

TEST_CASE("fio peer: a job that ends within its ramp_time is listed with the ramp's requests, as fio's JSON") {
  if (!test::fio_available()) return;
  check_ramp_only_job(Json::parse(run_in_format(true, "", "json", kRampOnly).out));
  for (const std::string command : {"job", "fio"}) {
    CAPTURE(command);
    check_ramp_only_job(Json::parse(run_in_format(false, command, "json", kRampOnly).out));
  }
}

TEST_CASE("fio peer: a job that ends within its ramp_time has fio's normal lines and terse fields") {
  if (!test::fio_available()) return;
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const std::string normal = run_in_format(fio, "fio", "normal", kRampOnly).out;
    CHECK(test::contains(normal, "ramped: (groupid=0, jobs=1): err= 0: pid="));
    CHECK(test::contains(normal, "  read: IOPS="));
    CHECK(test::contains(normal, "(4096KiB/"));
    CHECK(test::contains(normal, "     issued rwts: total=1024,0,0,0 short=0,0,0,0 dropped=0,0,0,0\n"));
    CHECK(test::contains(normal, "  IO depths    : 1=100.0%,"));
    CHECK(test::contains(normal, "   READ: bw="));
    for (const char* absent : {"clat (", "lat (", "slat (", "  bw (", "  iops        :", "percentiles"}) {
      CAPTURE(absent);
      CHECK(!test::contains(normal, absent));
    }
    const std::string terse = run_in_format(fio, "fio", "terse", kRampOnly).out;
    const std::vector<std::string_view> fields = split(terse, ';');
    REQUIRE(fields.size() > 10);
    CHECK(fields[2] == "ramped");
    CHECK(fields[5] == "4096");  // read KiB
    CHECK(fields[8] != "0");  // read runtime (ms)
    CHECK(fields[9] == "0");  // slat min: none
  }
}

TEST_CASE("fio peer: size= counts the ramp's requests, number_ios= only those after the ramp, as fio's") {
  if (!test::peers_available()) return;
  constexpr std::uint64_t kMiB = 1024 * 1024;
  {
    // 256 reads paced at 1000 a second: the 100 ms ramp ends within them, and both tools make 256 in all.
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(
        dir.path(), {"--rw=randread", "--norandommap", "--bs=4k", "--size=1m", "--ramp_time=100ms", "--rate_iops=1000"},
        kMiB);
    CHECK(pair.fio.count(false) == 256);
    CHECK(pair.bench.count(false) == 256);
    CHECK(pair.bench.offsets(false) == pair.fio.offsets(false));
  }
  {
    // number_ios=200 after a 100 ms ramp at 1000 a second: the ramp's reads (about 100) come first, so more than
    // 200 in all (fio's count within the ramp would end a job whose number_ios= the ramp reaches, as size= does).
    const std::vector<std::string> options = {"--name=capped", "--rw=randread", "--norandommap", "--bs=4k",
                                              "--size=4m", "--number_ios=200", "--ramp_time=100ms", "--rate_iops=1000"};
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), {options.begin() + 1, options.end()}, 4 * kMiB);
    CHECK(pair.fio.count(false) > 200);
    CHECK(pair.bench.count(false) > 200);
    CHECK(pair.fio.count(false) < 1024);
    CHECK(pair.bench.count(false) < 1024);
    for (const bool fio : {true, false}) {
      CAPTURE(fio);
      const Json report = Json::parse(run_in_format(fio, "fio", "json", options).out);
      CHECK(report.at("jobs").at(0).at("read").at("total_ios") == 200);  // the measured ones
      // The rate's schedule starts afresh at the ramp's end: 200 reads at 1000 a second take 199 ms at least.
      CHECK(report.at("jobs").at(0).at("read").at("runtime").get<std::uint64_t>() >= 199);
    }
  }
  {
    // number_ios=50 within a 5 s ramp: the job ends there, after 50 reads in all.
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(
        dir.path(), {"--rw=randread", "--bs=4k", "--size=4m", "--number_ios=50", "--ramp_time=5s"}, 4 * kMiB);
    CHECK(pair.fio.count(false) == 50);
    CHECK(pair.bench.count(false) == 50);
  }
}

TEST_CASE("fio peer: a writing job with fsync= that ends within its ramp makes fio's syncs, counted as fio's") {
  if (!test::fio_available()) return;
  // 16 writes of 64 KiB with an fsync after every 4 but the last (the job's size reached, no sync is due).
  const std::vector<std::string> options = {"--name=synced", "--rw=write", "--bs=64k", "--size=1m", "--fsync=4",
                                            "--ramp_time=5s"};
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const Json report = Json::parse(run_in_format(fio, "fio", "json", options).out);
    const Json& job = report.at("jobs").at(0);
    CHECK(job.at("write").at("total_ios") == 16);
    CHECK(job.at("write").at("io_bytes") == 1048576);
    CHECK(job.at("write").at("lat_ns").at("N") == 0);
    CHECK(job.at("sync").at("total_ios") == 3);
    CHECK(job.at("sync").at("lat_ns").at("N") == 0);
  }
}

}  // namespace bench
