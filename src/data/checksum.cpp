#include "data/checksum.h"

#include <nettle/md5.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <xxhash.h>

#include <cstring>
#include <stdexcept>

namespace bench {

namespace {

const std::uint8_t* bytes_of(std::span<const std::byte> data) {
  return reinterpret_cast<const std::uint8_t*>(data.data());
}

std::uint8_t* bytes_of(Digest& digest) { return reinterpret_cast<std::uint8_t*>(digest.data()); }

void store_le32(Digest& digest, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) digest[i] = static_cast<std::byte>(value >> (8 * i));
}

// Nettle's hashes share one shape: init, update, digest.
template <typename Context, auto Init, auto Update, auto Final>
void nettle_hash(std::span<const std::byte> data, std::size_t size, Digest& digest) {
  Context context;
  Init(&context);
  Update(&context, data.size(), bytes_of(data));
  Final(&context, size, bytes_of(digest));
}

}  // namespace

std::size_t digest_bytes(ChecksumKind kind) {
  switch (kind) {
    case ChecksumKind::kCrc32c:
    case ChecksumKind::kXxhash32:
      return 4;
    case ChecksumKind::kMd5:
      return MD5_DIGEST_SIZE;
    case ChecksumKind::kSha1:
      return SHA1_DIGEST_SIZE;
    case ChecksumKind::kSha256:
      return SHA256_DIGEST_SIZE;
    case ChecksumKind::kSha512:
      return SHA512_DIGEST_SIZE;
  }
  throw std::invalid_argument("unknown checksum kind");
}

std::string_view checksum_name(ChecksumKind kind) {
  switch (kind) {
    case ChecksumKind::kCrc32c:
      return "crc32c";
    case ChecksumKind::kMd5:
      return "md5";
    case ChecksumKind::kSha1:
      return "sha1";
    case ChecksumKind::kSha256:
      return "sha256";
    case ChecksumKind::kSha512:
      return "sha512";
    case ChecksumKind::kXxhash32:
      return "xxhash";
  }
  throw std::invalid_argument("unknown checksum kind");
}

Digest checksum(ChecksumKind kind, std::span<const std::byte> data) {
  Digest digest{};
  switch (kind) {
    case ChecksumKind::kCrc32c:
      store_le32(digest, crc32c(data));
      break;
    case ChecksumKind::kXxhash32:
      store_le32(digest, xxhash32(data));
      break;
    case ChecksumKind::kMd5:
      nettle_hash<md5_ctx, md5_init, md5_update, md5_digest>(data, MD5_DIGEST_SIZE, digest);
      break;
    case ChecksumKind::kSha1:
      nettle_hash<sha1_ctx, sha1_init, sha1_update, sha1_digest>(data, SHA1_DIGEST_SIZE, digest);
      break;
    case ChecksumKind::kSha256:
      nettle_hash<sha256_ctx, sha256_init, sha256_update, sha256_digest>(data, SHA256_DIGEST_SIZE, digest);
      break;
    case ChecksumKind::kSha512:
      nettle_hash<sha512_ctx, sha512_init, sha512_update, sha512_digest>(data, SHA512_DIGEST_SIZE, digest);
      break;
  }
  return digest;
}

std::uint32_t xxhash32(std::span<const std::byte> data, std::uint32_t seed) {
  return XXH32(data.data(), data.size(), seed);
}

}  // namespace bench
