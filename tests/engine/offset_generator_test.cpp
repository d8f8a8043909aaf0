#include "engine/offset_generator.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace bench {
namespace {

// One pass of `generator` as block numbers.
std::vector<std::uint64_t> one_pass(OffsetGenerator& generator) {
  std::vector<std::uint64_t> blocks;
  for (std::uint64_t i = 0; i < generator.block_count(); ++i)
    blocks.push_back(generator.next() / generator.block_bytes());
  return blocks;
}

}  // namespace

TEST_CASE("engine: sequential offsets cover the region in order, pass after pass") {
  OffsetGenerator generator(10 * 4096, 4096);
  CHECK(generator.block_count() == 10);
  for (std::uint64_t pass = 0; pass < 3; ++pass) {
    CHECK(generator.pass() == pass);
    for (std::uint64_t block = 0; block < 10; ++block) {
      CHECK(generator.position_in_pass() == block);
      CHECK(generator.next() == block * 4096);
    }
  }
  CHECK(generator.pass() == 3);
}

TEST_CASE("engine: a region that is not a whole number of blocks is truncated to whole blocks") {
  OffsetGenerator generator(10 * 4096 + 4095, 4096);
  CHECK(generator.block_count() == 10);
  const std::vector<std::uint64_t> in_order{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  CHECK(one_pass(generator) == in_order);
  CHECK(generator.pass() == 1);
  // One block: every offset is 0.
  OffsetGenerator single(6000, 4096);
  CHECK(single.block_count() == 1);
  CHECK(single.next() == 0);
  CHECK(single.next() == 0);
  CHECK(single.pass() == 2);
}

TEST_CASE("engine: offset generators refuse blocks larger than the region and empty blocks") {
  CHECK_THROWS_AS(OffsetGenerator(4095, 4096), std::invalid_argument);
  CHECK_THROWS_AS(OffsetGenerator(0, 4096), std::invalid_argument);
  CHECK_THROWS_AS(OffsetGenerator(4096, 0), std::invalid_argument);
}

}  // namespace bench
