// fio's random offsets options, the same job under bench++ and under fio 3.33 on the same file: the requests
// each made (strace's pread64/pwrite64 on the file: psync, both tools' default engine), compared in bytes and
// requests per direction, and block by block: with the same seeds both draw the same offsets, so the zipf
// hit counts, the repeats of norandommap and the lfsr's order are the same.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 4ull << 20;

std::vector<std::uint64_t> offsets_of(const test::PeerRun& run) {
  std::vector<std::uint64_t> out;
  for (const test::PeerRequest& request : run.requests) out.push_back(request.offset);
  return out;
}

// Runs the job under both tools and checks they did the same, request for request.
void check_same_requests(const std::vector<std::string>& options) {
  const test::TempDir dir;
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
  CHECK(pair.fio.count(false) + pair.fio.count(true) >= kFileBytes / kBlock / 2);  // the trace saw fio's requests
  for (const bool write : {false, true}) {
    INFO((write ? "writes" : "reads"));
    CHECK(pair.bench.count(write) == pair.fio.count(write));
    CHECK(pair.bench.bytes(write) == pair.fio.bytes(write));
    CHECK(pair.bench.hits(write, kBlock) == pair.fio.hits(write, kBlock));
  }
  CHECK(offsets_of(pair.bench) == offsets_of(pair.fio));
}

}  // namespace

TEST_CASE("fio peer: randread with the random map, uniform: each block once, in fio's order") {
  if (!test::peers_available()) return;
  check_same_requests({"--rw=randread", "--bs=4k", "--size=4m"});
}

TEST_CASE("fio peer: norandommap: blocks repeat and others are skipped, the same ones as fio's") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> options = {"--rw=randwrite", "--bs=4k", "--size=4m", "--norandommap"};
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
  CHECK(pair.bench.count(true) == kFileBytes / kBlock);
  CHECK(pair.fio.count(true) == kFileBytes / kBlock);
  const auto hits = pair.bench.hits(true, kBlock);
  CHECK(hits.size() < kFileBytes / kBlock);  // some blocks twice, so some never: the map is off
  CHECK(hits == pair.fio.hits(true, kBlock));
  CHECK(offsets_of(pair.bench) == offsets_of(pair.fio));
}

TEST_CASE("fio peer: random_distribution=zipf:1.2 hits the same blocks as often as fio's") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const test::PeerPair pair = test::run_both_tools(
      dir.path(), {"--rw=randread", "--bs=4k", "--size=4m", "--random_distribution=zipf:1.2"}, kFileBytes);
  const auto hits = pair.bench.hits(false, kBlock);
  std::uint64_t hottest = 0;
  for (const auto& [block, count] : hits) hottest = std::max(hottest, count);
  CHECK(hottest > 20);  // zipf: a few blocks take many of the 1024 requests
  CHECK(hits == pair.fio.hits(false, kBlock));
  CHECK(pair.bench.bytes(false) == pair.fio.bytes(false));
}

TEST_CASE("fio peer: random_generator=lfsr and tausworthe64, pareto, percentage_random: fio's offsets") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--random_generator=lfsr"},
           {"--random_generator=tausworthe64"},
           {"--random_distribution=pareto:0.3"},
           {"--percentage_random=40"},
           {"--randseed=1234"},
           {"--random_distribution=normal:10"}}) {
    std::vector<std::string> options = {"--rw=randread", "--bs=4k", "--size=4m"};
    options.insert(options.end(), extra.begin(), extra.end());
    INFO(extra.front());
    check_same_requests(options);
  }
}

}  // namespace bench
