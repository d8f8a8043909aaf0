#pragma once
// What the data tests measure: how well bytes compress (zlib at level 6, as a compressing device or
// filesystem would), and how many blocks of a stream repeat an earlier one (as a deduplicating one would).
#include <cstddef>
#include <cstdint>
#include <span>

namespace bench::test {

// Compressed size / original size under zlib's compress2 at level 6.
double zlib_ratio(std::span<const std::byte> data);

// The share of the `block_bytes` blocks of `data` that are equal to an earlier block.
double duplicate_share(std::span<const std::byte> data, std::size_t block_bytes);

}  // namespace bench::test
