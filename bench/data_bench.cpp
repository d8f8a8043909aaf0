// The cost per byte of what goes into buffers and how it is checked (src/data/): each verify checksum, the
// random and compressible fills, a scramble, and a verified block's fill and check. Bytes per second are
// Google Benchmark's (bytes_per_second), on 64 KiB buffers except where a 4 KiB block is the unit.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "data/buffer_fill.h"
#include "data/checksum.h"
#include "data/random_fill.h"
#include "data/verify.h"

namespace bench {
namespace {

std::vector<std::byte> random_buffer(std::size_t size) {
  std::vector<std::byte> buffer(size);
  fill_random(buffer, 1);
  return buffer;
}

void BM_Checksum(benchmark::State& state, ChecksumKind kind) {
  const std::vector<std::byte> buffer = random_buffer(64 << 10);
  for (auto _ : state) benchmark::DoNotOptimize(checksum(kind, buffer));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}

void BM_Crc32cPortable(benchmark::State& state) {
  const std::vector<std::byte> buffer = random_buffer(64 << 10);
  for (auto _ : state) benchmark::DoNotOptimize(crc32c_portable(buffer));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}

void BM_FillRandom(benchmark::State& state) {
  std::vector<std::byte> buffer(64 << 10);
  std::uint64_t seed = 0;
  for (auto _ : state) {
    fill_random(buffer, ++seed);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}

void BM_FillCompressible50(benchmark::State& state) {
  std::vector<std::byte> buffer(64 << 10);
  std::uint64_t seed = 0;
  for (auto _ : state) {
    fill_compressible(buffer, ++seed, 50, 512, {});
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}

void BM_Scramble4k(benchmark::State& state) {
  std::vector<std::byte> buffer = random_buffer(4096);
  std::uint64_t stamp = 0;
  for (auto _ : state) {
    scramble_buffer(buffer, 8192, ++stamp);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * buffer.size()));
}

void BM_VerifyFill4k(benchmark::State& state, VerifyMethod method) {
  VerifySpec spec;
  spec.method = method;
  const BlockVerifier verifier(spec, 3);
  std::vector<std::byte> block(4096);
  std::uint64_t offset = 0;
  for (auto _ : state) {
    verifier.fill(block, {offset += 4096, 0, 0});
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * block.size()));
}

void BM_VerifyCheck4k(benchmark::State& state, VerifyMethod method) {
  VerifySpec spec;
  spec.method = method;
  const BlockVerifier verifier(spec, 3);
  std::vector<std::byte> block(4096);
  verifier.fill(block, {4096, 0, 0});
  ExpectedBlock expected;
  expected.offset = 4096;
  for (auto _ : state) benchmark::DoNotOptimize(verifier.check(block, expected));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * block.size()));
}

BENCHMARK_CAPTURE(BM_Checksum, crc32c, ChecksumKind::kCrc32c);
BENCHMARK(BM_Crc32cPortable);
BENCHMARK_CAPTURE(BM_Checksum, md5, ChecksumKind::kMd5);
BENCHMARK_CAPTURE(BM_Checksum, sha1, ChecksumKind::kSha1);
BENCHMARK_CAPTURE(BM_Checksum, sha256, ChecksumKind::kSha256);
BENCHMARK_CAPTURE(BM_Checksum, sha512, ChecksumKind::kSha512);
BENCHMARK_CAPTURE(BM_Checksum, xxhash, ChecksumKind::kXxhash32);
BENCHMARK(BM_FillRandom);
BENCHMARK(BM_FillCompressible50);
BENCHMARK(BM_Scramble4k);
BENCHMARK_CAPTURE(BM_VerifyFill4k, crc32c, VerifyMethod::kCrc32c);
BENCHMARK_CAPTURE(BM_VerifyFill4k, md5, VerifyMethod::kMd5);
BENCHMARK_CAPTURE(BM_VerifyFill4k, sha256, VerifyMethod::kSha256);
BENCHMARK_CAPTURE(BM_VerifyCheck4k, crc32c, VerifyMethod::kCrc32c);
BENCHMARK_CAPTURE(BM_VerifyCheck4k, md5, VerifyMethod::kMd5);
BENCHMARK_CAPTURE(BM_VerifyCheck4k, sha256, VerifyMethod::kSha256);

}  // namespace
}  // namespace bench
