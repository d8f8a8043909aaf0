#pragma once
// fio's verify=: what a verified write puts in each block, and the check of a block read back, down to a
// clear description of the first bad block. Pure: the caller (the job loop) owns the buffers and decides when
// to check (do_verify after the writes, verify_backlog every N writes, verify_only without writing, and
// verify_fatal stopping at the first failure).
//
// A verified interval (a block, or verify_interval bytes of it) is a header and the data. bench++'s header
// (its own layout, not fio's): magic "bv++", method, header size, interval length, job, offset in the file,
// generation (which write of that block this is, fio's numberio), the data's seed, a CRC-32C of those, and the
// data's digest. The data are random bytes from the seed (with buffer_compress_percentage's layout), or
// verify_pattern laid over the request. verify=pattern writes the pattern alone, without a header.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "data/checksum.h"
#include "data/pattern.h"
#include "result/data_options.h"

namespace bench {


// fio's names for verify=: 0, md5, crc32c, crc32c-intel, sha1, sha256, sha512, xxhash, meta, pattern, null;
// nullopt for the rest (fio's crc64, crc32, crc16, crc7, sha3-*: not supported by bench++) and for unknown
// words. kPatternWithHeader has no name: it is what verify_pattern alone asks for.
std::optional<VerifyMethod> parse_verify_method(std::string_view name);
std::string_view verify_method_name(VerifyMethod method);

struct VerifySpec {
  VerifyMethod method = VerifyMethod::kNone;
  FioPattern pattern;                     // verify_pattern (its %o fields take the request's offset)
  std::uint32_t interval = 0;             // verify_interval: a header every N bytes; 0: one per request
  std::uint32_t compress_percentage = 0;  // buffer_compress_percentage, for the random data
};

// What the writer of a block knew, which the header records.
struct BlockStamp {
  std::uint64_t offset = 0;      // of the request in the file, bytes
  std::uint64_t generation = 0;  // which write of this block (0 for the first pass, 1 for the next, ...)
  std::uint32_t job = 0;
};

// What the reader expects; the parts it does not know are not checked (fio skips numberio the same way for
// verify_only and for blocks written more than once).
struct ExpectedBlock {
  std::uint64_t offset = 0;
  std::optional<std::uint64_t> generation;
  std::optional<std::uint32_t> job;
};

struct VerifyFailure {
  std::uint64_t offset = 0;  // the bad interval's first byte in the file
  std::uint32_t length = 0;  // its length
  std::string what;          // "header magic", "header checksum", "verify method", "length", "offset", "job",
                             // "generation", the digest's name ("md5", ...), "pattern"
  std::string expected;      // as text: hex for digests and bytes, decimal for numbers; for a checksum "expected"
  std::string found;         // is the one stored with the data, "found" the one of the bytes read back
  std::optional<std::uint64_t> first_bad_byte;  // file offset of the first byte not as written, when known
  // One line: "verify: bad block at offset 1048576 (4096 bytes): md5 expected 9e10..., found 0cc1...; first
  // bad byte at offset 1048700".
  std::string describe() const;
};

class BlockVerifier {
 public:
  // `seed` names the job's data (with the stamp's offset and generation). REQUIRES: a method (else
  // std::invalid_argument). Throws ValueError (result/errors.h) for a pattern method without a pattern and for an
  // interval not larger than the header.
  BlockVerifier(const VerifySpec& spec, std::uint64_t seed);

  // Header bytes at the start of each interval (0 for kPattern).
  std::uint32_t header_bytes() const { return header_bytes_; }

  // Fills a request's buffer with its verified contents. REQUIRES: block.size() a multiple of the interval
  // (else std::invalid_argument), larger than the header.
  void fill(std::span<std::byte> block, const BlockStamp& stamp) const;

  // Checks a request's buffer as read back: nullopt when good, else the first bad interval. May allocate on a
  // failure (to rebuild the expected data and find the first bad byte), never on success.
  std::optional<VerifyFailure> check(std::span<const std::byte> block, const ExpectedBlock& expected) const;

 private:
  std::uint32_t interval_for(std::size_t block_bytes) const;
  void fill_data(std::span<std::byte> data, std::uint64_t request_offset, std::size_t phase,
                 std::uint64_t data_seed) const;
  std::optional<VerifyFailure> check_header(std::span<const std::byte> interval, std::uint64_t interval_offset,
                                            const ExpectedBlock& expected, std::uint64_t& data_seed) const;
  std::optional<VerifyFailure> check_interval(std::span<const std::byte> interval, std::uint64_t interval_offset,
                                              std::uint64_t request_offset, std::size_t index,
                                              const ExpectedBlock& expected) const;

  VerifySpec spec_;
  std::uint64_t seed_;
  std::optional<ChecksumKind> digest_;
  std::uint32_t header_bytes_;
};

}  // namespace bench
