// CRC-32C by slicing-by-8 tables, and by the SSE4.2 crc32 instruction (8 bytes an instruction) when the CPU
// has it; data/checksum.h has the contract.
#include <array>
#include <cstring>

#include "data/checksum.h"

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace bench {

namespace {

constexpr std::uint32_t kPolynomial = 0x82F63B78u;  // Castagnoli's, reflected

// kTables[0] is the byte-at-a-time table; kTables[k][b] advances table 0's entry by k more zero bytes, which
// lets eight bytes be folded in at once.
constexpr std::array<std::array<std::uint32_t, 256>, 8> make_tables() {
  std::array<std::array<std::uint32_t, 256>, 8> tables{};
  for (std::uint32_t byte = 0; byte < 256; ++byte) {
    std::uint32_t crc = byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kPolynomial : 0);
    tables[0][byte] = crc;
  }
  for (std::size_t k = 1; k < 8; ++k) {
    for (std::uint32_t byte = 0; byte < 256; ++byte) {
      const std::uint32_t previous = tables[k - 1][byte];
      tables[k][byte] = (previous >> 8) ^ tables[0][previous & 0xFF];
    }
  }
  return tables;
}

constexpr auto kTables = make_tables();

std::uint32_t load32(const std::byte* p) {
  std::uint32_t value;
  std::memcpy(&value, p, sizeof value);
  return value;  // little-endian: x86-64 and the other targets bench++ builds for
}

// The raw register (no initial or final inversion) over `data`.
std::uint32_t update_portable(std::uint32_t crc, const std::byte* data, std::size_t size) {
  while (size >= 8) {
    const std::uint32_t low = load32(data) ^ crc;
    const std::uint32_t high = load32(data + 4);
    crc = kTables[7][low & 0xFF] ^ kTables[6][(low >> 8) & 0xFF] ^ kTables[5][(low >> 16) & 0xFF] ^
          kTables[4][low >> 24] ^ kTables[3][high & 0xFF] ^ kTables[2][(high >> 8) & 0xFF] ^
          kTables[1][(high >> 16) & 0xFF] ^ kTables[0][high >> 24];
    data += 8;
    size -= 8;
  }
  while (size-- > 0) crc = (crc >> 8) ^ kTables[0][(crc ^ static_cast<std::uint8_t>(*data++)) & 0xFF];
  return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t update_hardware(std::uint32_t crc, const std::byte* data,
                                                                 std::size_t size) {
  std::uint64_t wide = crc;
  while (size >= 8) {
    std::uint64_t word;
    std::memcpy(&word, data, sizeof word);
    wide = _mm_crc32_u64(wide, word);
    data += 8;
    size -= 8;
  }
  auto narrow = static_cast<std::uint32_t>(wide);
  while (size-- > 0) narrow = _mm_crc32_u8(narrow, static_cast<std::uint8_t>(*data++));
  return narrow;
}

bool cpu_has_sse42() {
  static const bool has = __builtin_cpu_supports("sse4.2");
  return has;
}
#endif

}  // namespace

std::uint32_t crc32c_portable(std::span<const std::byte> data, std::uint32_t previous) {
  return ~update_portable(~previous, data.data(), data.size());
}

std::uint32_t crc32c(std::span<const std::byte> data, std::uint32_t previous) {
#if defined(__x86_64__)
  if (cpu_has_sse42()) return ~update_hardware(~previous, data.data(), data.size());
#endif
  return crc32c_portable(data, previous);
}

bool crc32c_uses_hardware() {
#if defined(__x86_64__)
  return cpu_has_sse42();
#else
  return false;
#endif
}

}  // namespace bench
