// Where a job's requests go with fio's offset modifiers (rw=<mode>:<nr>, rw_sequencer=): the offsets JobOffsets
// hands out, against the ones fio 3.33 issued for the same job (its --write_iolog, quoted in each case: fio
// --name=p --filename=f --size=64k --bs=4k and the options named). tests/fio_peer/rw_modifiers_peer_test.cpp runs
// both tools side by side.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "phases/workload/job_offsets.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kRegion = 64 * 1024;

WorkloadSpec spec_of(IoPattern pattern) {
  WorkloadSpec spec;
  spec.pattern = pattern;
  spec.block_bytes = kBlock;
  spec.size_bytes = kRegion;
  return spec;
}

// The offsets of the first `count` requests of `op` (fewer when the pass ends first).
std::vector<std::uint64_t> offsets(const WorkloadSpec& spec, std::size_t count, IoOp op = IoOp::kRead) {
  const FioSeeds seeds = fio_seeds_for(spec, 0, "f", 0);
  JobOffsets job(spec, kRegion, seeds);
  std::vector<std::uint64_t> out;
  while (out.size() < count) {
    const std::optional<RequestPlace> place = job.next(op);
    if (!place) break;
    CHECK(place->length == kBlock);
    out.push_back(place->offset);
  }
  return out;
}

std::vector<std::uint64_t> in_blocks(std::vector<std::uint64_t> bytes) {
  for (std::uint64_t& offset : bytes) offset /= kBlock;
  return bytes;
}

}  // namespace

TEST_CASE("rw=read:8: each request starts 8 bytes after the last one ended, as fio's offsets") {
  WorkloadSpec spec = spec_of(IoPattern::kRead);
  spec.sequential_skip = 8;
  // fio: 0 4104 8208 ... 57456, and then the job ends: the 16th (at 61560) would pass the file's end.
  std::vector<std::uint64_t> expected;
  for (std::uint64_t i = 0; i < 15; ++i) expected.push_back(i * (kBlock + 8));
  CHECK(offsets(spec, 17) == expected);
}

TEST_CASE("rw=write:4k leaves a hole of a block after each, and rw=read:-8k walks backwards from the end") {
  WorkloadSpec holes = spec_of(IoPattern::kWrite);
  holes.sequential_skip = 4096;
  // fio: 0 2 4 ... 14, then past the end back to 0 (the job ends at size=, 16 requests).
  CHECK(in_blocks(offsets(holes, 9, IoOp::kWrite)) == std::vector<std::uint64_t>{0, 2, 4, 6, 8, 10, 12, 14, 0});
  WorkloadSpec backwards = spec_of(IoPattern::kRead);
  backwards.sequential_skip = -8192;
  // fio: 0 57344 53248 ... 4096 0
  std::vector<std::uint64_t> expected{0};
  for (std::uint64_t block = 14; block > 0; --block) expected.push_back(block);
  expected.push_back(0);
  CHECK(in_blocks(offsets(backwards, 16)) == expected);
}

TEST_CASE("rw=randread:4: a random offset every 4th request, the three between sequential after it") {
  WorkloadSpec spec = spec_of(IoPattern::kRandRead);
  const std::vector<std::uint64_t> plain = in_blocks(offsets(spec, 16));
  // fio's plain randread: 0 11 13 7 6 14 8 5 15 1 2 10 3 4 9 12
  CHECK(plain == std::vector<std::uint64_t>{0, 11, 13, 7, 6, 14, 8, 5, 15, 1, 2, 10, 3, 4, 9, 12});
  spec.random_run = 4;
  // fio: 0 1 2 3 | 11 12 13 14 | 13 14 15, then past the end an unmarked random 7 | 6 7 8 9: the random ones
  // are plain randread's, in its order (13: the sequential 13 did not take it from the map).
  CHECK(in_blocks(offsets(spec, 16)) ==
        std::vector<std::uint64_t>{0, 1, 2, 3, 11, 12, 13, 14, 13, 14, 15, 7, 6, 7, 8, 9});
}

TEST_CASE("rw_sequencer=identical: the requests between random ones repeat the last offset") {
  WorkloadSpec spec = spec_of(IoPattern::kRandRead);
  spec.random_run = 4;
  spec.rw_sequencer = RwSequencer::kIdentical;
  // fio: 0 0 0 0 11 11 11 11 13 13 13 13 7 7 7 7
  CHECK(in_blocks(offsets(spec, 16)) ==
        std::vector<std::uint64_t>{0, 0, 0, 0, 11, 11, 11, 11, 13, 13, 13, 13, 7, 7, 7, 7});
  // Without a modifier the sequencer is never asked.
  spec.random_run = 1;
  CHECK(in_blocks(offsets(spec, 4)) == std::vector<std::uint64_t>{0, 11, 13, 7});
}

}  // namespace bench

namespace bench {
namespace {

// The request numbers (0-based) at which JobOffsets counted a start-over, over `count` requests.
std::vector<std::size_t> wrap_points(const WorkloadSpec& spec, std::size_t count) {
  JobOffsets job(spec, kRegion, fio_seeds_for(spec, 0, "f", 0));
  std::vector<std::size_t> out;
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < count; ++i) {
    REQUIRE(job.next(IoOp::kRead));
    if (job.time_based_wraps() != seen) out.push_back(i);
    seen = job.time_based_wraps();
  }
  return out;
}

}  // namespace

TEST_CASE("time_based_wraps: counted at the request that starts a pass over, random and sequential alike") {
  for (const IoPattern pattern : {IoPattern::kRandRead, IoPattern::kRead}) {
    CAPTURE(static_cast<int>(pattern));
    WorkloadSpec spec = spec_of(pattern);
    spec.time_based = true;
    CHECK(wrap_points(spec, 50) == std::vector<std::size_t>{16, 32, 48});
  }
  // rw=read:4k: the skip turns back to the start before a request ends at the region's end, and fio drops the
  // cache only when one does (its last_pos at io_size): never here (fio 3.33 under strace: 100 reads, no drop).
  WorkloadSpec skipping = spec_of(IoPattern::kRead);
  skipping.time_based = true;
  skipping.sequential_skip = 4096;
  CHECK(wrap_points(skipping, 20).empty());
  WorkloadSpec unmapped = spec_of(IoPattern::kRandRead);  // norandommap: a random job never runs out
  unmapped.time_based = true;
  unmapped.random_map = false;
  CHECK(wrap_points(unmapped, 50).empty());
}

}  // namespace bench
