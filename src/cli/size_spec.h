#pragma once
// Pure parsers for the value grammars of the command line: sizes with k/m/g/t suffixes, counts, and the
// compound -s and -n specs of bonnie++. No I/O, no global state.
//
// Every function throws bench::UsageError with one line of the form
//   invalid <option> value '<text>': <reason>
// e.g. "invalid -s value '16x': unknown size suffix 'x'".
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "result/run_setup.h"
#include "result/test_spec.h"

namespace bench {

// The unit of a size written without a suffix.
enum class SizeUnit : std::uint64_t {
  kBytes = 1,
  kKiB = 1024,
  kMiB = 1024 * 1024,
};

// Chunk sizes (-s chunk, -n chunk) must be a power of two in this range, in bytes.
inline constexpr std::uint64_t kMinChunkBytes = 256;
inline constexpr std::uint64_t kMaxChunkBytes = 1024 * 1024;
// -s seekers range.
inline constexpr std::uint64_t kMaxSeekers = 1000;
// -n dirs range is 1..kMaxFileDirs.
inline constexpr std::uint64_t kMaxFileDirs = 99999;
// bonnie++ keeps about 37 bytes of name bookkeeping per file and refuses more than 1 MiB of it per 1024
// files, so -n (in units of 1024 files) is limited to 1048576 / 37.
inline constexpr std::uint64_t kFileBookkeepingBytes = 37;
inline constexpr std::uint64_t kMaxFileCountK = (1024 * 1024) / kFileBookkeepingBytes;  // 28339
// --sync-size: the largest single write of the fsync latency test.
inline constexpr std::uint64_t kMaxSyncWriteBytes = 1024 * 1024;

// Parses "<digits>[k|m|g|t]" (suffix case-insensitive, K = 1024) and returns bytes; a number without a
// suffix is in `default_unit`. Rejects an empty value, signs, fractions, unknown suffixes and overflow.
// `option` (e.g. "-s") only names the option in the error message.
std::uint64_t parse_size(std::string_view text, SizeUnit default_unit, std::string_view option);

// Parses a plain decimal count "<digits>"; if `kilo_suffix` is not '\0', that letter (case-insensitive)
// may follow and multiplies by 1024 (bonnie++ uses 'k' for seeks and 'm' for the -n count, which is already
// in units of 1024 files). Rejects an empty value, signs, other suffixes and overflow of uint64.
std::uint64_t parse_count(std::string_view text, std::string_view option, char kilo_suffix = '\0');

// Parses -s "size[:chunk[:seeks[:seekers]]]": size as parse_size in MiB by default; chunk in bytes (k/m
// suffixes), a power of two in [256, 1 MiB]; seeks >= 1 ('k' = x1024); seekers 1..1000. A size smaller
// than one chunk is an error. Returns nullopt when size is 0 (the I/O tests are skipped).
// per_char_bytes is left at its default (3 MiB), clamped to the file size.
std::optional<IoSpec> parse_io_spec(std::string_view text);

// Parses -n "num[:max[:min[:dirs[:chunk]]]]": num in units of 1024 files ('m' = x1024), at most
// kMaxFileCountK; max/min in bytes (k/m/g/t), max -1 = hard links and -2 = symlinks (then min must be
// absent or 0), min <= max; dirs 1..99999; chunk a power of two in [256, 1 MiB]. Returns nullopt when num
// is 0 (the file tests are skipped). The RAM check needs the RAM size and lives in options.cpp.
std::optional<FileSpec> parse_file_spec(std::string_view text);

// Parses --sync-size "total[:write]" for the fsync latency test, both in bytes (k/m/g/t suffixes): the
// total written (default 22m) and the size of each write (default 2300, 1..1 MiB); total >= write.
SyncTestSpec parse_sync_spec(std::string_view text);

}  // namespace bench
