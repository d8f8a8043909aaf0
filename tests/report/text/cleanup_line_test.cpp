// The progress line before a long clean-up (report/text/cleanup_line.h).
#include "report/text/cleanup_line.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

TEST_CASE("cleanup line: files of 64 MiB or more together are announced, with their count and size") {
  CHECK(cleanup_line({2, 1024 * kMiB}) == "Removing 2 files, 1.0 GiB");
  CHECK(cleanup_line({1, 64 * kMiB}) == "Removing 1 file, 64.0 MiB");
  CHECK(cleanup_line({3, 1536 * kMiB + 1}) == "Removing 3 files, 1.5 GiB");
  CHECK(cleanup_line({1, 64 * kMiB - 1}) == std::nullopt);
  CHECK(cleanup_line({40, 0}) == std::nullopt);  // many empty files are quick to remove
}

}  // namespace
}  // namespace bench
