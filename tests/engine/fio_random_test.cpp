#include "engine/fio_random.h"

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

namespace bench {
namespace {

// The blocks of a 256-block file that fio 3.33 reads first under `fio --rw=randread --bs=4k --size=1M
// --norandommap --ioengine=null` with each generator and its default seeds (recorded from its --write_iolog;
// tests/engine/random_offsets_fio_test.cpp checks the whole sequences against the installed fio).
constexpr std::array<std::uint64_t, 10> kFioTausworthe = {15, 189, 215, 120, 102, 215, 97, 90, 233, 17};
constexpr std::array<std::uint64_t, 10> kFioTausworthe64 = {240, 6, 20, 25, 135, 6, 112, 85, 217, 194};
constexpr std::array<std::uint64_t, 10> kFioLfsr = {235, 205, 163, 196, 114, 41, 154, 93, 135, 248};

constexpr std::uint64_t kFirstJobSeed = 0xb1899bedULL;  // fio's block seed of thread 1 under randrepeat

}  // namespace

TEST_CASE("engine: fio's Tausworthe generators give fio's first offsets") {
  FioTausworthe32 taus(static_cast<std::uint32_t>(kFirstJobSeed));
  for (const std::uint64_t expected : kFioTausworthe) {
    const auto block = static_cast<std::uint64_t>(256.0 * (taus.next() / 4294967296.0));
    CHECK(block == expected);
  }
  FioTausworthe64 taus64(kFirstJobSeed);
  for (const std::uint64_t expected : kFioTausworthe64) {
    const double fraction = static_cast<double>(taus64.next()) / 18446744073709551616.0;  // / 2^64
    const auto block = static_cast<std::uint64_t>(256.0 * fraction);
    CHECK(block == expected);
  }
}

TEST_CASE("engine: fio's lfsr gives fio's first offsets and every value once per pass") {
  FioLfsr lfsr(256, kFirstJobSeed);
  for (const std::uint64_t expected : kFioLfsr) CHECK(lfsr.next() == expected);
  for (const std::uint64_t count : {1ULL, 2ULL, 7ULL, 8ULL, 9ULL, 255ULL, 256ULL, 1000ULL, 65537ULL}) {
    FioLfsr pass(count, 12345);
    for (int round = 0; round < 2; ++round) {
      std::vector<bool> seen(count);
      std::uint64_t drawn = 0;
      while (const std::optional<std::uint64_t> value = pass.next()) {
        REQUIRE(*value < count);
        CHECK_FALSE(seen[*value]);
        seen[*value] = true;
        ++drawn;
      }
      INFO("count " << count << ", round " << round);
      CHECK(drawn == count);
      pass.reset(12345);
    }
  }
  CHECK_THROWS_AS(FioLfsr(0, 1), std::invalid_argument);
  CHECK_THROWS_AS(FioLfsr(5, 7), std::invalid_argument);  // 3 bits, seed 7: the all-ones state
}

TEST_CASE("engine: a reset lfsr repeats its pass") {
  FioLfsr lfsr(1000, 99);
  std::vector<std::uint64_t> first;
  while (const auto value = lfsr.next()) first.push_back(*value);
  lfsr.reset(99);
  std::vector<std::uint64_t> second;
  while (const auto value = lfsr.next()) second.push_back(*value);
  CHECK(first == second);
}

TEST_CASE("engine: fio's between() spreads 1..100 evenly") {
  FioTausworthe32 taus(4242);
  std::array<int, 101> hits{};
  for (int i = 0; i < 100'000; ++i) {
    const std::uint32_t value = taus.between(1, 100);
    REQUIRE(value >= 1);
    REQUIRE(value <= 100);
    ++hits[value];
  }
  for (int value = 1; value <= 100; ++value) {
    INFO("value " << value);
    CHECK(hits[value] > 850);  // 1000 expected, sd ~31
    CHECK(hits[value] < 1150);
  }
}

TEST_CASE("engine: fio's job seeds") {
  // randrepeat (fio's default): the block seed is fixed per thread, whatever randseed says.
  CHECK(FioSeeds::for_job(std::nullopt, true, 1, "f").block_offsets == kFirstJobSeed);
  CHECK(FioSeeds::for_job(std::nullopt, true, 3, "f").block_offsets == 3 * kFirstJobSeed);
  CHECK(FioSeeds::for_job(7, true, 1, "f").block_offsets == kFirstJobSeed);
  // randrepeat=0 with a randseed: every seed comes from randseed.
  const FioSeeds seven = FioSeeds::for_job(7, false, 1, "f");
  const FioSeeds eight = FioSeeds::for_job(8, false, 1, "f");
  CHECK(seven.block_offsets != kFirstJobSeed);
  CHECK(seven.block_offsets != eight.block_offsets);
  CHECK(seven.zone != eight.zone);
  // The default randseed 0x89 stands when none is given.
  CHECK(FioSeeds::for_job(std::nullopt, true, 1, "f").zone == FioSeeds::for_job(0x89, true, 1, "f").zone);
  // The distribution seed follows the file name under randrepeat, and the block seed without it.
  CHECK(FioSeeds::for_job(std::nullopt, true, 1, "a").distribution !=
        FioSeeds::for_job(std::nullopt, true, 1, "b").distribution);
  CHECK(FioSeeds::for_job(std::nullopt, true, 2, "a").distribution ==
        2 * FioSeeds::for_job(std::nullopt, true, 1, "a").distribution);
  CHECK(seven.distribution == static_cast<std::uint32_t>(seven.block_offsets));
}

TEST_CASE("engine: fio_jhash mixes every byte of the tail and one of each word before it") {
  CHECK(fio_jhash("", 0) == 0x61C88647u);  // nothing to mix: the initial value
  std::set<std::uint32_t> values;
  for (const char* name : {"a", "b", "ab", "job.0.0", "job.1.0", "/tmp/x/file", "/tmp/x/filf"}) {
    values.insert(fio_jhash(name, 0));
  }
  CHECK(values.size() == 7);
  // fio's quirk: in blocks before the last 12 bytes only bytes 0, 4 and 8 of each 12 count.
  CHECK(fio_jhash("aXXXbXXXcXXX0123456789ab", 0) == fio_jhash("aYYYbYYYcYYY0123456789ab", 0));
  CHECK(fio_jhash("aXXXbXXXcXXX0123456789ab", 0) != fio_jhash("aXXXbXXXcXXX0123456789ac", 0));
}

}  // namespace bench
