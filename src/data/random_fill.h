#pragma once
// Seeded pseudo-random bytes for write buffers and verified blocks, and fio's compressible layout of them.
// The bytes are bench++'s own (not fio's), the same for the same seed on every machine, and cheap: about a
// multiply per 8 bytes in four independent lanes. Not cryptographic: the point is data that neither a
// compressor nor a deduplicating device can shrink.
#include <cstddef>
#include <cstdint>
#include <span>

namespace bench {

// SplitMix64's finaliser: a bijective mix of 64 bits, used to derive seeds from seeds.
constexpr std::uint64_t mix_seed(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The seed of part `index` of what `seed` names (a buffer's chunk, a job's content number, ...).
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
  return mix_seed(seed ^ mix_seed(index + 0x9e3779b97f4a7c15ULL));
}

// Fills `out` with the byte stream of `seed` (the first n bytes of a longer fill are the n bytes of a shorter).
void fill_random(std::span<std::byte> out, std::uint64_t seed);

// fio's buffer_compress_percentage layout of `out`: in each segment of `segment_bytes` (the last may be
// shorter) the first (100 - percent) % of its bytes, rounded down, are random (each segment seeded from `seed`
// and its index) and the rest is `filler` repeated from the start of that rest, or zeros when `filler` is
// empty. percent 0: all random; 100: all filler.
// REQUIRES: percent <= 100, segment_bytes > 0.
void fill_compressible(std::span<std::byte> out, std::uint64_t seed, std::uint32_t percent,
                       std::uint32_t segment_bytes, std::span<const std::byte> filler);

// Repeats `pattern` over `out` from its first byte (fio's cpy_pattern). REQUIRES: pattern not empty.
void fill_repeating(std::span<std::byte> out, std::span<const std::byte> pattern);

}  // namespace bench
