#include "engine/strided_offsets.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

// `count` offsets of `direction`'s requests of kBlock bytes, in KiB; a request fio would not make ends the list.
std::vector<std::uint64_t> kib_offsets(StridedOffsets& offsets, std::size_t count, unsigned direction = 0) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<std::uint64_t> offset = offsets.next(direction, kBlock);
    if (!offset) break;
    out.push_back(*offset / 1024);
  }
  return out;
}

}  // namespace

TEST_CASE("strided zones: zonesize bytes of each zone, then zonerange + zoneskip on, back to the start past the end") {
  // fio 3.33 on a 256 KiB file, --zonemode=strided --zonesize=8k --zoneskip=24k (zonerange = zonesize): two blocks at
  // 0, 32, 64, ... 224 KiB, then from 0 again (its strace).
  StridedOffsets offsets({8192, 8192, 24576}, 256 * 1024, 256 * 1024, false);
  const std::vector<std::uint64_t> first = kib_offsets(offsets, 18);
  CHECK(first == std::vector<std::uint64_t>{0, 4, 32, 36, 64, 68, 96, 100, 128, 132, 160, 164, 192, 196, 224, 228, 0, 4});
}

TEST_CASE("strided zones: a zonesize below zonerange reads the zone's start, above it the zone again") {
  StridedOffsets part({8192, 16384, 0}, 64 * 1024, 0, false);  // 8 KiB of each 16 KiB zone
  CHECK(kib_offsets(part, 8) == std::vector<std::uint64_t>{0, 4, 16, 20, 32, 36, 48, 52});
  StridedOffsets again({16384, 8192, 8192}, 64 * 1024, 0, false);  // each 8 KiB zone twice, then 8 KiB skipped
  CHECK(kib_offsets(again, 8) == std::vector<std::uint64_t>{0, 4, 0, 4, 16, 20, 16, 20});
}

TEST_CASE("strided zones: a request past the region's end ends the job, and time_based starts the direction over") {
  // A 12 KiB zone in a 20 KiB region: the zone at 16 KiB holds one block only, then its second request passes the end.
  StridedOffsets ends({12288, 12288, 4096}, 20 * 1024, 0, false);
  CHECK(kib_offsets(ends, 10) == std::vector<std::uint64_t>{0, 4, 8, 16});
  CHECK(!ends.next(0, kBlock));
  CHECK(ends.wraps() == 0);
  CHECK_THROWS_AS(StridedOffsets({0, 4096, 0}, 8192, 0, false), std::invalid_argument);
  CHECK_THROWS_AS(StridedOffsets({4096, 0, 0}, 8192, 0, false), std::invalid_argument);
}

TEST_CASE("strided zones: each direction keeps its position, the zone and its byte count are shared") {
  StridedOffsets offsets({8192, 8192, 8192}, 64 * 1024, 0, false);
  CHECK(offsets.next(0, kBlock) == 0u);
  CHECK(offsets.next(1, kBlock) == 0u);  // the writes' own position: the zone's start
  // The zone's 8 KiB are done: the read moves on to the next zone; the writes' position is left in the first,
  // before the zone, where fio finds no next request for them (its offset modulo 2^64 is past the region).
  CHECK(offsets.next(0, kBlock) == 16384u);
  CHECK(offsets.next(1, kBlock) == std::nullopt);
}

TEST_CASE("strided zones: the zones run to the file's end, past a smaller region, and time_based starts a direction over") {
  // size=16k of a 64 KiB file: the zones at 0, 16, 32 and 48 KiB, back at 0 only past the file's end (fio's
  // real_file_size), while the job's size ends it (the caller counts the bytes).
  StridedOffsets offsets({4096, 4096, 12288}, 16 * 1024, 64 * 1024, false);
  CHECK(kib_offsets(offsets, 5) == std::vector<std::uint64_t>{0, 16, 32, 48, 0});
  // zonesize above a region of one block, time_based: the direction's position passes the region and starts over
  // at its zone's start (fio's time_based wrap), counted.
  StridedOffsets looping({8192, 8192, 0}, 4096, 0, true);
  CHECK(kib_offsets(looping, 3) == std::vector<std::uint64_t>{0, 0, 0});
  CHECK(looping.wraps() >= 1);
}

}  // namespace bench
