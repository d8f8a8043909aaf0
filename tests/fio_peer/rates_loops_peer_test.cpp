// fio's job-loop options, the same job under bench++ and under fio 3.33 on the same file (strace's
// pread64/pwrite64 on it: psync, both tools' default engine): loops= (every pass over the same blocks, in the
// same order: fio re-seeds each loop), rate_iops= and rate= (the same requests, and neither tool done before the
// rate allows), startdelay=.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;

std::vector<std::uint64_t> offsets_of(const test::PeerRun& run) {
  std::vector<std::uint64_t> out;
  for (const test::PeerRequest& request : run.requests) out.push_back(request.offset);
  return out;
}

}  // namespace

TEST_CASE("fio peer: loops=3 makes three passes over the same blocks in fio's order") {
  if (!test::peers_available()) return;
  for (const char* rw : {"--rw=randread", "--rw=write"}) {
    CAPTURE(rw);
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), {rw, "--bs=4k", "--size=512k", "--loops=3"}, 512 * 1024);
    const bool write = std::string(rw) == "--rw=write";
    CHECK(pair.fio.count(write) == 3 * 128);
    CHECK(pair.bench.count(write) == pair.fio.count(write));
    CHECK(pair.bench.bytes(write) == pair.fio.bytes(write));
    CHECK(pair.bench.hits(write, kBlock) == pair.fio.hits(write, kBlock));
    CHECK(offsets_of(pair.bench) == offsets_of(pair.fio));
  }
}

TEST_CASE("fio peer: rate_iops= and rate= hold both tools to the rate, with the same requests") {
  if (!test::peers_available()) return;
  using std::chrono::milliseconds;
  // 64 reads at 200 a second: the last is due 315 ms after the start, in either tool.
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=randread", "--bs=4k", "--size=256k", "--rate_iops=200"},
           {"--rw=read", "--bs=4k", "--size=256k", "--rate=800k"},
           {"--rw=randrw", "--bs=4k", "--size=256k", "--rate_iops=100,400"}}) {
    CAPTURE(options.back());
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, 256 * 1024);
    CHECK(pair.bench.count(false) + pair.bench.count(true) == 64);
    CHECK(pair.fio.count(false) + pair.fio.count(true) == 64);
    if (options.front() != "--rw=randrw") {
      CHECK(pair.fio.elapsed >= milliseconds(315));
      CHECK(pair.bench.elapsed >= milliseconds(315));
      CHECK(offsets_of(pair.bench) == offsets_of(pair.fio));
    } else {
      // Mixed: each direction paced on its own; together at most 500 a second, so 64 take 126 ms at least.
      CHECK(pair.fio.elapsed >= milliseconds(120));
      CHECK(pair.bench.elapsed >= milliseconds(120));
    }
  }
}

TEST_CASE("fio peer: startdelay= delays the job in both tools, and changes no request") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const test::PeerPair pair =
      test::run_both_tools(dir.path(), {"--rw=randread", "--bs=4k", "--size=64k", "--startdelay=500ms"}, 64 * 1024);
  CHECK(pair.fio.elapsed >= std::chrono::milliseconds(500));
  CHECK(pair.bench.elapsed >= std::chrono::milliseconds(500));
  CHECK(offsets_of(pair.bench) == offsets_of(pair.fio));
}

}  // namespace bench
