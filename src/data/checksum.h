#pragma once
// The checksums of verify= (data/verify.h): CRC-32C written here (a table version, and the SSE4.2 crc32
// instruction when the CPU has it), MD5, SHA-1, SHA-256 and SHA-512 from GNU Nettle, XXH32 from libxxhash.
// Pure functions of the bytes; no allocation.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace bench {

enum class ChecksumKind { kCrc32c, kMd5, kSha1, kSha256, kSha512, kXxhash32 };

// The largest digest (SHA-512's).
inline constexpr std::size_t kMaxDigestBytes = 64;
using Digest = std::array<std::byte, kMaxDigestBytes>;

// Digest size in bytes: 4 (crc32c, xxhash32), 16 (md5), 20 (sha1), 32 (sha256), 64 (sha512).
std::size_t digest_bytes(ChecksumKind kind);
std::string_view checksum_name(ChecksumKind kind);  // "crc32c", "md5", "sha1", "sha256", "sha512", "xxhash"

// The digest of `data` in its first digest_bytes(kind) bytes (the rest zero). CRC-32C and XXH32 are stored
// little-endian; the hashes as their standard byte strings.
Digest checksum(ChecksumKind kind, std::span<const std::byte> data);

// CRC-32C (Castagnoli, reflected, initial value and final xor 0xFFFFFFFF): "123456789" gives 0xE3069283.
// `previous` continues a CRC over data split in parts: crc32c(b, crc32c(a)) == crc32c(a + b).
std::uint32_t crc32c(std::span<const std::byte> data, std::uint32_t previous = 0);
// The same by table alone, whatever the CPU (the reference the tests hold the hardware path to).
std::uint32_t crc32c_portable(std::span<const std::byte> data, std::uint32_t previous = 0);
// Whether crc32c() uses the CPU's SSE4.2 crc32 instruction (fio's crc32c-intel).
bool crc32c_uses_hardware();

// XXH32 with fio's seed (1), as fio's verify=xxhash computes it.
std::uint32_t xxhash32(std::span<const std::byte> data, std::uint32_t seed = 1);

}  // namespace bench
