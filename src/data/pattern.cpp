#include "data/pattern.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <string>
#include "text/number.h"
#include "result/errors.h"

namespace bench {

namespace {

[[noreturn]] void refuse(std::string_view text, const std::string& why) {
  throw ValueError("pattern '" + std::string(text) + "': " + why);
}

bool starts_hex(std::string_view s) { return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'); }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Where the next "0x" of `s` starts (case-insensitive), or s.size().
std::size_t next_hex_start(std::string_view s) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (starts_hex(s.substr(i))) return i;
  }
  return s.size();
}

// 0x + digits: their bytes in order. fio's digits end where the next piece's "0x" begins ("0xff0x14" is ff
// then 14).
std::size_t parse_hex(std::string_view text, std::string_view s, std::vector<std::byte>& out) {
  std::size_t digits = 0;
  while (2 + digits < s.size() && hex_value(s[2 + digits]) >= 0) ++digits;
  if (digits == 0) refuse(text, "no hexadecimal digits after 0x");
  if (2 + digits < s.size() && (s[2 + digits] == 'x' || s[2 + digits] == 'X') && s[1 + digits] == '0') --digits;
  std::size_t i = 2;
  if (digits % 2 == 1) out.push_back(static_cast<std::byte>(hex_value(s[i++])));
  for (; i < 2 + digits; i += 2) out.push_back(static_cast<std::byte>(hex_value(s[i]) * 16 + hex_value(s[i + 1])));
  return 2 + digits;
}

// A decimal int: its low bytes up to the last non-zero one, little-endian.
std::size_t parse_decimal(std::string_view text, std::string_view s, std::vector<std::byte>& out) {
  const std::string_view number = s.substr(0, next_hex_start(s));
  const std::string_view digits = !number.empty() && number[0] == '+' ? number.substr(1) : number;
  const LeadingNumber<long long> read = read_leading_number<long long>(digits);
  if (read.status != NumberStatus::kRead) refuse(text, "'" + std::string(s) + "' is not a number, string or %o");
  const long long value = read.value;
  const char* const end = read.rest.data();
  if (value > INT_MAX || value < INT_MIN)
    refuse(text, std::string(number.substr(0, end - number.data())) + " is beyond a 32-bit int");
  auto bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(value));
  if (bits == 0) out.push_back(std::byte{0});
  for (; bits != 0; bits >>= 8) out.push_back(static_cast<std::byte>(bits & 0xFF));
  return static_cast<std::size_t>(end - s.data());
}

}  // namespace

FioPattern parse_fio_pattern(std::string_view text, bool allow_offset_fields) {
  if (text.empty()) refuse(text, "empty");
  FioPattern pattern;
  std::string_view rest = text;
  while (!rest.empty()) {
    std::size_t used = 0;
    if (rest[0] == '"') {
      const std::size_t close = rest.find('"', 1);
      if (close == std::string_view::npos) refuse(text, "a string without its closing \"");
      if (close == 1) refuse(text, "an empty string");
      for (const char c : rest.substr(1, close - 1)) pattern.bytes.push_back(static_cast<std::byte>(c));
      used = close + 1;
    } else if (rest[0] == '\'') {
      refuse(text, "a pattern read from a file is not supported");
    } else if (rest[0] == '%') {
      if (!allow_offset_fields || rest.substr(0, 2) != "%o")
        refuse(text, allow_offset_fields ? "the only format is %o" : "formats such as %o are for verify_pattern");
      pattern.offset_fields.push_back(static_cast<std::uint32_t>(pattern.bytes.size()));
      pattern.bytes.insert(pattern.bytes.end(), 8, std::byte{0});
      used = 2;
    } else if (starts_hex(rest)) {
      used = parse_hex(text, rest, pattern.bytes);
    } else {
      used = parse_decimal(text, rest, pattern.bytes);
    }
    if (pattern.bytes.size() > kMaxPatternBytes) refuse(text, "longer than 512 bytes");
    rest.remove_prefix(used);
  }
  return pattern;
}

void lay_pattern(const FioPattern& pattern, std::uint64_t offset, std::span<std::byte> out) {
  if (out.size() < pattern.bytes.size()) throw std::invalid_argument("lay_pattern: the output is too short");
  std::copy(pattern.bytes.begin(), pattern.bytes.end(), out.begin());
  for (const std::uint32_t field : pattern.offset_fields) {
    for (std::size_t i = 0; i < 8; ++i) out[field + i] = static_cast<std::byte>(offset >> (8 * i));
  }
}

std::optional<std::size_t> first_pattern_mismatch(std::span<const std::byte> data, std::span<const std::byte> pattern,
                                                  std::size_t phase) {
  std::size_t position = 0;
  std::size_t index = phase;
  while (position < data.size()) {
    const std::size_t n = std::min(data.size() - position, pattern.size() - index);
    if (std::memcmp(data.data() + position, pattern.data() + index, n) != 0) {
      for (std::size_t i = 0; i < n; ++i) {
        if (data[position + i] != pattern[index + i]) return position + i;
      }
    }
    position += n;
    index = 0;
  }
  return std::nullopt;
}

}  // namespace bench
