// Google Benchmark of the per-operation measurement cost: recording one latency sample, and the
// steady_clock read that surrounds every operation. Built with -DBENCH_MICROBENCH=ON; run by
// scripts/micro-bench.sh.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <vector>

#include "measure/latency_histogram.h"
#include "measure/stopwatch.h"

namespace {

// Latencies spread over four decades, as a real run records them; precomputed so the loop measures
// record() and not the generator.
std::vector<std::uint64_t> sample_latencies() {
  std::vector<std::uint64_t> values(4096);
  std::uint64_t x = 88172645463325252ULL;
  for (auto& v : values) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v = 1'000 + x % 10'000'000;
  }
  return values;
}

void BM_RecordLatencySample(benchmark::State& state) {
  bench::LatencyHistogram histogram;
  const auto values = sample_latencies();
  std::size_t i = 0;
  for (auto _ : state) {
    histogram.record(values[i++ & 4095]);
  }
  benchmark::DoNotOptimize(histogram.count());
}
BENCHMARK(BM_RecordLatencySample);

void BM_SteadyClockPair(benchmark::State& state) {
  bench::LatencyHistogram histogram;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    histogram.record(bench::nanos_between(start, std::chrono::steady_clock::now()));
  }
  benchmark::DoNotOptimize(histogram.count());
}
BENCHMARK(BM_SteadyClockPair);

void BM_MergeHistograms(benchmark::State& state) {
  bench::LatencyHistogram a, b;
  for (auto v : sample_latencies()) a.record(v);
  for (auto _ : state) {
    b.merge(a);
  }
  benchmark::DoNotOptimize(b.count());
}
BENCHMARK(BM_MergeHistograms);

}  // namespace

BENCHMARK_MAIN();
