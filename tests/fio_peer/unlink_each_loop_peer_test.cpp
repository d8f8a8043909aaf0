// fio 3.33's unlink_each_loop run by both tools on files each creates: the job's file removed before each loop
// after the first (unlink/unlinkat as strace sees them), what each loop wrote, and what is left on disk.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench::test {
namespace {

constexpr std::uint64_t kKiB = 1024;

// A run's requests on one file cut at its removals: the offsets written in each loop, in order.
std::vector<std::vector<std::uint64_t>> writes_per_loop(const PeerRun& run) {
  std::vector<std::vector<std::uint64_t>> loops(1);
  for (const PeerRequest& request : run.requests) {
    if (request.unlink) {
      loops.emplace_back();
    } else if (request.transfer() && request.write) {
      loops.back().push_back(request.offset);
    }
  }
  return loops;
}

std::uint64_t removals(const PeerRun& run) {
  std::uint64_t count = 0;
  for (const PeerRequest& request : run.requests) count += request.unlink ? 1 : 0;
  return count;
}

// The job `options` under both tools; each removes its file `loops - 1` times, writes the same blocks in the same
// order in each loop (`blocks` of 64 KiB), and leaves a file of `left_bytes`.
void check_same_loops(const std::vector<std::string>& options, std::size_t loops, std::size_t blocks,
                      std::uint64_t left_bytes) {
  const TempDir dir;
  const PeerFilesPair pair = run_both_on_new_files(dir.path(), options, PeerCalls::kWithUnlink);
  for (const PeerFiles* tool : {&pair.bench, &pair.fio}) {
    CAPTURE((tool == &pair.bench ? "bench++" : "fio"));
    REQUIRE(tool->by_file.count("peer.0.0") == 1);
    const PeerRun& file = tool->by_file.at("peer.0.0");
    CHECK(removals(file) == loops - 1);
    const std::vector<std::vector<std::uint64_t>> written = writes_per_loop(file);
    REQUIRE(written.size() == loops);
    for (std::size_t loop = 0; loop + 1 < loops; ++loop) CHECK(written[loop].size() == blocks);
    CHECK(tool->sizes == std::map<std::string, std::uint64_t>{{"peer.0.0", left_bytes}});
  }
  CHECK(writes_per_loop(pair.bench.by_file.at("peer.0.0")) == writes_per_loop(pair.fio.by_file.at("peer.0.0")));
}

}  // namespace

TEST_CASE("fio peer: unlink_each_loop=1 with loops=3 removes the file twice, each loop writing a new one") {
  if (!peers_available()) return;
  // 1 MiB of 64 KiB blocks, three times, sequential and random (every block once a loop, re-seeded each loop).
  check_same_loops({"--rw=write", "--size=1m", "--bs=64k", "--loops=3", "--unlink_each_loop=1"}, 3, 16, 1024 * kKiB);
  check_same_loops({"--rw=randwrite", "--size=1m", "--bs=64k", "--loops=3", "--unlink_each_loop=1"}, 3, 16,
                   1024 * kKiB);
}

TEST_CASE("fio peer: unlink_each_loop=1 with io_size= passes: the last pass's new file holds only what it wrote") {
  if (!peers_available()) return;
  // A second pass of half the region: a file of 512 KiB is left, where the laid-out file would keep 1 MiB.
  check_same_loops({"--rw=write", "--size=1m", "--bs=64k", "--io_size=1536k", "--unlink_each_loop=1"}, 2, 16,
                   512 * kKiB);
}

TEST_CASE("fio peer: unlink_each_loop=1 with one loop removes nothing, as fio") {
  if (!peers_available()) return;
  check_same_loops({"--rw=randwrite", "--size=1m", "--bs=64k", "--unlink_each_loop=1"}, 1, 16, 1024 * kKiB);
}

}  // namespace bench::test
