// fio's zones (zonemode=strided with zonesize=, zonerange=, zoneskip= and sizes in zones, Nz), pre_read= and
// character devices as targets (/dev/null, /dev/zero), the same job under bench++ and under fio 3.33: the same
// requests, offset by offset, as strace saw them (pread64 and pwrite64 on the job's file: psync, both tools'
// default engine), and the same counts in fio's JSON.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

// The job's file: both tools' zones run to its end, past a smaller size=.
constexpr std::uint64_t kFileBytes = 256 * 1024;

std::vector<std::uint64_t> offsets_of(const test::PeerRun& run, bool write) { return run.offsets(write); }

std::vector<std::uint64_t> check_same_offsets(const std::vector<std::string>& options, bool write,
                                              std::uint64_t expected) {
  return test::check_same_offsets(options, write, expected, kFileBytes);
}

}  // namespace

TEST_CASE("fio peer: zonemode=strided reads and writes the zones fio does, in fio's order") {
  if (!test::peers_available()) return;
  // 8 KiB of every 32 KiB, twice round the file (size= is done in 64 reads).
  const std::vector<std::uint64_t> reads = check_same_offsets(
      {"--rw=read", "--bs=4k", "--size=256k", "--zonemode=strided", "--zonesize=8k", "--zoneskip=24k"}, false, 64);
  REQUIRE(reads.size() == 64);
  CHECK(reads[2] == 32768);
  CHECK(reads[16] == 0);
  // zonerange= above zonesize, and the counts of zones (Nz): offset=1z starts a zone in, zoneskip=2z.
  check_same_offsets({"--rw=write", "--bs=4k", "--size=16z", "--offset=1z", "--zonemode=strided", "--zonesize=8k",
                      "--zonerange=16k", "--zoneskip=2z"},
                     true, 32);
  // zonesize= above zonerange=: each zone twice before the skip.
  check_same_offsets({"--rw=read", "--bs=4k", "--size=128k", "--zonemode=strided", "--zonesize=16k",
                      "--zonerange=8k", "--zoneskip=8k"},
                     false, 32);
}

// The read(2) calls of `length` bytes that returned as much, under strace -f, of `argv` run in `dir`.
static std::size_t whole_reads_of(const std::vector<std::string>& argv, const std::filesystem::path& dir,
                                  std::uint64_t length) {
  const std::filesystem::path trace = dir / "reads.trace";
  std::vector<std::string> traced = {"strace", "-f", "-e", "trace=read", "-o", trace.string()};
  traced.insert(traced.end(), argv.begin(), argv.end());
  const test::CommandOutput run = test::run_program(traced);
  INFO(run.err);
  CHECK(run.exit_code == 0);
  std::size_t count = 0;
  const std::string ending = ", " + std::to_string(length) + ") = " + std::to_string(length);
  for (const std::string& line : test::lines_of(test::read_file(trace))) {
    if (line.find(" read(") != std::string::npos && line.ends_with(ending)) ++count;
  }
  return count;
}

TEST_CASE("fio peer: pre_read reads the job's region before its requests, in requests of its read size") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> options = {"--rw=randread", "--bs=32k", "--size=256k", "--pre_read=1"};
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
  // The requests (pread64) are alike: 256 KiB in 8 random reads.
  CHECK(pair.fio.count(false) == 8);
  CHECK(pair.bench.count(false) == pair.fio.count(false));
  CHECK(offsets_of(pair.bench, false) == offsets_of(pair.fio, false));
  // Before them, both read the region with read(2), in reads of 32 KiB: bench++ the 8 that cover it; fio 3.33 7 or
  // 8 whole ones (seen in CTest runs here: a read of its own that came out another size).
  const std::string data = (dir.path() / "data").string();
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.path().string(), "--allow-overwrite", data,
                                    "--name=peer", "--filename=" + data};
  std::vector<std::string> fio = {"fio", "--output=/dev/null", "--name=peer", "--filename=" + data};
  bench.insert(bench.end(), options.begin(), options.end());
  fio.insert(fio.end(), options.begin(), options.end());
  const std::size_t fio_reads = whole_reads_of(fio, dir.path(), 32768);
  CHECK(fio_reads >= 7);
  CHECK(fio_reads <= 8);
  CHECK(whole_reads_of(bench, dir.path(), 32768) == 8);
  // Without pre_read neither reads so.
  bench.pop_back();
  CHECK(whole_reads_of(bench, dir.path(), 32768) == 0);
}

TEST_CASE("fio peer: a strided job's JSON counts are fio's") {
  if (!test::fio_available()) return;
  const std::vector<std::string> job = {"--name=zones", "--rw=write", "--bs=4k", "--size=256k", "--zonemode=strided",
                                        "--zonesize=16k", "--zoneskip=48k", "--output-format=json"};
  const test::BesideFio outputs = test::run_beside_fio(job);
  const nlohmann::json fio = nlohmann::json::parse(outputs.fio.out).at("jobs").at(0);
  const nlohmann::json persona = nlohmann::json::parse(outputs.persona.out).at("jobs").at(0);
  CHECK(fio.at("write").at("total_ios") == 64);
  CHECK(persona.at("write").at("total_ios") == fio.at("write").at("total_ios"));
  CHECK(persona.at("write").at("io_bytes") == fio.at("write").at("io_bytes"));
  CHECK(persona.at("job options").at("zonemode") == "strided");
}

TEST_CASE("fio peer: /dev/null and /dev/zero as targets: size='s requests, as fio makes them") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  // (Reads of /dev/null come back empty: fio fails them as short, and so does bench++.)
  for (const std::string device : {"/dev/null", "/dev/zero"}) {
    for (const std::string rw : {"write", "randread"}) {
      if (device == "/dev/null" && rw == "randread") continue;
      const std::vector<std::string> job = {"--name=peer", "--filename=" + device, "--rw=" + rw, "--bs=4k",
                                            "--size=1m"};
      std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.path().string()};
      bench.insert(bench.end(), job.begin(), job.end());
      std::vector<std::string> fio = {"fio", "--output=/dev/null"};
      fio.insert(fio.end(), job.begin(), job.end());
      const test::PeerRun bench_run = test::traced_requests(bench, device);
      const test::PeerRun fio_run = test::traced_requests(fio, device);
      INFO(device << " " << rw << ": bench++: " << bench_run.err << " fio: " << fio_run.err);
      CHECK(bench_run.exit_code == 0);
      CHECK(fio_run.exit_code == 0);
      const bool write = rw == "write";
      CHECK(fio_run.count(write) == 256);
      CHECK(bench_run.count(write) == fio_run.count(write));
      CHECK(bench_run.bytes(write) == fio_run.bytes(write));
      CHECK(offsets_of(bench_run, write) == offsets_of(fio_run, write));  // fio's random offsets, seeded by the name
    }
  }
  // A character device's size is unknown: size= is needed, as fio needs it.
  const test::CommandOutput no_size =
      test::run_program({BENCH_BINARY, "job", "-q", "-d", dir.path().string(), "--name=x", "--filename=/dev/zero"});
  CHECK(no_size.exit_code == 2);
  CHECK(test::contains(no_size.err, "is a character device, whose size is unknown"));
}

}  // namespace bench
