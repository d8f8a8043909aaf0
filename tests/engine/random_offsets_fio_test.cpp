// bench++'s random offsets against fio 3.33's own: the same job run by fio on its null engine (which draws
// offsets as any engine does and touches no file), its --write_iolog read back, and every request's offset
// asked of RandomOffsets with the same options and seeds. They must be the same, request for request.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "cli/fio_distribution.h"
#include "cli/fio_options.h"
#include "engine/random_offsets.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

FioDirection direction_of(const test::FioLoggedRequest& request) {
  return request.action == "read" ? FioDirection::kRead
         : request.action == "write" ? FioDirection::kWrite
                                     : FioDirection::kTrim;
}

struct Comparison {
  std::vector<std::uint64_t> fio;    // fio's offsets, in order
  std::vector<std::uint64_t> bench;  // RandomOffsets' for the same directions
};

// fio's offsets for `options` on a region of `region_bytes`, and RandomOffsets' for `spec` (seeded as fio seeds
// its first job on dir/file, with `randseed`/`randrepeat`), asked in fio's order of directions. A pass that
// ends (without time_based, where RandomOffsets goes on by itself) is started again reseeded, as fio does.
Comparison compare_with_fio(const test::TempDir& dir, const std::vector<std::string>& options,
                            RandomOffsetsSpec spec, std::optional<std::uint64_t> randseed = std::nullopt,
                            bool randrepeat = true) {
  Comparison result;
  const std::vector<test::FioLoggedRequest> logged = test::fio_null_requests(dir.path(), options);
  spec.seeds = FioSeeds::for_job(randseed, randrepeat, 1, (dir.path() / "file").string());
  std::optional<RandomOffsets> offsets(spec);
  for (const test::FioLoggedRequest& request : logged) {
    result.fio.push_back(request.offset);
    std::optional<std::uint64_t> offset = offsets->next(direction_of(request), request.length);
    if (!offset) {
      offsets.emplace(spec);
      offset = offsets->next(direction_of(request), request.length);
    }
    result.bench.push_back(offset.value_or(~std::uint64_t{0}));
  }
  return result;
}

RandomOffsetsSpec spec_of(std::uint64_t region_bytes) {
  RandomOffsetsSpec spec;
  spec.region_bytes = region_bytes;
  spec.block_bytes = kBlock;
  return spec;
}

DistributionSpec distribution(std::string_view text) {
  return parse_random_distribution(text, [](std::string_view size) { return parse_fio_size(size, 1024); });
}

// The index of the first request where the two differ, or -1.
long first_difference(const Comparison& comparison) {
  const auto [fio, bench] = std::mismatch(comparison.fio.begin(), comparison.fio.end(), comparison.bench.begin());
  return fio == comparison.fio.end() ? -1 : fio - comparison.fio.begin();
}

void check_same(const Comparison& comparison, std::size_t expected_requests) {
  CHECK(comparison.fio.size() >= expected_requests);
  const long difference = first_difference(comparison);
  if (difference >= 0) {
    INFO("request " << difference << ": fio " << comparison.fio[difference] << ", bench++ "
                    << comparison.bench[difference]);
    CHECK(difference == -1);
  }
}

// The share of the requests that went to the hottest `fraction` of the blocks that were hit.
double hottest_share(const std::vector<std::uint64_t>& offsets, std::uint64_t blocks, double fraction) {
  std::vector<std::uint64_t> hits(blocks);
  for (const std::uint64_t offset : offsets) ++hits[offset / kBlock];
  std::sort(hits.begin(), hits.end(), std::greater<>());
  const auto top = static_cast<std::size_t>(static_cast<double>(blocks) * fraction);
  return static_cast<double>(std::accumulate(hits.begin(), hits.begin() + top, std::uint64_t{0})) /
         static_cast<double>(offsets.size());
}

}  // namespace

TEST_CASE("engine: fio's uniform offsets, with and without its random map, with each generator") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> base = {"--rw=randread", "--bs=4k", "--size=16M"};
  RandomOffsetsSpec spec = spec_of(16 << 20);
  SUBCASE("tausworthe, randommap (fio's default)") {
    check_same(compare_with_fio(dir, base, spec), 4096);
  }
  SUBCASE("tausworthe, norandommap") {
    spec.random_map = false;
    check_same(compare_with_fio(dir, test::with(base, {"--norandommap"}), spec), 4096);
  }
  SUBCASE("tausworthe64, randommap") {
    spec.generator = RandomGenerator::kTausworthe64;
    check_same(compare_with_fio(dir, test::with(base, {"--random_generator=tausworthe64"}), spec), 4096);
  }
  SUBCASE("lfsr") {
    spec.generator = RandomGenerator::kLfsr;
    check_same(compare_with_fio(dir, test::with(base, {"--random_generator=lfsr"}), spec), 4096);
  }
  SUBCASE("randseed with randrepeat=0") {
    spec.random_map = false;
    check_same(compare_with_fio(dir, test::with(base, {"--norandommap", "--randrepeat=0", "--randseed=1234"}),
                                spec, 1234, false),
               4096);
  }
}

TEST_CASE("engine: fio's offsets over passes: io_size beyond size, and time_based") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  RandomOffsetsSpec spec = spec_of(1 << 20);
  SUBCASE("io_size three times size") {
    check_same(compare_with_fio(dir, {"--rw=randread", "--bs=4k", "--size=1M", "--io_size=3M"}, spec), 768);
  }
  SUBCASE("time_based") {
    spec.time_based = true;
    check_same(compare_with_fio(dir, {"--rw=randread", "--bs=4k", "--size=1M", "--time_based", "--runtime=20ms"},
                                spec),
               1000);
  }
  SUBCASE("time_based with lfsr") {
    spec.time_based = true;
    spec.generator = RandomGenerator::kLfsr;
    check_same(compare_with_fio(dir, {"--rw=randread", "--bs=4k", "--size=1M", "--time_based", "--runtime=20ms",
                                      "--random_generator=lfsr"},
                                spec),
               1000);
  }
  SUBCASE("time_based with percentage_random: the sequential part wraps at the end") {
    spec.time_based = true;
    spec.percentage_random = {50, 100, 100};
    check_same(compare_with_fio(dir, {"--rw=randread", "--bs=4k", "--size=1M", "--time_based", "--runtime=20ms",
                                      "--percentage_random=50"},
                                spec),
               1000);
  }
}

TEST_CASE("engine: fio's zipf, pareto and normal offsets") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::vector<std::string> base = {"--rw=randread", "--bs=4k", "--size=16M"};
  RandomOffsetsSpec spec = spec_of(16 << 20);
  for (const std::string text : {"zipf:1.2", "zipf:0.8:0.3", "pareto:0.3", "pareto:0.9:0.5", "normal", "normal:10",
                                 "normal:5:0.75"}) {
    INFO(text);
    spec.distribution = distribution(text);
    check_same(compare_with_fio(dir, test::with(base, {"--random_distribution=" + text}), spec), 4096);
  }
}

TEST_CASE("engine: fio's zoned offsets, and percentage_random in a mixed job") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  RandomOffsetsSpec spec = spec_of(16 << 20);
  for (const std::string text : {"zoned:60/10:30/20:10/70", "zoned:50/50:50", "zoned_abs:70/2M:30/6M"}) {
    INFO(text);
    spec.distribution = distribution(text);
    check_same(compare_with_fio(dir, {"--rw=randrw", "--bs=4k", "--size=16M", "--random_distribution=" + text},
                                spec),
               4096);
  }
  spec.distribution = {};
  spec.percentage_random = {40, 70, 100};
  check_same(compare_with_fio(dir, {"--rw=randrw", "--bs=4k", "--size=16M", "--percentage_random=40,70"}, spec),
             4096);
}

TEST_CASE("engine: zipf:1.2's shape against fio's: the hottest 1 % and 10 % of blocks take the same share") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  RandomOffsetsSpec spec = spec_of(64 << 20);
  spec.distribution = distribution("zipf:1.2");
  // A different seed from fio's (a second job's): the shape must hold whatever the seed.
  const std::vector<test::FioLoggedRequest> logged = test::fio_null_requests(
      dir.path(), {"--rw=randread", "--bs=4k", "--size=64M", "--norandommap", "--random_distribution=zipf:1.2"});
  std::vector<std::uint64_t> fio;
  for (const test::FioLoggedRequest& request : logged) fio.push_back(request.offset);
  spec.seeds = FioSeeds::for_job(std::nullopt, true, 2, "another file");
  RandomOffsets offsets(spec);
  std::vector<std::uint64_t> bench;
  for (std::size_t i = 0; i < fio.size(); ++i) bench.push_back(*offsets.next(FioDirection::kRead));
  REQUIRE(fio.size() == 16384);
  for (const double fraction : {0.01, 0.1}) {
    const double fio_share = hottest_share(fio, 16384, fraction);
    const double bench_share = hottest_share(bench, 16384, fraction);
    INFO("hottest " << fraction << ": fio " << fio_share << ", bench++ " << bench_share);
    CHECK(std::abs(fio_share - bench_share) < 0.02);  // theta 1.1 or 1.3 is 0.08 away at 1 %, 0.04 at 10 %
  }
}

}  // namespace bench
