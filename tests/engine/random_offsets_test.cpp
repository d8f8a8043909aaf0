#include "engine/random_offsets.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

RandomOffsetsSpec spec_of(std::uint64_t blocks) {
  RandomOffsetsSpec spec;
  spec.region_bytes = blocks * kBlock;
  spec.block_bytes = kBlock;
  spec.seeds = FioSeeds::for_job(std::nullopt, true, 1, "file");
  return spec;
}

// `count` offsets of reads, as block numbers; REQUIREs that each exists and is aligned.
std::vector<std::uint64_t> blocks_of(RandomOffsets& offsets, std::size_t count) {
  std::vector<std::uint64_t> blocks;
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<std::uint64_t> offset = offsets.next(FioDirection::kRead);
    REQUIRE(offset.has_value());
    REQUIRE(*offset % kBlock == 0);
    REQUIRE(*offset < offsets.spec().region_bytes);
    blocks.push_back(*offset / kBlock);
  }
  return blocks;
}

}  // namespace

TEST_CASE("engine: with the random map each block comes once per pass, then the pass is over") {
  for (const RandomGenerator generator : {RandomGenerator::kTausworthe, RandomGenerator::kTausworthe64,
                                          RandomGenerator::kLfsr}) {
    RandomOffsetsSpec spec = spec_of(1000);
    spec.generator = generator;
    RandomOffsets offsets(spec);
    for (int pass = 0; pass < 2; ++pass) {
      const std::vector<std::uint64_t> blocks = blocks_of(offsets, 1000);
      CHECK(std::set<std::uint64_t>(blocks.begin(), blocks.end()).size() == 1000);
      CHECK(offsets.next(FioDirection::kRead) == std::nullopt);
      offsets.new_pass();
    }
  }
}

TEST_CASE("engine: norandommap draws blocks that repeat within a pass and never ends it") {
  RandomOffsetsSpec spec = spec_of(1000);
  spec.random_map = false;
  RandomOffsets offsets(spec);
  const std::vector<std::uint64_t> blocks = blocks_of(offsets, 3000);
  const std::set<std::uint64_t> distinct(blocks.begin(), blocks.end());
  // 3000 uniform draws of 1000 blocks: about 1000 x (1 - e^-3) = 950 distinct, far from all, none past the end.
  CHECK(distinct.size() > 900);
  CHECK(distinct.size() < 990);
  std::set<std::uint64_t> first_pass(blocks.begin(), blocks.begin() + 1000);
  CHECK(first_pass.size() < 1000);  // repeats within the first 1000
}

TEST_CASE("engine: the same seeds give the same offsets, another job's give others") {
  RandomOffsets a(spec_of(5000));
  RandomOffsets b(spec_of(5000));
  RandomOffsetsSpec second_job = spec_of(5000);
  second_job.seeds = FioSeeds::for_job(std::nullopt, true, 2, "file");
  RandomOffsets c(second_job);
  const std::vector<std::uint64_t> from_a = blocks_of(a, 100);
  CHECK(from_a == blocks_of(b, 100));
  CHECK(from_a != blocks_of(c, 100));
}

TEST_CASE("engine: percentage_random mixes sequential runs in, per direction") {
  RandomOffsetsSpec spec = spec_of(100'000);
  spec.random_map = false;
  spec.percentage_random = {30, 100, 100};
  RandomOffsets offsets(spec);
  std::uint64_t end_of_last = 0;
  int continued = 0;
  const int requests = 20'000;
  for (int i = 0; i < requests; ++i) {
    const std::uint64_t offset = *offsets.next(FioDirection::kRead);
    if (offset == end_of_last) ++continued;
    end_of_last = offset + kBlock;
  }
  // 70 % continue where the last request ended (plus the rare random draw that lands there).
  CHECK(continued > requests * 68 / 100);
  CHECK(continued < requests * 72 / 100);
  // Writes stay fully random: a write continuing the last write is a 1 in 100,000 chance.
  int writes_continued = 0;
  end_of_last = 0;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t offset = *offsets.next(FioDirection::kWrite);
    if (offset == end_of_last) ++writes_continued;
    end_of_last = offset + kBlock;
  }
  CHECK(writes_continued < 5);
}

TEST_CASE("engine: zoned sends each zone its share of the requests, uniform inside it") {
  RandomOffsetsSpec spec = spec_of(10'000);
  spec.random_map = false;
  spec.distribution.kind = DistributionKind::kZoned;
  spec.distribution.zones[0] = {{60, 10, 0}, {30, 20, 0}, {10, 70, 0}};
  RandomOffsets offsets(spec);
  std::map<int, int> zone_hits;
  std::vector<int> block_hits(10'000);
  const int requests = 100'000;
  for (const std::uint64_t block : blocks_of(offsets, requests)) {
    ++zone_hits[block < 1000 ? 0 : block < 3000 ? 1 : 2];
    ++block_hits[block];
  }
  CHECK(std::abs(zone_hits[0] - 60'000) < 1000);  // binomial sd ~155
  CHECK(std::abs(zone_hits[1] - 30'000) < 1000);
  CHECK(std::abs(zone_hits[2] - 10'000) < 1000);
  // Inside the first zone each of its 1000 blocks gets about 60 hits.
  int covered = 0;
  for (int block = 0; block < 1000; ++block) covered += block_hits[block] > 20 ? 1 : 0;
  CHECK(covered == 1000);
  // A direction without zones (writes here) stays uniform over the whole region.
  std::uint64_t beyond_first_zone = 0;
  for (int i = 0; i < 1000; ++i) beyond_first_zone += *offsets.next(FioDirection::kWrite) >= 1000 * kBlock ? 1 : 0;
  CHECK(beyond_first_zone > 850);
}

TEST_CASE("engine: zoned_abs zones are byte ranges") {
  RandomOffsetsSpec spec = spec_of(1024);  // 4 MiB
  spec.random_map = false;
  spec.distribution.kind = DistributionKind::kZonedAbsolute;
  spec.distribution.zones[0] = {{80, 0, 1 << 20}, {20, 0, 3 << 20}};
  RandomOffsets offsets(spec);
  int in_first = 0;
  for (const std::uint64_t block : blocks_of(offsets, 10'000)) in_first += block < 256 ? 1 : 0;
  CHECK(std::abs(in_first - 8000) < 300);
  spec.distribution.zones[0] = {{80, 0, 1 << 20}, {20, 0, 4 << 20}};
  CHECK_THROWS_AS(RandomOffsets{spec}, std::invalid_argument);  // 5 MiB of zones in 4 MiB
}

TEST_CASE("engine: a zipf job's offsets stay in the region, hot blocks first") {
  RandomOffsetsSpec spec = spec_of(4096);
  spec.random_map = true;  // fio turns the map off for non-uniform distributions, so does this
  spec.distribution.kind = DistributionKind::kZipf;
  spec.distribution.parameter = 1.2;
  RandomOffsets offsets(spec);
  std::map<std::uint64_t, int> hits;
  for (const std::uint64_t block : blocks_of(offsets, 20'000)) ++hits[block];
  CHECK(hits.size() < 4096);  // blocks repeat: no map
  int hottest = 0;
  for (const auto& [block, count] : hits) hottest = std::max(hottest, count);
  CHECK(hottest > 20'000 / 10);  // rank 0 alone takes about a fifth
}

TEST_CASE("engine: random offsets refuse what they cannot run") {
  RandomOffsetsSpec spec = spec_of(10);
  spec.region_bytes = 100;
  CHECK_THROWS_AS(RandomOffsets{spec}, std::invalid_argument);
  spec = spec_of(10);
  spec.generator = RandomGenerator::kLfsr;
  spec.distribution.kind = DistributionKind::kZoned;
  spec.distribution.zones[0] = {{100, 100, 0}};
  CHECK_THROWS_AS(RandomOffsets{spec}, std::invalid_argument);
  spec = spec_of(10);
  spec.percentage_random[1] = 101;
  CHECK_THROWS_AS(RandomOffsets{spec}, std::invalid_argument);
}

}  // namespace bench
