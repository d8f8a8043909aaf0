// verify_backlog= and verify_backlog_batch=, the same job under bench++ and under fio 3.33 on the same file: the
// reads each made between its writes (strace's pread64/pwrite64 on the file: psync, both tools' default
// engine), their count and offsets, in order with the writes.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 1ull << 20;

// "w0 r0 ..." (blocks), every request in order.
std::string sequence_of(const test::PeerRun& run) {
  std::string out;
  for (const test::PeerRequest& request : run.requests) {
    out += (request.write ? "w" : "r") + std::to_string(request.offset / kBlock) + " ";
  }
  return out;
}

// The reads made before the last write: those verify_backlog made during the writes.
std::uint64_t reads_between_writes(const test::PeerRun& run) {
  std::uint64_t reads = 0;
  std::uint64_t reads_before_last_write = 0;
  for (const test::PeerRequest& request : run.requests) {
    if (request.write) reads_before_last_write = reads;
    else ++reads;
  }
  return reads_before_last_write;
}

void check_same_sequence(const std::vector<std::string>& options, std::uint64_t expected_reads_between) {
  const test::TempDir dir;
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
  CHECK(pair.bench.exit_code == 0);
  CHECK(pair.fio.exit_code == 0);
  CHECK(pair.fio.count(true) == kFileBytes / kBlock);
  CHECK(pair.fio.count(false) == kFileBytes / kBlock);  // every block checked once, during or after the writes
  CHECK(reads_between_writes(pair.fio) == expected_reads_between);
  CHECK(reads_between_writes(pair.bench) == reads_between_writes(pair.fio));
  CHECK(pair.bench.count(false) == pair.fio.count(false));
  CHECK(sequence_of(pair.bench) == sequence_of(pair.fio));
}

}  // namespace

TEST_CASE("fio peer: verify_backlog=16: sixteen writes, their sixteen reads, as fio") {
  if (!test::peers_available()) return;
  // 256 writes; after each 16 (but the last) fio reads those 16 back: 15 x 16 reads between the writes.
  check_same_sequence({"--rw=write", "--bs=4k", "--size=1m", "--verify=crc32c", "--verify_backlog=16"}, 240);
}

TEST_CASE("fio peer: verify_backlog_batch, random writes with and without the random map: fio's reads") {
  if (!test::peers_available()) return;
  // backlog 16, batch 4: a first 16 writes, then 4 reads per 4 writes; 60 batches before the last write.
  check_same_sequence({"--rw=write", "--bs=4k", "--size=1m", "--verify=md5", "--verify_backlog=16",
                       "--verify_backlog_batch=4"},
                      240);
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--rw=randwrite", "--verify_backlog=5", "--verify_backlog_batch=7"},
           {"--rw=randwrite", "--norandommap", "--verify_backlog=8"}}) {
    INFO(extra.back());
    std::vector<std::string> options = extra;
    options.insert(options.end(), {"--bs=4k", "--size=1m", "--verify=crc32c"});
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
    CHECK(pair.fio.count(true) == kFileBytes / kBlock);
    CHECK(reads_between_writes(pair.fio) > 100);
    CHECK(reads_between_writes(pair.bench) == reads_between_writes(pair.fio));
    CHECK(sequence_of(pair.bench) == sequence_of(pair.fio));
  }
}

}  // namespace bench
