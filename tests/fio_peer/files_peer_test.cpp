// fio's file options, the same job under bench++ and under fio 3.33 (strace's pread64/pwrite64: psync, both
// tools' default engine): offset=, offset_increment= and size=N% put each job's requests in the same region of a
// shared file; on files each tool creates, the same files of the same sizes, with the same requests in each.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kKiB = 1024;

// The lowest offset and the end of the highest request of one direction; {0, 0} without any.
std::pair<std::uint64_t, std::uint64_t> offset_range(const test::PeerRun& run, bool write) {
  std::uint64_t low = UINT64_MAX;
  std::uint64_t high = 0;
  for (const test::PeerRequest& request : run.requests) {
    if (request.write != write) continue;
    low = std::min(low, request.offset);
    high = std::max(high, request.offset + request.length);
  }
  return low == UINT64_MAX ? std::pair<std::uint64_t, std::uint64_t>{0, 0} : std::pair{low, high};
}

void check_same_requests(const test::PeerRun& bench, const test::PeerRun& fio, bool write) {
  CHECK(bench.count(write) == fio.count(write));
  CHECK(bench.bytes(write) == fio.bytes(write));
  CHECK(bench.hits(write, kBlock) == fio.hits(write, kBlock));
  CHECK(offset_range(bench, write) == offset_range(fio, write));
}

}  // namespace

TEST_CASE("fio peer: offset= and offset_increment= give each job of numjobs the same region of a shared file") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=randread", "--size=64k", "--offset=16k", "--offset_increment=96k", "--numjobs=3"},
           {"--rw=read", "--size=32k", "--offset=10%", "--offset_increment=20%", "--numjobs=4"},
           {"--rw=randwrite", "--size=48k", "--offset=4000", "--offset_increment=100k", "--numjobs=2"},
           {"--rw=read", "--offset=25%", "--size=50%"},
           {"--rw=randread", "--offset=192k"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), {options}, 512 * kKiB);
    const bool write = options.front() == "--rw=randwrite";
    CHECK(pair.fio.count(write) > 0);
    check_same_requests(pair.bench, pair.fio, write);
  }
}

TEST_CASE("fio peer: on files each tool creates, offset= and offset_increment= make the same files and requests") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=write", "--size=64k", "--offset=32k", "--offset_increment=128k", "--numjobs=3"},
           {"--rw=randwrite", "--size=40k", "--offset=12k", "--numjobs=2"},
           {"--rw=randread", "--size=32k", "--offset=8k", "--offset_increment=16k", "--numjobs=2"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    CHECK(pair.bench.sizes == pair.fio.sizes);  // names and sizes: peer.0.0 ... as long as each job's end
    CHECK(pair.fio.sizes.size() == pair.bench.sizes.size());
    const bool write = options.front() != "--rw=randread";
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& fio_file : pair.fio.by_file) {
      const auto& name = fio_file.first;
      const auto& fio_run = fio_file.second;
      CAPTURE(name);
      REQUIRE(pair.bench.by_file.contains(name));
      if (write) check_same_requests(pair.bench.by_file.at(name), fio_run, true);
      // A reading job's file: bench++ lays it out with pwrite (fio with write): compare the reads only.
      check_same_requests(pair.bench.by_file.at(name), fio_run, false);
    }
  }
}

}  // namespace bench
