#include "engine/block_map.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>

namespace bench {
namespace {

// The answer of next_free_after() from an ordered set of the free blocks.
std::optional<std::uint64_t> plain_next_free(const std::set<std::uint64_t>& free, std::uint64_t block) {
  if (free.empty()) return std::nullopt;
  const auto after = free.upper_bound(block);
  return after != free.end() ? *after : *free.begin();
}

}  // namespace

TEST_CASE("engine: BlockMap answers as a plain set of blocks does, across word and level boundaries") {
  for (const std::uint64_t count : {1ULL, 2ULL, 63ULL, 64ULL, 65ULL, 4095ULL, 4096ULL, 4097ULL, 262145ULL}) {
    BlockMap map(count);
    std::set<std::uint64_t> free;
    for (std::uint64_t block = 0; block < count; ++block) free.insert(block);
    std::mt19937_64 random(count);
    // Fill the map at random, as fio's draws do, checking the queries on the way down to the last free block.
    while (!free.empty()) {
      const std::uint64_t probe = random() % count;
      INFO("count " << count << ", " << free.size() << " free, probe " << probe);
      const bool probe_free = free.count(probe) == 1;
      REQUIRE(map.is_set(probe) == !probe_free);
      REQUIRE(map.next_free_after(probe) == plain_next_free(free, probe));
      const std::uint64_t block = probe_free ? probe : *plain_next_free(free, probe);
      map.set(block);
      free.erase(block);
      REQUIRE(map.full() == free.empty());
    }
    CHECK(map.next_free_after(0) == std::nullopt);
    map.clear();
    CHECK_FALSE(map.full());
    CHECK(map.next_free_after(count - 1) == 0);  // wraps to the start
  }
}

TEST_CASE("engine: BlockMap setting a block twice changes nothing") {
  BlockMap map(130);
  for (std::uint64_t block = 0; block < 64; ++block) map.set(block);
  map.set(10);
  CHECK(map.next_free_after(5) == 64);
  CHECK(map.next_free_after(129) == 64);
  CHECK_THROWS_AS(BlockMap(0), std::invalid_argument);
}

}  // namespace bench
