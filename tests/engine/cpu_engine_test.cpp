// cpuio (engine/cpu_engine.h), as fio 3.33's: each request burns its chunk of CPU inline and completes with the 0
// bytes it asked for; the pause after it makes the burn cpuload percent of the cycle; the qsort pass is fio's.
#include "engine/cpu_engine.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "engine/make_io_engine.h"

namespace bench {
namespace {

TEST_CASE("cpuio: the pause after each burn makes it cpuload percent of the cycle, as fio's cpuio_init") {
  CHECK(cpu_think_time(50, 50000) == std::chrono::microseconds(50000));
  CHECK(cpu_think_time(100, 50000) == std::chrono::microseconds(0));
  CHECK(cpu_think_time(25, 1000) == std::chrono::microseconds(3000));
  CHECK(cpu_think_time(1, 50000) == std::chrono::microseconds(4950000));
  CHECK(cpu_think_time(33, 100) == std::chrono::microseconds(203));  // whole microseconds, rounded down as fio's
}

TEST_CASE("cpuio: fio's qsort data is its multiply-with-carry sequence, and its pass leaves it sorted down") {
  const std::vector<std::int32_t> data = qsort_data(4);
  // Marsaglia's mwc32 from fio's seeds (w 521288629, z 362436069), worked by hand for the first value:
  // z = 36969 * (362436069 & 65535) + (362436069 >> 16), w = 18000 * (521288629 & 65535) + (521288629 >> 16).
  const std::uint32_t z = 36969u * (362436069u & 65535u) + (362436069u >> 16);
  const std::uint32_t w = 18000u * (521288629u & 65535u) + (521288629u >> 16);
  CHECK(data[0] == static_cast<std::int32_t>((z << 16) + w));
  CHECK(data[0] != data[1]);
  std::vector<std::int32_t> sorted = qsort_data(1000);
  const auto bytes_of = [](const std::vector<std::int32_t>& values) {
    std::vector<unsigned char> bytes(values.size() * sizeof(std::int32_t));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    std::sort(bytes.begin(), bytes.end());
    return bytes;
  };
  const std::vector<unsigned char> bytes_before = bytes_of(sorted);
  qsort_pass(sorted);
  // The byte sort moves bytes across the integers, so the values change but the bytes stay; the pass ends with
  // a sort down over the int32 values.
  CHECK(bytes_of(sorted) == bytes_before);
  CHECK(std::is_sorted(sorted.begin(), sorted.end(), [](std::int32_t a, std::int32_t b) { return a > b; }));
  CHECK(sorted != qsort_data(1000));
}

TEST_CASE("cpuio engine: each request burns at least its chunk inline and completes with its 0 bytes") {
  std::vector<int> fds{-1};
  std::vector<std::byte> buffers(4096);
  EngineSetup setup{1, fds, buffers, 4096};
  setup.cpu_chunk_us = 2000;
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kCpuio, setup);
  CHECK(engine->kind() == EngineKind::kCpuio);
  std::vector<IoCompletion> completions;
  for (std::uint64_t tag = 0; tag < 3; ++tag) {
    const IoRequest request{IoOp::kRead, 0, 0, 0, 0, tag};
    const auto start = std::chrono::steady_clock::now();
    engine->submit({&request, 1});
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::microseconds(2000));
    CHECK(engine->in_flight() == 1);
    REQUIRE(engine->reap(1, 1, completions) == 1);
  }
  for (std::size_t i = 0; i < completions.size(); ++i) {
    CHECK(completions[i].tag == i);
    CHECK(completions[i].result == 0);
  }
  setup.cpu_qsort = true;
  const std::unique_ptr<IoEngine> sorting = make_io_engine(EngineKind::kCpuio, setup);
  const IoRequest request{IoOp::kRead, 0, 0, 0, 0, 9};
  sorting->submit({&request, 1});
  completions.clear();
  REQUIRE(sorting->reap(1, 1, completions) == 1);
  CHECK(completions[0].result == 0);
}

}  // namespace
}  // namespace bench
