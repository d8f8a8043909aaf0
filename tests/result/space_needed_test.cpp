// The checked size arithmetic (result/size_arithmetic.h) and the disk space a run needs (result/space_needed.h):
// exact, or nullopt where the exact figure does not fit in 64 bits, never a wrapped small number.
#include "result/space_needed.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>

namespace bench {
namespace {

constexpr std::uint64_t kMax = UINT64_MAX;

TEST_CASE("size arithmetic: exact products and sums, nullopt past 64 bits, nullopt stays nullopt") {
  CHECK(checked_multiply(0, kMax) == 0u);
  CHECK(checked_multiply(kMax, 1) == kMax);
  CHECK(checked_multiply(std::uint64_t{1} << 32, std::uint64_t{1} << 31) == std::uint64_t{1} << 63);
  CHECK(checked_multiply(std::uint64_t{1} << 32, std::uint64_t{1} << 32) == std::nullopt);
  CHECK(checked_multiply(kMax / 3 + 1, 3) == std::nullopt);
  CHECK(checked_add(kMax - 1, 1) == kMax);
  CHECK(checked_add(kMax, 1) == std::nullopt);
  CHECK(checked_multiply(checked_add(kMax, 1), 0) == std::nullopt);  // an overflow is not hidden by a later 0
  CHECK(checked_round_up(5000, 4096) == 8192u);
  CHECK(checked_round_up(8192, 4096) == 8192u);
  CHECK(checked_round_up(kMax, 4096) == std::nullopt);
  CHECK(checked_round_up(kMax - kMax % 4096, 4096) == kMax - kMax % 4096);
  static_assert(checked_multiply(3, 4) == 12u);  // usable in constant expressions
  CHECK(checked_scale(1000, 0.1) == 100u);
  CHECK(checked_scale(std::uint64_t{1} << 60, 8.0) == std::uint64_t{1} << 63);
  CHECK(checked_scale(std::uint64_t{1} << 60, 16.0) == std::nullopt);  // 2^64: once an undefined conversion
  CHECK(checked_scale(kMax, 1000.0) == std::nullopt);
  CHECK(checked_scale(5, -1.0) == std::nullopt);
  CHECK(checked_scale(5, std::numeric_limits<double>::quiet_NaN()) == std::nullopt);
}

TEST_CASE("space needed: a file set rounds each file up to 4 KiB, and empty files and links take no data blocks") {
  FileSpec spec;
  spec.count_k = 2;
  CHECK(file_set_bytes_needed(spec) == 0u);
  spec.max_size_bytes = 5000;
  spec.min_size_bytes = 100;
  CHECK(file_set_bytes_needed(spec) == 2048u * 8192u);
  spec.max_size_bytes = 4096;
  CHECK(file_set_bytes_needed(spec) == 2048u * 4096u);
  spec.content = FileContent::kSymLink;
  CHECK(file_set_bytes_needed(spec) == 0u);
}

TEST_CASE("space needed: the products of -n 1:18446744073709551615 and 28339:1t do not fit and say so") {
  FileSpec spec;
  spec.count_k = 1;
  spec.max_size_bytes = kMax;  // rounding up to a block alone overflows: it once wrapped to a few bytes
  CHECK(file_set_bytes_needed(spec) == std::nullopt);
  spec.count_k = 28339;
  spec.max_size_bytes = std::uint64_t{1} << 40;
  CHECK(file_set_bytes_needed(spec) == std::nullopt);
  spec.count_k = 1;
  CHECK(file_set_bytes_needed(spec) == std::uint64_t{1} << 50);
}

TEST_CASE("space needed: a run takes its largest test's file per worker, for every worker of every rank") {
  RunSetup setup;
  CHECK(run_bytes_needed(setup, 1) == 0u);
  setup.io = IoSpec{};
  setup.io->file_size_bytes = 100 << 20;
  setup.files = FileSpec{};  // 16 x 1024 empty files
  setup.sync_test = SyncTestSpec{};  // 22 MiB
  setup.concurrency = 4;
  CHECK(worker_bytes_needed(setup) == 100u << 20);
  CHECK(run_bytes_needed(setup, 3) == 12u * (100u << 20));
  setup.files->max_size_bytes = 1 << 20;
  CHECK(worker_bytes_needed(setup) == std::uint64_t{16} << 30);  // the file set is now the largest

  setup.io->file_size_bytes = std::uint64_t{1} << 62;
  setup.files.reset();
  CHECK(run_bytes_needed(setup, 1) == std::nullopt);  // 4 workers x 2^62
  setup.concurrency = 1;
  CHECK(run_bytes_needed(setup, 4) == std::nullopt);  // 4 ranks x 2^62
  CHECK(run_bytes_needed(setup, 3) == 3 * (std::uint64_t{1} << 62));
}

TEST_CASE("space needed: inodes for every worker's files and subdirectories on every rank") {
  RunSetup setup;
  CHECK(run_inodes_needed(setup, 2) == 0u);
  setup.files = FileSpec{};
  setup.files->count_k = 1;
  setup.files->dirs = 10;
  setup.concurrency = 3;
  // Per worker (3 on each of 2 ranks): 1024 files, 10 subdirectories (per worker, not per rank), its own two
  // directories and a test file; then the private directory and the 2 rank directories (none with one rank).
  CHECK(run_inodes_needed(setup, 2) == 6u * (1024 + 10 + 3) + 1 + 2);
  setup.files->dirs = 1;  // no subdirectories
  CHECK(run_inodes_needed(setup, 1) == 3u * (1024 + 3) + 1);
  setup.files->content = FileContent::kHardLink;  // every name a link to one file
  CHECK(run_inodes_needed(setup, 1) == 3u * (1 + 3) + 1);
}

}  // namespace
}  // namespace bench
