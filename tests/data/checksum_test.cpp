#include "data/checksum.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace bench {
namespace {

std::span<const std::byte> bytes(std::string_view text) { return std::as_bytes(std::span(text.data(), text.size())); }

std::string hex_digest(ChecksumKind kind, std::span<const std::byte> data) {
  const Digest digest = checksum(kind, data);
  std::string text;
  for (std::size_t i = 0; i < digest_bytes(kind); ++i) {
    static const char* kHex = "0123456789abcdef";
    const auto b = static_cast<unsigned>(digest[i]);
    text += kHex[b >> 4];
    text += kHex[b & 15];
  }
  return text;
}

std::vector<std::byte> counting(std::size_t size, int start, int step) {
  std::vector<std::byte> data(size);
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<std::byte>(start + step * static_cast<int>(i));
  return data;
}

}  // namespace

TEST_CASE("data: CRC-32C's published test vectors (the check value and RFC 3720's iSCSI examples)") {
  CHECK(crc32c(bytes("123456789")) == 0xE3069283u);
  CHECK(crc32c({}) == 0u);
  CHECK(crc32c(std::vector<std::byte>(32, std::byte{0})) == 0x8A9136AAu);
  CHECK(crc32c(std::vector<std::byte>(32, std::byte{0xFF})) == 0x62A8AB43u);
  CHECK(crc32c(counting(32, 0, 1)) == 0x46DD794Eu);
  CHECK(crc32c(counting(32, 31, -1)) == 0x113FDB5Cu);
  CHECK(crc32c_portable(bytes("123456789")) == 0xE3069283u);
  CHECK(crc32c_portable(counting(32, 0, 1)) == 0x46DD794Eu);
  CHECK(hex_digest(ChecksumKind::kCrc32c, bytes("123456789")) == "839206e3");  // stored little-endian
}

TEST_CASE("data: CRC-32C by instruction and by table agree at every length and alignment, and continue") {
  std::mt19937 random(7);
  std::vector<std::byte> data(5000);
  for (std::byte& b : data) b = static_cast<std::byte>(random());
  for (std::size_t start = 0; start < 9; ++start) {
    for (std::size_t size = 0; size < 300; ++size) {
      const std::span<const std::byte> part = std::span(data).subspan(start, size);
      REQUIRE(crc32c(part) == crc32c_portable(part));
    }
  }
  const std::span<const std::byte> all(data);
  CHECK(crc32c(all.subspan(1000), crc32c(all.first(1000))) == crc32c(all));
  CHECK(crc32c_portable(all.subspan(17), crc32c_portable(all.first(17))) == crc32c_portable(all));
  const std::string how = crc32c_uses_hardware() ? "the SSE4.2 instruction" : "the table only";
  MESSAGE("crc32c uses " << how);
}

TEST_CASE("data: MD5, SHA-1, SHA-256 and SHA-512 give their standards' test vectors") {
  CHECK(hex_digest(ChecksumKind::kMd5, bytes("")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex_digest(ChecksumKind::kMd5, bytes("abc")) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex_digest(ChecksumKind::kMd5, bytes("message digest")) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hex_digest(ChecksumKind::kSha1, bytes("")) == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  CHECK(hex_digest(ChecksumKind::kSha1, bytes("abc")) == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(hex_digest(ChecksumKind::kSha256, bytes("")) ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(hex_digest(ChecksumKind::kSha256, bytes("abc")) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hex_digest(ChecksumKind::kSha256, bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(hex_digest(ChecksumKind::kSha512, bytes("abc")) ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

TEST_CASE("data: XXH32 gives xxHash's published values, with fio's seed 1 by default") {
  CHECK(xxhash32({}, 0) == 0x02CC5D05u);
  CHECK(xxhash32({}, 0x9E3779B1u) == 0x36B78AE7u);
  CHECK(xxhash32(bytes("Nobody inspects the spammish repetition"), 0) == 0xE2293B2Fu);
  CHECK(xxhash32(bytes("abc")) == xxhash32(bytes("abc"), 1));
  CHECK(xxhash32(bytes("abc")) != xxhash32(bytes("abc"), 0));
  const Digest digest = checksum(ChecksumKind::kXxhash32, bytes("abc"));
  const std::uint32_t value = xxhash32(bytes("abc"));
  for (int i = 0; i < 4; ++i) CHECK(digest[i] == static_cast<std::byte>(value >> (8 * i)));  // little-endian
}

TEST_CASE("data: each checksum's size and name") {
  CHECK(digest_bytes(ChecksumKind::kCrc32c) == 4);
  CHECK(digest_bytes(ChecksumKind::kXxhash32) == 4);
  CHECK(digest_bytes(ChecksumKind::kMd5) == 16);
  CHECK(digest_bytes(ChecksumKind::kSha1) == 20);
  CHECK(digest_bytes(ChecksumKind::kSha256) == 32);
  CHECK(digest_bytes(ChecksumKind::kSha512) == 64);
  CHECK(checksum_name(ChecksumKind::kXxhash32) == "xxhash");
}

}  // namespace bench
