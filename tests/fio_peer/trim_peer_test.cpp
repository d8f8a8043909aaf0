// fio's trim workloads (rw=randtrim, trimwrite, randtrimwrite) with ioengine=falloc, the same job under bench++
// and under fio 3.33 on the same file: the fallocate(2) calls each made (a trim punches a hole, FALLOC_FL_PUNCH_HOLE
// with FALLOC_FL_KEEP_SIZE; a write allocates, mode 0), compared call for call: modes, offsets and lengths, in
// the same order. With the trims' rates (rate=,,T, rate_iops=,,T, rate_iops_min=,,T), neither tool done before
// the rate allows, and a trimwrite job paced by its write rate in both.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 1ull << 20;
constexpr std::string_view kPunch = "FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE";

struct Call {
  std::string mode;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  friend bool operator==(const Call&, const Call&) = default;
};
std::ostream& operator<<(std::ostream& out, const Call& call) {
  return out << call.mode << " " << call.offset << "+" << call.length;
}

std::vector<Call> fallocates_of(const test::PeerRun& run) {
  std::vector<Call> calls;
  for (const test::PeerRequest& request : run.requests) {
    if (!request.fallocate_mode.empty()) calls.push_back({request.fallocate_mode, request.offset, request.length});
  }
  return calls;
}

// Runs the falloc job (size= first in `options`) on a file of `file_bytes` under both tools; checks they made
// the same fallocate calls.
test::PeerPair run_same_fallocates(const std::vector<std::string>& options, std::uint64_t file_bytes) {
  const test::TempDir dir;
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, file_bytes, test::PeerCalls::kWithFallocate);
  const std::vector<Call> bench = fallocates_of(pair.bench);
  const std::vector<Call> fio = fallocates_of(pair.fio);
  CHECK(bench.size() == fio.size());
  for (std::size_t i = 0; i < std::min(bench.size(), fio.size()); ++i) {
    CAPTURE(i);
    REQUIRE(bench[i] == fio[i]);
  }
  CHECK(pair.bench.count(false) + pair.bench.count(true) == 0);  // the falloc engine reads and writes nothing
  return pair;
}

// The falloc job of `options` over 1 MiB under both tools; checks they made the same fallocate calls, and returns
// bench++'s.
std::vector<Call> check_same_fallocates(std::vector<std::string> options) {
  options.insert(options.begin(), {"--ioengine=falloc", "--size=1m"});
  return fallocates_of(run_same_fallocates(options, kFileBytes).bench);
}

}  // namespace

TEST_CASE("fio peer: falloc randtrim punches fio's holes, in fio's order") {
  if (!test::peers_available()) return;
  const std::vector<Call> calls = check_same_fallocates({"--rw=randtrim", "--bs=4k"});
  CHECK(calls.size() == kFileBytes / kBlock);  // each block once: the random map
  std::vector<std::uint64_t> offsets;
  for (const Call& call : calls) {
    CHECK(call.mode == kPunch);
    offsets.push_back(call.offset);
  }
  CHECK_FALSE(std::is_sorted(offsets.begin(), offsets.end()));
}

TEST_CASE("fio peer: falloc trimwrite and randtrimwrite: each block punched, then allocated, as fio") {
  if (!test::peers_available()) return;
  for (const std::string rw : {"trimwrite", "randtrimwrite"}) {
    CAPTURE(rw);
    const std::vector<Call> calls = check_same_fallocates({"--rw=" + rw, "--bs=8k"});
    CHECK(calls.size() == 2 * kFileBytes / 8192);
    for (std::size_t i = 0; i + 1 < calls.size(); i += 2) {
      CHECK(calls[i].mode == kPunch);
      CHECK(calls[i + 1] == Call{"0", calls[i].offset, calls[i].length});
    }
  }
}

// (Random offsets with requests of several sizes and the random map part from fio's, as docs/fio-options.md's
// bsrange row says: sequential trims here.)
TEST_CASE("fio peer: falloc trim with bs=R,W,T and bsrange's third range: the trims' sizes, as fio") {
  if (!test::peers_available()) return;
  const std::vector<Call> fixed = check_same_fallocates({"--rw=trim", "--bs=4k,4k,16k"});
  CHECK(fixed.size() == kFileBytes / 16384);
  const std::vector<Call> ranged = check_same_fallocates({"--rw=trim", "--bsrange=4k-4k,4k-4k,4k-32k"});
  CHECK(ranged.size() > kFileBytes / 32768);
  CHECK(ranged.size() < kFileBytes / 4096);
  const std::vector<Call> norandommap =
      check_same_fallocates({"--rw=randtrim", "--bs=4k,4k,16k", "--norandommap"});
  CHECK(norandommap.size() == kFileBytes / 16384);
}

TEST_CASE("fio peer: falloc randtrim with rate_iops=,,200 and rate=,,800k: fio's holes, neither tool done before the rate allows") {
  if (!test::peers_available()) return;
  using std::chrono::milliseconds;
  // 64 trims of 4 KiB at 200 a second (800 KiB/s): the last is due 315 ms after the start, in either tool.
  for (const char* rate : {"--rate_iops=,,200", "--rate=,,800k"}) {
    CAPTURE(rate);
    const test::PeerPair pair =
        run_same_fallocates({"--ioengine=falloc", "--size=256k", "--rw=randtrim", "--bs=4k", rate}, 256 * 1024);
    CHECK(fallocates_of(pair.bench).size() == 64);
    CHECK(pair.fio.elapsed >= milliseconds(315));
    CHECK(pair.bench.elapsed >= milliseconds(315));
  }
}

TEST_CASE("fio peer: falloc trimwrite is paced by its write rate in both tools, its trim rate holds nothing back") {
  if (!test::peers_available()) return;
  using std::chrono::milliseconds;
  // 32 blocks, each punched then allocated. rate_iops=,100,1000: the 32 writes at 100 a second, each trim going
  // when its write is due: 310 ms at least (the trims' 1000 a second would allow 31 ms more, not less).
  const test::PeerPair paced = run_same_fallocates(
      {"--ioengine=falloc", "--size=128k", "--rw=trimwrite", "--bs=4k", "--rate_iops=,100,1000"}, 128 * 1024);
  CHECK(fallocates_of(paced.bench).size() == 64);
  CHECK(paced.fio.elapsed >= milliseconds(310));
  CHECK(paced.bench.elapsed >= milliseconds(310));
  // rate_iops=,,2 (the trims' alone): neither tool paces the job; at 2 trims a second it would take 15.5 s.
  const test::PeerPair trims_only = run_same_fallocates(
      {"--ioengine=falloc", "--size=128k", "--rw=randtrimwrite", "--bs=4k", "--rate_iops=,,2"}, 128 * 1024);
  CHECK(fallocates_of(trims_only.bench).size() == 64);
  CHECK(trims_only.fio.elapsed < std::chrono::seconds(10));
  CHECK(trims_only.bench.elapsed < std::chrono::seconds(10));
}

TEST_CASE("fio peer: rate_iops_min=,,500 fails a trimwrite job whose writes pace its trims to 10 a second, as fio") {
  if (!test::peers_available()) return;
  // fio accepts the minimum (the trims' rate, 1000, is above it), but the write rate paces the trims: 10 a second.
  const test::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const std::vector<std::string> job = {"--name=peer",      "--filename=" + data,    "--ioengine=falloc",
                                        "--rw=trimwrite",   "--bs=4k",               "--size=1m",
                                        "--rate_iops=,10,1000", "--rate_iops_min=,,500"};
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.path().string(), "--allow-overwrite", data};
  bench.insert(bench.end(), job.begin(), job.end());
  std::vector<std::string> fio = {"fio", "--output=/dev/null"};
  fio.insert(fio.end(), job.begin(), job.end());
  std::ofstream(data).close();
  std::filesystem::resize_file(data, 1 << 20);  // a sparse 1 MiB file for both
  const test::CommandOutput bench_run = test::run_program(bench);
  const test::CommandOutput fio_run = test::run_program(fio);
  INFO("bench++: " << bench_run.err);
  INFO("fio: " << fio_run.err);
  CHECK(fio_run.exit_code == 1);
  CHECK(bench_run.exit_code == 1);
  CHECK(test::contains(fio_run.err, "peer: rate_iops_min=500 not met, got "));
  CHECK(test::contains(bench_run.err, "workload 'peer': rate_iops_min=500 not met, got "));
  // And what each measured: the trims' pace, near 10 a second (never the 1000 of their own rate).
  const auto got = [](const std::string& err) {
    const std::size_t at = err.find("not met, got ");
    return at == std::string::npos ? -1 : std::stoi(err.substr(at + 13));
  };
  CHECK(got(fio_run.err) >= 0);
  CHECK(got(fio_run.err) < 100);
  CHECK(got(bench_run.err) >= 0);
  CHECK(got(bench_run.err) < 100);
}

}  // namespace bench
