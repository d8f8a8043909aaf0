#include "data/verify.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "data/random_fill.h"
#include "result/errors.h"

namespace bench {

namespace {

// The header's layout: offsets of its fields.
constexpr std::size_t kMagicAt = 0;         // u32
constexpr std::size_t kMethodAt = 4;        // u16
constexpr std::size_t kHeaderBytesAt = 6;   // u16
constexpr std::size_t kLengthAt = 8;        // u32
constexpr std::size_t kJobAt = 12;          // u32
constexpr std::size_t kOffsetAt = 16;       // u64
constexpr std::size_t kGenerationAt = 24;   // u64
constexpr std::size_t kSeedAt = 32;         // u64
constexpr std::size_t kHeaderCrcAt = 40;    // u32, CRC-32C of bytes 0..39
constexpr std::size_t kDigestAt = 48;       // digest_bytes(kind)
constexpr std::uint32_t kMagic = 0x2B2B7662;  // "bv++" little-endian

struct Named {
  std::string_view name;
  VerifyMethod method;
};
constexpr std::array<Named, 11> kNames = {{{"0", VerifyMethod::kNone},
                                            {"md5", VerifyMethod::kMd5},
                                            {"crc32c", VerifyMethod::kCrc32c},
                                            {"crc32c-intel", VerifyMethod::kCrc32cIntel},
                                            {"sha1", VerifyMethod::kSha1},
                                            {"sha256", VerifyMethod::kSha256},
                                            {"sha512", VerifyMethod::kSha512},
                                            {"xxhash", VerifyMethod::kXxhash},
                                            {"meta", VerifyMethod::kMeta},
                                            {"pattern", VerifyMethod::kPattern},
                                            {"null", VerifyMethod::kNull}}};

std::optional<ChecksumKind> digest_of(VerifyMethod method) {
  switch (method) {
    case VerifyMethod::kMd5:
      return ChecksumKind::kMd5;
    case VerifyMethod::kCrc32c:
    case VerifyMethod::kCrc32cIntel:
      return ChecksumKind::kCrc32c;
    case VerifyMethod::kSha1:
      return ChecksumKind::kSha1;
    case VerifyMethod::kSha256:
      return ChecksumKind::kSha256;
    case VerifyMethod::kSha512:
      return ChecksumKind::kSha512;
    case VerifyMethod::kXxhash:
      return ChecksumKind::kXxhash32;
    default:
      return std::nullopt;
  }
}

template <typename T>
void put(std::span<std::byte> out, std::size_t at, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) out[at + i] = static_cast<std::byte>(value >> (8 * i));
}

template <typename T>
T get(std::span<const std::byte> in, std::size_t at) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) value |= static_cast<T>(static_cast<T>(in[at + i]) << (8 * i));
  return value;
}

std::string hex(std::span<const std::byte> bytes) {
  std::string text;
  for (const std::byte b : bytes) text += fmt::format("{:02x}", static_cast<unsigned>(b));
  return text;
}

std::optional<std::size_t> first_difference(std::span<const std::byte> a, std::span<const std::byte> b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] != b[i]) return i;
  }
  return std::nullopt;
}

}  // namespace

std::optional<VerifyMethod> parse_verify_method(std::string_view name) {
  for (const Named& entry : kNames) {
    if (entry.name == name) return entry.method;
  }
  return std::nullopt;
}

std::string_view verify_method_name(VerifyMethod method) {
  if (method == VerifyMethod::kPatternWithHeader) return "pattern (with header)";
  for (const Named& entry : kNames) {
    if (entry.method == method) return entry.name;
  }
  return "?";
}

std::string VerifyFailure::describe() const {
  std::string line = fmt::format("verify: bad block at offset {} ({} bytes): {} expected {}, found {}", offset,
                                 length, what, expected, found);
  if (first_bad_byte) line += fmt::format("; first bad byte at offset {}", *first_bad_byte);
  return line;
}

BlockVerifier::BlockVerifier(const VerifySpec& spec, std::uint64_t seed)
    : spec_(spec), seed_(seed), digest_(digest_of(spec.method)) {
  if (spec.method == VerifyMethod::kNone) throw std::invalid_argument("verify: no method");
  const bool needs_pattern = spec.method == VerifyMethod::kPattern || spec.method == VerifyMethod::kPatternWithHeader;
  if (needs_pattern && spec.pattern.empty()) throw ValueError("verify=pattern needs verify_pattern");
  header_bytes_ = spec.method == VerifyMethod::kPattern ? 0
                  : static_cast<std::uint32_t>(kDigestAt + (digest_ ? digest_bytes(*digest_) : 0));
  if (spec.interval != 0 && spec.interval <= header_bytes_)
    throw ValueError(fmt::format("verify_interval={} is not above the {}-byte header", spec.interval, header_bytes_));
}

std::uint32_t BlockVerifier::interval_for(std::size_t block_bytes) const {
  const std::size_t interval = spec_.interval != 0 && spec_.interval <= block_bytes ? spec_.interval : block_bytes;
  if (block_bytes == 0 || block_bytes % interval != 0 || interval <= header_bytes_) {
    throw std::invalid_argument(fmt::format("verify: a block of {} bytes does not hold whole intervals of {} bytes "
                                            "with a {}-byte header",
                                            block_bytes, interval, header_bytes_));
  }
  return static_cast<std::uint32_t>(interval);
}

// The data part of an interval: verify_pattern laid over the request (data[0] is pattern byte `phase`), or
// random bytes of `data_seed`.
void BlockVerifier::fill_data(std::span<std::byte> data, std::uint64_t request_offset, std::size_t phase,
                              std::uint64_t data_seed) const {
  if (spec_.pattern.empty()) {
    fill_compressible(data, data_seed, spec_.compress_percentage, static_cast<std::uint32_t>(data.size()), {});
    return;
  }
  // The pattern with its %o fields filled in, on the stack: no allocation per request.
  std::array<std::byte, kMaxPatternBytes> laid{};
  lay_pattern(spec_.pattern, request_offset, laid);
  const std::span<const std::byte> pattern(laid.data(), spec_.pattern.bytes.size());
  const std::size_t head = std::min(data.size(), pattern.size() - phase);
  std::memcpy(data.data(), pattern.data() + phase, head);
  if (head < data.size()) fill_repeating(data.subspan(head), pattern);
}

void BlockVerifier::fill(std::span<std::byte> block, const BlockStamp& stamp) const {
  const std::uint32_t interval = interval_for(block.size());
  const std::size_t pattern_size = spec_.pattern.bytes.size();
  for (std::size_t index = 0; index * interval < block.size(); ++index) {
    const std::span<std::byte> part = block.subspan(index * interval, interval);
    const std::uint64_t interval_offset = stamp.offset + index * interval;
    const std::uint64_t data_seed = derive_seed(derive_seed(seed_, interval_offset), stamp.generation);
    const std::size_t phase = pattern_size == 0 ? 0 : (index * interval + header_bytes_) % pattern_size;
    fill_data(part.subspan(header_bytes_), stamp.offset, phase, data_seed);
    if (header_bytes_ == 0) continue;
    put<std::uint32_t>(part, kMagicAt, kMagic);
    put<std::uint16_t>(part, kMethodAt, static_cast<std::uint16_t>(spec_.method));
    put<std::uint16_t>(part, kHeaderBytesAt, static_cast<std::uint16_t>(header_bytes_));
    put<std::uint32_t>(part, kLengthAt, interval);
    put<std::uint32_t>(part, kJobAt, stamp.job);
    put<std::uint64_t>(part, kOffsetAt, interval_offset);
    put<std::uint64_t>(part, kGenerationAt, stamp.generation);
    put<std::uint64_t>(part, kSeedAt, data_seed);
    put<std::uint32_t>(part, kHeaderCrcAt, crc32c(part.first(kHeaderCrcAt)));
    put<std::uint32_t>(part, kHeaderCrcAt + 4, 0);
    if (digest_) {
      const Digest digest = checksum(*digest_, part.subspan(header_bytes_));
      std::memcpy(part.data() + kDigestAt, digest.data(), digest_bytes(*digest_));
    }
  }
}

std::optional<VerifyFailure> BlockVerifier::check(std::span<const std::byte> block,
                                                  const ExpectedBlock& expected) const {
  if (spec_.method == VerifyMethod::kNull) return std::nullopt;
  const std::uint32_t interval = interval_for(block.size());
  for (std::size_t index = 0; index * interval < block.size(); ++index) {
    std::optional<VerifyFailure> failure = check_interval(block.subspan(index * interval, interval),
                                                          expected.offset + index * interval, expected.offset, index,
                                                          expected);
    if (failure) return failure;
  }
  return std::nullopt;
}

// The header's checks in order, each naming what differs; on success `data_seed` is the header's seed.
std::optional<VerifyFailure> BlockVerifier::check_header(std::span<const std::byte> part,
                                                         std::uint64_t interval_offset,
                                                         const ExpectedBlock& expected,
                                                         std::uint64_t& data_seed) const {
  const auto length = static_cast<std::uint32_t>(part.size());
  const auto fail = [&](std::string what, std::string wanted, std::string got,
                        std::optional<std::uint64_t> bad_byte = std::nullopt) {
    return VerifyFailure{interval_offset, length, std::move(what), std::move(wanted), std::move(got), bad_byte};
  };
  const auto differs = [&](const char* what, std::uint64_t wanted, std::uint64_t got,
                           std::size_t at) -> std::optional<VerifyFailure> {
    if (wanted == got) return std::nullopt;
    return fail(what, std::to_string(wanted), std::to_string(got), interval_offset + at);
  };
  if (get<std::uint32_t>(part, kMagicAt) != kMagic) {
    std::array<std::byte, 4> magic{};
    put<std::uint32_t>(magic, 0, kMagic);
    return fail("header magic", hex(magic), hex(part.first(4)), interval_offset);
  }
  const std::uint32_t stored_crc = get<std::uint32_t>(part, kHeaderCrcAt);
  const std::uint32_t header_crc = crc32c(part.first(kHeaderCrcAt));
  if (stored_crc != header_crc)
    return fail("header checksum", fmt::format("{:08x}", stored_crc), fmt::format("{:08x}", header_crc));
  std::optional<VerifyFailure> bad =
      differs("verify method", static_cast<std::uint64_t>(spec_.method), get<std::uint16_t>(part, kMethodAt),
              kMethodAt);
  if (!bad) bad = differs("length", length, get<std::uint32_t>(part, kLengthAt), kLengthAt);
  if (!bad) bad = differs("offset", interval_offset, get<std::uint64_t>(part, kOffsetAt), kOffsetAt);
  if (!bad && expected.job) bad = differs("job", *expected.job, get<std::uint32_t>(part, kJobAt), kJobAt);
  if (!bad && expected.generation)
    bad = differs("generation", *expected.generation, get<std::uint64_t>(part, kGenerationAt), kGenerationAt);
  data_seed = get<std::uint64_t>(part, kSeedAt);
  return bad;
}

std::optional<VerifyFailure> BlockVerifier::check_interval(std::span<const std::byte> part,
                                                           std::uint64_t interval_offset,
                                                           std::uint64_t request_offset, std::size_t index,
                                                           const ExpectedBlock& expected) const {
  std::uint64_t data_seed = 0;
  if (header_bytes_ != 0) {
    if (std::optional<VerifyFailure> bad = check_header(part, interval_offset, expected, data_seed)) return bad;
  }
  const std::span<const std::byte> data = part.subspan(header_bytes_);
  Digest computed{};
  if (digest_) {
    computed = checksum(*digest_, data);
    if (std::memcmp(part.data() + kDigestAt, computed.data(), digest_bytes(*digest_)) == 0) return std::nullopt;
  } else if (spec_.pattern.empty()) {
    return std::nullopt;  // meta without a pattern: the header is the check
  }
  // A digest that differs, or a pattern to compare: rebuild what was written to find the first bad byte.
  std::vector<std::byte> written(data.size());
  const std::size_t pattern_size = spec_.pattern.bytes.size();
  const std::size_t phase = pattern_size == 0 ? 0 : (index * part.size() + header_bytes_) % pattern_size;
  fill_data(written, request_offset, phase, data_seed);
  const std::optional<std::size_t> bad = first_difference(written, data);
  std::optional<std::uint64_t> bad_byte;
  if (bad) bad_byte = interval_offset + header_bytes_ + *bad;
  const auto length = static_cast<std::uint32_t>(part.size());
  if (!digest_) {
    if (!bad) return std::nullopt;
    return VerifyFailure{interval_offset, length, "pattern", "0x" + hex(std::span(written).subspan(*bad, 1)),
                         "0x" + hex(data.subspan(*bad, 1)), bad_byte};
  }
  const std::size_t size = digest_bytes(*digest_);
  return VerifyFailure{interval_offset, length, std::string(checksum_name(*digest_)),
                       hex(part.subspan(kDigestAt, size)), hex(std::span<const std::byte>(computed).first(size)),
                       bad_byte};
}

}  // namespace bench
