#include "data/verify.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "data/data_test_support.h"
#include "result/errors.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

const VerifyMethod kChecksummed[] = {VerifyMethod::kMd5,    VerifyMethod::kCrc32c, VerifyMethod::kCrc32cIntel,
                                     VerifyMethod::kSha1,   VerifyMethod::kSha256, VerifyMethod::kSha512,
                                     VerifyMethod::kXxhash};

std::vector<std::byte> filled(const BlockVerifier& verifier, std::uint64_t offset, std::uint64_t generation = 0,
                              std::size_t size = kBlock) {
  std::vector<std::byte> block(size);
  verifier.fill(block, {offset, generation, 3});
  return block;
}

// A block expected at `offset`, its generation and job unknown.
ExpectedBlock at(std::uint64_t offset) {
  ExpectedBlock expected;
  expected.offset = offset;
  return expected;
}

VerifySpec spec_of(VerifyMethod method) {
  VerifySpec spec;
  spec.method = method;
  return spec;
}

}  // namespace

TEST_CASE("data: verify='s names as fio spells them") {
  CHECK(parse_verify_method("crc32c-intel") == VerifyMethod::kCrc32cIntel);
  CHECK(parse_verify_method("md5") == VerifyMethod::kMd5);
  CHECK(parse_verify_method("0") == VerifyMethod::kNone);
  CHECK(parse_verify_method("pattern") == VerifyMethod::kPattern);
  CHECK(parse_verify_method("crc64") == std::nullopt);  // fio's, not bench++'s
  CHECK(parse_verify_method("md6") == std::nullopt);
  for (const VerifyMethod method : kChecksummed) CHECK(parse_verify_method(verify_method_name(method)) == method);
}

TEST_CASE("data: a verified block checks good, at its offset, for every method") {
  for (const VerifyMethod method : kChecksummed) {
    const BlockVerifier verifier(spec_of(method), 42);
    INFO(verify_method_name(method));
    const std::vector<std::byte> block = filled(verifier, 1 << 20, 2);
    CHECK(verifier.check(block, {1 << 20, 2, 3}) == std::nullopt);
    CHECK(verifier.check(block, {1 << 20, std::nullopt, std::nullopt}) == std::nullopt);
    CHECK(test::zlib_ratio(std::span(block).subspan(verifier.header_bytes())) > 0.99);  // random data
  }
}

TEST_CASE("data: a corrupted byte is found, with its block, the checksums and the byte's offset") {
  for (const VerifyMethod method : kChecksummed) {
    const BlockVerifier verifier(spec_of(method), 42);
    INFO(verify_method_name(method));
    std::vector<std::byte> block = filled(verifier, 8192);
    block[1000] ^= std::byte{0x01};
    const std::optional<VerifyFailure> failure = verifier.check(block, {8192, 0, 3});
    REQUIRE(failure.has_value());
    CHECK(failure->offset == 8192);
    CHECK(failure->length == kBlock);
    CHECK(failure->what == (method == VerifyMethod::kCrc32cIntel ? "crc32c" : verify_method_name(method)));
    CHECK(failure->expected != failure->found);
    CHECK(failure->first_bad_byte == 8192 + 1000);
  }
  const BlockVerifier md5(spec_of(VerifyMethod::kMd5), 42);
  std::vector<std::byte> block = filled(md5, 8192);
  block[2000] ^= std::byte{0xFF};
  block[2001] ^= std::byte{0xFF};
  const std::string line = md5.check(block, at(8192)).value().describe();
  CHECK(line.starts_with("verify: bad block at offset 8192 (4096 bytes): md5 expected "));
  CHECK(line.ends_with("; first bad byte at offset 10192"));  // the first of the two
}

TEST_CASE("data: a header names what is wrong: a block from elsewhere, an older write, a torn header") {
  const BlockVerifier verifier(spec_of(VerifyMethod::kCrc32c), 42);
  const std::vector<std::byte> block = filled(verifier, 4096, 1);
  // Read at the wrong offset (a misdirected write):
  const std::optional<VerifyFailure> elsewhere = verifier.check(block, {12288, 1, 3});
  REQUIRE(elsewhere.has_value());
  CHECK(elsewhere->what == "offset");
  CHECK(elsewhere->expected == "12288");
  CHECK(elsewhere->found == "4096");
  CHECK(elsewhere->offset == 12288);
  // The previous write of the block (a lost write):
  const std::optional<VerifyFailure> stale = verifier.check(block, {4096, 2, 3});
  REQUIRE(stale.has_value());
  CHECK(stale->describe() == "verify: bad block at offset 4096 (4096 bytes): generation expected 2, found 1; "
                             "first bad byte at offset 4120");
  // Another job's block:
  CHECK(verifier.check(block, {4096, 1, 4})->what == "job");
  // A header byte changed:
  std::vector<std::byte> torn = block;
  torn[20] ^= std::byte{0x80};
  CHECK(verifier.check(torn, {4096, 1, 3})->what == "header checksum");
  // Zeros where the block should be (never written):
  const std::vector<std::byte> zeros(kBlock);
  const std::optional<VerifyFailure> empty = verifier.check(zeros, at(4096));
  REQUIRE(empty.has_value());
  CHECK(empty->what == "header magic");
  CHECK(empty->expected == "62762b2b");
  CHECK(empty->found == "00000000");
}

TEST_CASE("data: verify_interval puts a header every N bytes, and the first bad interval is the one named") {
  VerifySpec spec = spec_of(VerifyMethod::kSha256);
  spec.interval = 512;
  const BlockVerifier verifier(spec, 7);
  std::vector<std::byte> block = filled(verifier, 65536, 0, 16384);
  CHECK(verifier.check(block, {65536, 0, 3}) == std::nullopt);
  block[5 * 512 + 300] ^= std::byte{0xFF};
  block[9 * 512 + 300] ^= std::byte{0xFF};
  const std::optional<VerifyFailure> failure = verifier.check(block, {65536, 0, 3});
  REQUIRE(failure.has_value());
  CHECK(failure->offset == 65536 + 5 * 512);
  CHECK(failure->length == 512);
  CHECK(failure->first_bad_byte == 65536 + 5 * 512 + 300);
  CHECK_THROWS_AS(verifier.fill(std::span(block).first(1000), {0, 0, 0}), std::invalid_argument);
  spec.interval = 64;  // not above sha256's 80-byte header
  CHECK_THROWS_AS(BlockVerifier(spec, 7), ValueError);
}

TEST_CASE("data: verify=pattern writes the pattern alone, verify_pattern alone adds the header") {
  VerifySpec spec = spec_of(VerifyMethod::kPattern);
  spec.pattern = parse_fio_pattern("0xdeadbeef%o", true);
  const BlockVerifier pattern(spec, 1);
  CHECK(pattern.header_bytes() == 0);
  std::vector<std::byte> block = filled(pattern, 0x1000);
  CHECK(block[0] == std::byte{0xde});
  CHECK(block[4] == std::byte{0x00});  // %o: the offset 0x1000, little-endian
  CHECK(block[5] == std::byte{0x10});
  CHECK(block[12] == std::byte{0xde});  // the pattern's 12 bytes repeat
  CHECK(pattern.check(block, at(0x1000)) == std::nullopt);
  block[100] = std::byte{0x55};
  const std::optional<VerifyFailure> failure = pattern.check(block, at(0x1000));
  REQUIRE(failure.has_value());
  CHECK(failure->what == "pattern");
  CHECK(failure->first_bad_byte == 0x1000 + 100);
  CHECK(failure->expected == "0x00");  // byte 100 % 12 = 4 of the pattern: the offset's low byte
  CHECK(failure->found == "0x55");
  // Read back at another offset, the %o field no longer matches.
  CHECK(pattern.check(filled(pattern, 0x2000), at(0x1000)).has_value());

  spec.method = VerifyMethod::kPatternWithHeader;
  const BlockVerifier with_header(spec, 1);
  CHECK(with_header.header_bytes() == 48);
  std::vector<std::byte> headed = filled(with_header, 0x3000);
  CHECK(with_header.check(headed, at(0x3000)) == std::nullopt);
  headed[48 + 7] ^= std::byte{1};
  CHECK(with_header.check(headed, at(0x3000))->first_bad_byte == 0x3000 + 48 + 7);
  spec.pattern = {};
  CHECK_THROWS_AS(BlockVerifier(spec, 1), ValueError);
}

TEST_CASE("data: verify=meta checks the header, verify=null checks nothing") {
  const BlockVerifier meta(spec_of(VerifyMethod::kMeta), 9);
  std::vector<std::byte> block = filled(meta, 0);
  block[3000] ^= std::byte{1};
  CHECK(meta.check(block, at(0)) == std::nullopt);  // fio's meta: the data are not checked
  CHECK(meta.check(block, at(4096))->what == "offset");
  const BlockVerifier null(spec_of(VerifyMethod::kNull), 9);
  CHECK(null.check(std::vector<std::byte>(kBlock), at(0)) == std::nullopt);
  CHECK_THROWS_AS(BlockVerifier(spec_of(VerifyMethod::kNone), 9), std::invalid_argument);
}

TEST_CASE("data: verified data take buffer_compress_percentage's layout") {
  VerifySpec spec = spec_of(VerifyMethod::kCrc32c);
  spec.compress_percentage = 50;
  const BlockVerifier verifier(spec, 5);
  std::vector<std::byte> stream;
  for (std::uint64_t i = 0; i < 64; ++i) {
    const std::vector<std::byte> block = filled(verifier, i * kBlock);
    CHECK(verifier.check(block, at(i * kBlock)) == std::nullopt);
    stream.insert(stream.end(), block.begin(), block.end());
  }
  const double ratio = test::zlib_ratio(stream);
  CHECK(ratio > 0.49);
  CHECK(ratio < 0.54);
}

}  // namespace bench
