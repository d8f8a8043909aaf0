#include "engine/offset_generator.h"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <unordered_set>
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

// True when `blocks` holds each of 0..count-1 exactly once.
bool is_permutation_of_all(const std::vector<std::uint64_t>& blocks, std::uint64_t count) {
  if (blocks.size() != count) return false;
  std::vector<bool> seen(count);
  for (const std::uint64_t block : blocks) {
    if (block >= count || seen[block]) return false;
    seen[block] = true;
  }
  return true;
}

}  // namespace

TEST_CASE("engine: BlockPermutation is a bijection of 0..count-1 for every small count") {
  for (std::uint64_t count = 1; count <= 300; ++count) {
    const BlockPermutation permutation(count, 42 + count);
    std::vector<std::uint64_t> images;
    for (std::uint64_t i = 0; i < count; ++i) images.push_back(permutation(i));
    INFO("count " << count);
    CHECK(is_permutation_of_all(images, count));
  }
  // Around powers of two, where the Feistel domain changes width.
  for (const std::uint64_t count : {1023ULL, 1024ULL, 1025ULL, 4095ULL, 65536ULL, 65537ULL}) {
    const BlockPermutation permutation(count, 7);
    std::vector<std::uint64_t> images;
    for (std::uint64_t i = 0; i < count; ++i) images.push_back(permutation(i));
    INFO("count " << count);
    CHECK(is_permutation_of_all(images, count));
  }
}

TEST_CASE("engine: sequential offsets cover the region in order, pass after pass") {
  OffsetGenerator generator(OffsetOrder::kSequential, 10 * 4096, 4096, 1);
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

TEST_CASE("engine: random offsets cover every block exactly once per pass, in a new order each pass") {
  OffsetGenerator generator(OffsetOrder::kRandom, 1000 * 512, 512, 99);
  std::vector<std::vector<std::uint64_t>> passes;
  for (int pass = 0; pass < 3; ++pass) {
    CHECK(generator.pass() == static_cast<std::uint64_t>(pass));
    passes.push_back(one_pass(generator));
    CHECK(is_permutation_of_all(passes.back(), 1000));
  }
  CHECK(generator.pass() == 3);
  CHECK(passes[0] != passes[1]);
  CHECK(passes[1] != passes[2]);
  // Not the sequential order either, nor its reverse.
  std::vector<std::uint64_t> in_order(1000);
  for (std::uint64_t i = 0; i < 1000; ++i) in_order[i] = i;
  CHECK(passes[0] != in_order);
  CHECK(passes[0] != std::vector<std::uint64_t>(in_order.rbegin(), in_order.rend()));
}

TEST_CASE("engine: random offsets repeat for the same seed and differ for another") {
  OffsetGenerator first(OffsetOrder::kRandom, 4 << 20, 4096, 12345);
  OffsetGenerator again(OffsetOrder::kRandom, 4 << 20, 4096, 12345);
  OffsetGenerator other(OffsetOrder::kRandom, 4 << 20, 4096, 12346);
  for (int pass = 0; pass < 2; ++pass) {
    const auto first_pass = one_pass(first);
    CHECK(one_pass(again) == first_pass);
    CHECK(one_pass(other) != first_pass);
  }
}

TEST_CASE("engine: a region that is not a whole number of blocks is truncated to whole blocks") {
  for (const OffsetOrder order : {OffsetOrder::kSequential, OffsetOrder::kRandom}) {
    OffsetGenerator generator(order, 10 * 4096 + 4095, 4096, 3);
    CHECK(generator.block_count() == 10);
    const auto pass = one_pass(generator);
    CHECK(is_permutation_of_all(pass, 10));
    CHECK(generator.pass() == 1);
  }
  // One block: every offset is 0.
  OffsetGenerator single(OffsetOrder::kRandom, 6000, 4096, 3);
  CHECK(single.block_count() == 1);
  CHECK(single.next() == 0);
  CHECK(single.next() == 0);
  CHECK(single.pass() == 2);
}

TEST_CASE("engine: offset generators refuse blocks larger than the region and empty blocks") {
  CHECK_THROWS_AS(OffsetGenerator(OffsetOrder::kRandom, 4095, 4096, 1), std::invalid_argument);
  CHECK_THROWS_AS(OffsetGenerator(OffsetOrder::kSequential, 0, 4096, 1), std::invalid_argument);
  CHECK_THROWS_AS(OffsetGenerator(OffsetOrder::kSequential, 4096, 0, 1), std::invalid_argument);
}

TEST_CASE("engine: random offsets over 2^40 bytes need no memory and spread over the whole region") {
  constexpr std::uint64_t kRegion = std::uint64_t{1} << 40;
  constexpr std::uint32_t kBlock = 4096;
  OffsetGenerator generator(OffsetOrder::kRandom, kRegion, kBlock, 2024);
  CHECK(generator.block_count() == kRegion / kBlock);
  CHECK(sizeof(OffsetGenerator) <= 128);  // O(1): no map of the 2^28 blocks
  constexpr int kSamples = 200000;
  constexpr int kBuckets = 16;
  std::unordered_set<std::uint64_t> seen;
  std::array<int, kBuckets> per_bucket{};
  bool aligned_and_inside = true;
  for (int i = 0; i < kSamples; ++i) {
    const std::uint64_t offset = generator.next();
    aligned_and_inside = aligned_and_inside && offset % kBlock == 0 && offset < kRegion;
    seen.insert(offset);
    ++per_bucket[offset / (kRegion / kBuckets)];
  }
  CHECK(aligned_and_inside);
  CHECK(seen.size() == static_cast<std::size_t>(kSamples));  // no repeats within the pass
  for (const int count : per_bucket) {  // expected 12500 each; a skewed order would pile up somewhere
    CHECK(count > kSamples / kBuckets * 8 / 10);
    CHECK(count < kSamples / kBuckets * 12 / 10);
  }
  CHECK(generator.pass() == 0);
}

TEST_CASE("engine: BlockPermutation stays in range at the widest domains") {
  for (const std::uint64_t count : {(std::uint64_t{1} << 63) + 1, ~std::uint64_t{0}}) {
    const BlockPermutation permutation(count, 11);
    std::unordered_set<std::uint64_t> images;
    for (std::uint64_t i = 0; i < 1000; ++i) {
      const std::uint64_t image = permutation(count - 1 - i);
      CHECK(image < count);
      images.insert(image);
    }
    CHECK(images.size() == 1000);
  }
}

}  // namespace bench
