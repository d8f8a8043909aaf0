#include "result/default_file_size.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

}  // namespace

TEST_CASE("result: default file size follows bonnie++'s rule") {
  CHECK(default_file_size_bytes(0) == 300 * kMiB);      // -r 0
  CHECK(default_file_size_bytes(300) == 1024 * kMiB);   // 600 % 1024 > 512: up to 1G
  CHECK(default_file_size_bytes(200) == 400 * kMiB);    // 400 % 1024 <= 512
  CHECK(default_file_size_bytes(256) == 512 * kMiB);    // exactly 512: not rounded
  CHECK(default_file_size_bytes(24104) == 48208 * kMiB);  // the measured machine: 48208 % 1024 = 80
  CHECK(default_file_size_bytes(100) == 300 * kMiB);    // at least 300
  CHECK(default_file_size_bytes(1000) == 2048 * kMiB);  // 2000 % 1024 = 976
  CHECK(default_file_size_bytes(700) == 1400 * kMiB);   // 1400 % 1024 = 376
  CHECK(default_file_size_bytes(kMaxRamMib) == 2 * kMaxRamMib * kMiB);
}

TEST_CASE("result: a default file size is bounded by free space, with a margin, and says so") {
  constexpr std::uint64_t kGiB = 1024 * kMiB;
  RunSetup setup;
  setup.io = IoSpec{3 * kGiB, 8192, 8192, 5, 3 * kMiB};
  setup.file_size_choice = "the rule";
  SUBCASE("room enough: unchanged") {
    fit_default_file_size(setup, 1, 100 * kGiB);
    CHECK(setup.io->file_size_bytes == 3 * kGiB);
    CHECK(setup.file_size_choice == "the rule");
  }
  SUBCASE("5 GiB free: 4 GiB usable (a margin of 1 GiB), for 2 workers on 1 rank") {
    setup.concurrency = 2;
    fit_default_file_size(setup, 1, 5 * kGiB);
    CHECK(setup.io->file_size_bytes == 2 * kGiB);
    CHECK(test::contains(setup.file_size_choice, "the rule; bounded by free space (5.0 GiB free"));
  }
  SUBCASE("50 GiB free: a tenth kept; 3 ranks") {
    setup.io->file_size_bytes = 40 * kGiB;
    fit_default_file_size(setup, 3, 50 * kGiB);
    CHECK(setup.io->file_size_bytes == 15 * kGiB);
  }
  SUBCASE("almost nothing free: the smallest default, which the free-space check then refuses") {
    fit_default_file_size(setup, 1, 100 * kMiB);
    CHECK(setup.io->file_size_bytes == kMinDefaultFileBytes);
    CHECK(setup.io->per_char_bytes == 3 * kMiB);
  }
  SUBCASE("-s given: never changed") {
    setup.file_size_choice.clear();
    fit_default_file_size(setup, 1, 2 * kGiB);
    CHECK(setup.io->file_size_bytes == 3 * kGiB);
  }
}

TEST_CASE("result: the dropped-cache default is the larger of 1 GiB and RAM/8") {
  CHECK(dropped_cache_file_size_bytes(0) == 1024 * kMiB);
  CHECK(dropped_cache_file_size_bytes(8191) == 1024 * kMiB);
  CHECK(dropped_cache_file_size_bytes(24104) == 3013 * kMiB);
  CHECK(dropped_cache_file_size_bytes(kMaxRamMib) == kMaxRamMib / 8 * kMiB);
}

}  // namespace bench
