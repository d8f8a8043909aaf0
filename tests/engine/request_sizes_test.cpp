// engine/request_sizes.h: fio's get_next_buflen draws (bsrange=, bssplit=) -- the sizes drawn, their shares, and
// the fit before the region's end.
#include "engine/request_sizes.h"

#include <doctest/doctest.h>

#include <map>

namespace bench {
namespace {

BlockSizes range_sizes(std::uint32_t low, std::uint32_t high) {
  BlockSizes sizes;
  for (DirectionBlockSizes& direction : sizes.direction) {
    direction.bs = low;
    direction.range_min = low;
    direction.range_max = high;
  }
  return sizes;
}

}  // namespace

TEST_CASE("request sizes: bsrange draws the multiples of lo up to hi, evenly (fio's formula)") {
  RequestSizes sizes(range_sizes(4096, 16384), RandomGenerator::kTausworthe, FioSeeds::for_job(std::nullopt, true, 1, "f"));
  std::map<std::uint32_t, int> counts;
  for (int i = 0; i < 4000; ++i) ++counts[sizes.next(0, 0, 1 << 30)];
  REQUIRE(counts.size() == 4);
  for (const auto& [length, count] : counts) CHECK(length % 4096 == 0);
  CHECK(counts.begin()->first == 4096);
  CHECK(counts.rbegin()->first == 16384);
  // lo + hi x u over [4k, 20k), aligned down to 4k: a quarter each.
  for (const auto& item : counts) {  // not a structured binding: clang 14 cannot capture one in CAPTURE's lambda
    const auto length = item.first;
    const auto count = item.second;
    CAPTURE(length);
    CHECK(count > 850);
    CHECK(count < 1150);
  }
}

TEST_CASE("request sizes: a request fits before the end, or none when lo does not") {
  RequestSizes sizes(range_sizes(4096, 65536), RandomGenerator::kTausworthe64, FioSeeds{});
  for (int i = 0; i < 200; ++i) CHECK(sizes.next(1, 1000 * 4096, 1002 * 4096) <= 8192);
  CHECK(sizes.next(1, 1000 * 4096, 1000 * 4096 + 4095) == 0);
}

TEST_CASE("request sizes: bssplit's shares, per direction") {
  BlockSizes split;
  split.direction[0].bs = 4096;
  split.direction[0].split = {{8192, 20}, {65536, 30}, {4096, 50}};
  split.direction[1].bs = 4096;
  RequestSizes sizes(split, RandomGenerator::kTausworthe, FioSeeds::for_job(7, true, 1, "f"));
  std::map<std::uint32_t, int> counts;
  for (int i = 0; i < 10000; ++i) ++counts[sizes.next(0, 0, 1 << 30)];
  CHECK(counts[4096] > 4700);
  CHECK(counts[4096] < 5300);
  CHECK(counts[8192] > 1700);
  CHECK(counts[8192] < 2300);
  CHECK(counts[65536] > 2700);
  CHECK(counts[65536] < 3300);
  CHECK(sizes.next(1, 0, 1 << 30) == 4096);  // the writes' one size: no draw
}

}  // namespace bench
