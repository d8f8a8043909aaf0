// fio's small engines beside fio 3.33's own: the same job under fio and under the fio persona (`bench++ fio`),
// each in a directory of its own and under strace -f, compared by the calls each made on the job's file and by
// their JSON. ftruncate: one ftruncate(2) per write, to the write's offset (in fio's order for rw=write, the same
// set for rw=randwrite), the same size left, the same write counts in the JSON; a read job fails with EINVAL in
// both. cpuio: the same reads of 0 bytes (the same count within noise, each burning its chunk), no runtime and no
// rate, the same keys in the read object.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kBlock = 4096;

struct TracedRun {
  test::CommandOutput result;
  std::vector<std::uint64_t> truncates;  // the lengths of the successful ftruncate calls, in order
  std::uintmax_t file_bytes = 0;         // the job's file's size after the run
  nlohmann::json job;                    // the job's object in the JSON, when there was one
};

// The lengths of the ftruncate calls that succeeded in strace's output `trace` ("PID ftruncate(FD, LENGTH) = 0").
std::vector<std::uint64_t> truncate_lengths(const std::string& trace) {
  std::vector<std::uint64_t> lengths;
  std::istringstream lines(trace);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t call = line.find("ftruncate(");
    const std::size_t comma = line.find(", ", call);
    if (call == std::string::npos || comma == std::string::npos || !line.ends_with(") = 0")) continue;
    lengths.push_back(std::stoull(line.substr(comma + 2)));
  }
  return lengths;
}

// fio's options `options` run as job "peer" on file "truncate" in a directory of their own, by fio (`persona`
// false) or the fio persona, under strace -f tracing ftruncate (`traced`).
TracedRun traced_run(bool persona, const std::vector<std::string>& options, bool traced = true) {
  const test::TempDir dir;
  const fs::path trace = dir.path() / "trace";
  const fs::path report = dir.path() / "report.json";
  std::vector<std::string> argv;
  if (traced) argv = {"strace", "-f", "-qq", "-e", "trace=ftruncate", "-o", trace.string()};
  if (persona) {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  } else {
    argv.emplace_back("fio");
  }
  argv.insert(argv.end(), {"--name=peer", "--directory=" + dir.path().string(), "--filename=truncate",
                           "--output-format=json", "--output=" + report.string()});
  argv.insert(argv.end(), options.begin(), options.end());
  TracedRun run;
  run.result = test::run_program(argv);
  if (traced) run.truncates = truncate_lengths(test::read_file(trace));
  if (fs::exists(dir.path() / "truncate")) run.file_bytes = fs::file_size(dir.path() / "truncate");
  const std::string text = fs::exists(report) ? test::read_file(report) : std::string();
  if (const std::size_t start = text.find('{'); start != std::string::npos) {
    run.job = nlohmann::json::parse(text.substr(start)).at("jobs").at(0);
  }
  return run;
}

bool peers_here() {
  return test::fio_available() && test::skip_unless(test::run_program({"strace", "-V"}).exit_code == 0,
                                                    test::Need::kTool, "strace is not installed");
}

TEST_CASE("fio small engines peer: ftruncate rw=write truncates to each write's offset in order, as fio") {
  if (!peers_here()) return;
  const std::vector<std::string> job = {"--ioengine=ftruncate", "--rw=write", "--bs=4k", "--size=256k"};
  const TracedRun fio = traced_run(false, job);
  const TracedRun bench = traced_run(true, job);
  REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
  REQUIRE_MESSAGE(bench.result.exit_code == 0, bench.result.err);
  std::vector<std::uint64_t> expected;
  for (std::uint64_t offset = 0; offset < 256 * 1024; offset += kBlock) expected.push_back(offset);
  CHECK(fio.truncates == expected);  // fio's rule, as read in its engine: the size is the write's offset
  CHECK(bench.truncates == fio.truncates);
  CHECK(bench.file_bytes == fio.file_bytes);
  CHECK(fio.file_bytes == 256 * 1024 - kBlock);
  for (const std::string key : {"total_ios", "io_bytes", "io_kbytes", "short_ios"}) {
    CAPTURE(key);
    CHECK(bench.job.at("write").at(key) == fio.job.at("write").at(key));
  }
  CHECK(bench.job.at("write").at("total_ios") == 64);
  CHECK(bench.job.at("error") == 0);
}

TEST_CASE("fio small engines peer: ftruncate rw=randwrite sets the size to every block's offset once, as fio") {
  if (!peers_here()) return;
  const std::vector<std::string> job = {"--ioengine=ftruncate", "--rw=randwrite", "--bs=4k", "--size=256k"};
  TracedRun fio = traced_run(false, job);
  TracedRun bench = traced_run(true, job);
  REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
  REQUIRE_MESSAGE(bench.result.exit_code == 0, bench.result.err);
  CHECK(bench.truncates.size() == 64);
  CHECK(bench.file_bytes == bench.truncates.back());  // the last request's offset is the size left
  std::sort(fio.truncates.begin(), fio.truncates.end());
  std::sort(bench.truncates.begin(), bench.truncates.end());
  CHECK(bench.truncates == fio.truncates);
  CHECK(bench.job.at("write").at("total_ios") == fio.job.at("write").at("total_ios"));
}

TEST_CASE("fio small engines peer: ftruncate fails a read job with EINVAL without truncating, as fio") {
  if (!peers_here()) return;
  const std::vector<std::string> job = {"--ioengine=ftruncate", "--rw=read", "--bs=4k", "--size=64k"};
  const TracedRun fio = traced_run(false, job);
  const TracedRun bench = traced_run(true, job);
  CHECK(fio.result.exit_code != 0);
  CHECK(bench.result.exit_code == fio.result.exit_code);
  CHECK(fio.truncates.empty());
  CHECK(bench.truncates.empty());
  CHECK(fio.job.at("error") == 22);
  CHECK(bench.job.at("error") == fio.job.at("error"));
}

// The keys of a JSON object.
std::vector<std::string> keys_of(const nlohmann::json& object) {
  std::vector<std::string> keys;
  for (const auto& item : object.items()) keys.push_back(item.key());
  std::sort(keys.begin(), keys.end());
  return keys;
}

TEST_CASE("fio small engines peer: cpuio counts reads of 0 bytes, each burning its chunk, paced to cpuload, as fio") {
  if (!test::fio_available()) return;
  // 20 ms burns at 50%: a cycle of 40 ms, about 50 requests in 2 s where the CPU is free; fewer on a busy machine
  // (a burn is wall-clock time spun, so a preempted one lasts longer), in both tools alike.
  const std::vector<std::string> job = {"--ioengine=cpuio", "--cpuload=50", "--cpuchunks=20000", "--time_based",
                                        "--runtime=2"};
  const TracedRun fio = traced_run(false, job, false);
  const TracedRun bench = traced_run(true, job, false);
  REQUIRE_MESSAGE(fio.result.exit_code == 0, fio.result.err);
  REQUIRE_MESSAGE(bench.result.exit_code == 0, bench.result.err);
  const nlohmann::json& fio_read = fio.job.at("read");
  const nlohmann::json& bench_read = bench.job.at("read");
  CHECK(keys_of(bench_read) == keys_of(fio_read));
  for (const std::string key : {"io_bytes", "io_kbytes", "bw_bytes", "bw", "runtime"}) {
    CAPTURE(key);
    CHECK(fio_read.at(key) == 0);
    CHECK(bench_read.at(key) == 0);
  }
  CHECK(bench_read.at("iops") == 0.0);
  const auto fio_ios = fio_read.at("total_ios").get<double>();
  const auto bench_ios = bench_read.at("total_ios").get<double>();
  CAPTURE(fio_ios);
  CAPTURE(bench_ios);
  CHECK(fio_ios >= 10);
  CHECK(bench_ios <= 52);  // never more cycles than 2 s of 40 ms, and a few at the edges
  CHECK(bench_ios >= fio_ios * 0.5);
  CHECK(bench_ios <= fio_ios * 1.5 + 2);
  // Each burn at least its chunk in both (clat is the burn; the pause is outside the request).
  CHECK(fio_read.at("clat_ns").at("min").get<double>() >= 20e6);
  CHECK(bench_read.at("clat_ns").at("min").get<double>() >= 20e6);
  CHECK(bench_read.at("clat_ns").at("max").get<double>() < 1e9);
  CHECK(bench.job.at("write").at("total_ios") == 0);
  CHECK(bench.job.at("error") == 0);
}

TEST_CASE("fio small engines peer: cpuio without cpuload is refused, as fio refuses it") {
  if (!test::fio_available()) return;
  const TracedRun fio = traced_run(false, {"--ioengine=cpuio", "--runtime=1", "--time_based"}, false);
  const TracedRun bench = traced_run(true, {"--ioengine=cpuio", "--runtime=1", "--time_based"}, false);
  CHECK(fio.result.exit_code != 0);
  CHECK(bench.result.exit_code == fio.result.exit_code);  // the persona's usage error: fio's status 1
  CHECK(test::contains(bench.result.err, "ioengine=cpuio needs cpuload="));
}

}  // namespace
}  // namespace bench
