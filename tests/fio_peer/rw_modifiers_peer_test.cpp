// fio's offset modifiers, the same job under bench++ and under fio 3.33 on the same file: rw=<mode>:<nr> (a
// sequential job's skip, a random job's requests per random offset) and rw_sequencer=, compared request by
// request as strace saw them (pread64/pwrite64 on the file: psync, both tools' default engine).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 1ull << 20;

std::vector<std::uint64_t> offsets_of(const test::PeerRun& run, bool write) { return run.offsets(write); }

std::vector<std::uint64_t> check_same_offsets(const std::vector<std::string>& options, bool write,
                                              std::uint64_t expected_requests) {
  return test::check_same_offsets(options, write, expected_requests, kFileBytes);
}

}  // namespace

TEST_CASE("fio peer: rw=read:8 and rw=write:4k skip as fio does, in fio's order") {
  if (!test::peers_available()) return;
  // read:8: each read 8 bytes past the last one's end; the 256th would pass the end of the file, so both end.
  const std::vector<std::uint64_t> reads = check_same_offsets({"--rw=read:8", "--bs=4k", "--size=1m"}, false, 255);
  REQUIRE(reads.size() >= 2);
  CHECK(reads[1] == kBlock + 8);
  // write:4k: a block's hole after each write, twice round the file (size= is done in 256 writes).
  const std::vector<std::uint64_t> writes =
      check_same_offsets({"--rw=write:4k", "--bs=4k", "--size=1m"}, true, kFileBytes / kBlock);
  CHECK(writes[128] == 0);
  // read:-8k: backwards from the end.
  check_same_offsets({"--rw=read:-8k", "--bs=4k", "--size=1m"}, false, kFileBytes / kBlock);
}

TEST_CASE("fio peer: rw=randread:4 and rw_sequencer=identical: fio's random offsets and the runs between") {
  if (!test::peers_available()) return;
  const std::vector<std::uint64_t> runs =
      check_same_offsets({"--rw=randread:4", "--bs=4k", "--size=1m"}, false, kFileBytes / kBlock);
  REQUIRE(runs.size() >= 8);
  CHECK(runs[5] == runs[4] + kBlock);  // the request after a random one follows it
  const std::vector<std::uint64_t> same =
      check_same_offsets({"--rw=randread:4", "--rw_sequencer=identical", "--bs=4k", "--size=1m"}, false,
                         kFileBytes / kBlock);
  REQUIRE(same.size() >= 8);
  CHECK(same[5] == same[4]);
  CHECK(same[7] == same[4]);
  // Writes, norandommap and lfsr draw the random ones. (randrw is left out: bench++ draws its read/write mix
  // from its own generator, not fio's, so the directions' order differs already without a modifier.)
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--rw=randwrite:3"}, {"--rw=randwrite:8", "--norandommap"}, {"--rw=randread:2", "--random_generator=lfsr"}}) {
    std::vector<std::string> options = extra;
    options.insert(options.end(), {"--bs=4k", "--size=1m"});
    INFO(options.front());
    const test::TempDir dir;
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes);
    CHECK(pair.fio.count(false) + pair.fio.count(true) == kFileBytes / kBlock);
    for (const bool write : {false, true}) CHECK(offsets_of(pair.bench, write) == offsets_of(pair.fio, write));
  }
}

}  // namespace bench
