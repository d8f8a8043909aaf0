// The cost of one request's offset (engine/random_offsets.h), which the job loop pays once per request: per
// generator, with and without the random map, per distribution, and with percentage_random.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/random_offsets.h"

namespace bench {
namespace {

RandomOffsetsSpec spec_of(std::uint64_t gib) {
  RandomOffsetsSpec spec;
  spec.region_bytes = gib << 30;
  spec.block_bytes = 4096;
  spec.time_based = true;  // passes restart: the map never runs out during a long benchmark
  spec.seeds = FioSeeds::for_job(std::nullopt, true, 1, "file");
  return spec;
}

void run(benchmark::State& state, const RandomOffsetsSpec& spec) {
  RandomOffsets offsets(spec);
  for (auto _ : state) benchmark::DoNotOptimize(offsets.next(FioDirection::kRead));
  state.SetItemsProcessed(state.iterations());
}

void BM_Offsets_Tausworthe_Map(benchmark::State& state) { run(state, spec_of(16)); }
void BM_Offsets_Tausworthe_NoMap(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.random_map = false;
  run(state, spec);
}
void BM_Offsets_Tausworthe64_NoMap(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.random_map = false;
  spec.generator = RandomGenerator::kTausworthe64;
  run(state, spec);
}
void BM_Offsets_Lfsr(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.generator = RandomGenerator::kLfsr;
  run(state, spec);
}
void BM_Offsets_Zipf(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(1);
  spec.distribution.kind = DistributionKind::kZipf;
  spec.distribution.parameter = 1.2;
  run(state, spec);
}
void BM_Offsets_Pareto(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.distribution.kind = DistributionKind::kPareto;
  spec.distribution.parameter = 0.9;
  run(state, spec);
}
void BM_Offsets_Normal(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.distribution.kind = DistributionKind::kNormal;
  run(state, spec);
}
void BM_Offsets_Zoned(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.distribution.kind = DistributionKind::kZoned;
  spec.distribution.zones[0] = {{60, 10, 0}, {30, 20, 0}, {10, 70, 0}};
  run(state, spec);
}
void BM_Offsets_PercentageRandom50(benchmark::State& state) {
  RandomOffsetsSpec spec = spec_of(16);
  spec.random_map = false;
  spec.percentage_random = {50, 50, 50};
  run(state, spec);
}

BENCHMARK(BM_Offsets_Tausworthe_Map);
BENCHMARK(BM_Offsets_Tausworthe_NoMap);
BENCHMARK(BM_Offsets_Tausworthe64_NoMap);
BENCHMARK(BM_Offsets_Lfsr);
BENCHMARK(BM_Offsets_Zipf);
BENCHMARK(BM_Offsets_Pareto);
BENCHMARK(BM_Offsets_Normal);
BENCHMARK(BM_Offsets_Zoned);
BENCHMARK(BM_Offsets_PercentageRandom50);

}  // namespace
}  // namespace bench
