#pragma once
// Numbers read from text: the one way the front ends, the result readers and the machine's probes read a number.
// Pure; std::from_chars underneath, so no locale, no leading white space, no '+' and, for an unsigned type, no
// '-'. Where a grammar allows more (fio's '+' in a pattern, its suffixes after a size), the caller takes it off
// first, or reads the number at the start of the text and then the rest.
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace bench {

enum class NumberStatus {
  kRead,        // digits were read; `value` holds them
  kNoNumber,    // the text does not start with a number of that kind
  kOutOfRange,  // it does, but it does not fit the type
};

template <typename Number>
struct LeadingNumber {
  NumberStatus status = NumberStatus::kNoNumber;
  Number value{};          // meaningful when status is kRead
  std::string_view rest;   // what follows the number's digits (all of the text when none were read)
};

// The number at the start of `text` in `base` (integers; 10 unless said) and what follows it.
template <typename Number>
LeadingNumber<Number> read_leading_number(std::string_view text, int base = 10) {
  static_assert(std::is_arithmetic_v<Number> && !std::is_same_v<Number, bool>);
  LeadingNumber<Number> out;
  out.rest = text;
  const char* const first = text.data();
  const char* const last = text.data() + text.size();
  std::from_chars_result result{};
  if constexpr (std::is_floating_point_v<Number>) {
    result = std::from_chars(first, last, out.value);
  } else {
    result = std::from_chars(first, last, out.value, base);
  }
  if (result.ptr == first) return out;  // nothing read: kNoNumber
  out.status = result.ec == std::errc::result_out_of_range ? NumberStatus::kOutOfRange : NumberStatus::kRead;
  out.rest = std::string_view(result.ptr, static_cast<std::size_t>(last - result.ptr));
  return out;
}

// The number that is the whole of `text`, or nullopt: empty, anything before or after it, or out of range.
template <typename Number>
std::optional<Number> read_number(std::string_view text, int base = 10) {
  const LeadingNumber<Number> leading = read_leading_number<Number>(text, base);
  if (leading.status != NumberStatus::kRead || !leading.rest.empty()) return std::nullopt;
  return leading.value;
}

}  // namespace bench
