#pragma once
// fio's data patterns (buffer_pattern, verify_pattern): the grammar fio 3.33 reads and the pattern's bytes.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "result/data_options.h"

namespace bench {


inline constexpr std::size_t kMaxPatternBytes = 512;  // fio's MAX_PATTERN_SIZE

// Parses a pattern as fio does: pieces written one after another, each a "string" in double quotes (its
// bytes), a hexadecimal number 0x... (its digits' bytes in the order written, an odd first digit padded), a
// decimal number within a 32-bit int (its non-zero low bytes, little-endian; 0 is one zero byte), or, with
// `allow_offset_fields`, %o. Examples: 0xdeadbeef, "abcd", 66 (one byte 0x42), -1024 (00 fc ff ff),
// "123"0xFFeeCC. Throws ValueError (result/errors.h) with a one-line message for anything else: an empty text, a
// 'file' piece (which fio reads from a file; bench++ does not), more than 512 bytes.
FioPattern parse_fio_pattern(std::string_view text, bool allow_offset_fields);

// The pattern as laid into a buffer for a request at `offset`: its bytes with the %o fields filled in, into the
// first pattern.bytes.size() bytes of `out` (no allocation). REQUIRES: out is at least that long.
void lay_pattern(const FioPattern& pattern, std::uint64_t offset, std::span<std::byte> out);

// The first position in `data` that differs from `pattern` repeated from the phase `phase` (the index in the
// pattern of data[0]), or nullopt when all match. REQUIRES: pattern not empty, phase < pattern.size().
std::optional<std::size_t> first_pattern_mismatch(std::span<const std::byte> data, std::span<const std::byte> pattern,
                                                  std::size_t phase);

}  // namespace bench
