// result/size_text.h: a size to a tenth of its largest binary unit, rounded as the caller says.
#include "result/size_text.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

namespace bench {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = kKiB * 1024;

TEST_CASE("size text: the largest unit of which it holds one, from the smallest unit asked") {
  CHECK(size_in_tenths(32 * kKiB, SmallestUnit::kKiB, TenthRounding::kDown) == "32.0 KiB");
  CHECK(size_in_tenths(32 * kKiB, SmallestUnit::kMiB, TenthRounding::kDown) == "0.0 MiB");
  CHECK(size_in_tenths(32 * kKiB, SmallestUnit::kMiB, TenthRounding::kUp) == "0.1 MiB");
  CHECK(size_in_tenths(40000 * kKiB, SmallestUnit::kKiB, TenthRounding::kDown) == "39.0 MiB");
  CHECK(size_in_tenths(3 * (kMiB << 10) / 2, SmallestUnit::kMiB, TenthRounding::kDown) == "1.5 GiB");
  CHECK(size_in_tenths(std::uint64_t{5} << 60, SmallestUnit::kKiB, TenthRounding::kDown) == "5.0 EiB");
}

TEST_CASE("size text: a tenth rounded down for a limit, up for a need, exact at the largest size") {
  CHECK(size_in_tenths(kMiB - 1, SmallestUnit::kKiB, TenthRounding::kDown) == "1023.9 KiB");
  CHECK(size_in_tenths(kMiB - 1, SmallestUnit::kKiB, TenthRounding::kUp) == "1024.0 KiB");
  CHECK(size_in_tenths(kMiB + 1, SmallestUnit::kMiB, TenthRounding::kDown) == "1.0 MiB");
  CHECK(size_in_tenths(kMiB + 1, SmallestUnit::kMiB, TenthRounding::kUp) == "1.1 MiB");
  CHECK(size_in_tenths(std::numeric_limits<std::uint64_t>::max(), SmallestUnit::kMiB, TenthRounding::kDown) ==
        "15.9 EiB");
  CHECK(size_in_tenths(std::numeric_limits<std::uint64_t>::max(), SmallestUnit::kMiB, TenthRounding::kUp) ==
        "16.0 EiB");
}

}  // namespace
}  // namespace bench
