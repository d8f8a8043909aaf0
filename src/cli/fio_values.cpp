#include "cli/fio_values.h"

#include <fmt/format.h>

#include <charconv>
#include <limits>

#include "text/split.h"
#include "text/number.h"

namespace bench::cli_value {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return out;
}

// The whole number at the start of `text` and what follows it.
std::pair<std::uint64_t, std::string_view> leading_whole_number(std::string_view text) {
  if (text.empty()) fail("empty value");
  if (text.front() == '-' || text.front() == '+') fail("must be a number without a sign");
  const LeadingNumber<std::uint64_t> number = read_leading_number<std::uint64_t>(text);
  if (number.status == NumberStatus::kOutOfRange) fail("too large");
  if (number.status == NumberStatus::kNoNumber) fail("not a number");
  const std::string_view rest = number.rest;
  if (!rest.empty() && (rest.front() == '.' || rest.front() == ',')) fail("must be a whole number");
  return {number.value, rest};
}

std::uint64_t whole_number(std::string_view text, std::uint64_t min, std::uint64_t max) {
  const auto [value, rest] = leading_whole_number(text);
  if (!rest.empty()) fail(fmt::format("unexpected '{}' after the number", rest));
  if (value < min || value > max) fail(fmt::format("must be between {} and {}", min, max));
  return value;
}

std::uint32_t whole_number32(std::string_view text, std::uint64_t min, std::uint64_t max) {
  return static_cast<std::uint32_t>(whole_number(text, min, std::min<std::uint64_t>(max, 0xffffffffu)));
}

// fio's booleans are 0 or 1.
bool boolean(std::string_view text) {
  if (text == "1") return true;
  if (text == "0") return false;
  fail("must be 0 or 1");
}

std::uint64_t fio_size_of(std::string_view text, unsigned kb_base) {
  const auto [value, rest] = leading_whole_number(text);
  if (rest.empty()) return value;
  const std::string suffix = lowercase(rest);
  static constexpr std::string_view kPrefixes = "kmgtp";
  const std::size_t power = kPrefixes.find(suffix.front());
  if (suffix == "b") return value;
  if (power == std::string_view::npos || suffix.size() > 3) fail(fmt::format("unknown size suffix '{}'", rest));
  const std::string_view tail = std::string_view(suffix).substr(1);
  // kb_base=1024: k, kb, ki are binary and kib is decimal (fio's compatibility mode); kb_base=1000: the reverse
  // for kb and kib, and ki stays binary.
  bool binary = false;
  if (tail.empty() || tail == "b") {
    binary = kb_base == 1024;
  } else if (tail == "i") {
    binary = true;
  } else if (tail == "ib") {
    binary = kb_base == 1000;
  } else {
    fail(fmt::format("unknown size suffix '{}'", rest));
  }
  std::uint64_t unit = 1;
  for (std::size_t i = 0; i <= power; ++i) unit = times(unit, binary ? 1024 : 1000);
  return times(value, unit);
}

std::chrono::nanoseconds fio_time_of(std::string_view text) {
  using std::chrono::nanoseconds;
  const auto [value, rest] = leading_whole_number(text);
  static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 12> kUnits = {{
      {"us", 1'000},
      {"usec", 1'000},
      {"ms", 1'000'000},
      {"msec", 1'000'000},
      {"s", 1'000'000'000},
      {"sec", 1'000'000'000},
      {"m", 60'000'000'000},
      {"min", 60'000'000'000},
      {"h", 3'600'000'000'000},
      {"hour", 3'600'000'000'000},
      {"d", 86'400'000'000'000},
      {"day", 86'400'000'000'000},
  }};
  std::uint64_t unit = 1'000'000'000;
  if (!rest.empty()) {
    const std::string suffix = lowercase(rest);
    const auto found = std::find_if(kUnits.begin(), kUnits.end(), [&](const auto& u) { return u.first == suffix; });
    if (found == kUnits.end()) fail(fmt::format("unknown time unit '{}' (use us, ms, s, m, h or d)", rest));
    unit = found->second;
  }
  const std::uint64_t ns = times(value, unit);
  if (ns > static_cast<std::uint64_t>(std::numeric_limits<nanoseconds::rep>::max())) fail("too large");
  return nanoseconds(static_cast<nanoseconds::rep>(ns));
}

std::uint32_t block_size_of(std::string_view text, unsigned kb_base) {
  const std::uint64_t bytes = fio_size_of(text, kb_base);
  if (bytes == 0 || bytes > kMaxBlockBytes) fail(fmt::format("must be between 1 and {} bytes", kMaxBlockBytes));
  return static_cast<std::uint32_t>(bytes);
}

// One direction's bssplit list, fio's split_parse_ddir and bssplit_ddir: size[/percent] entries cut at ':' (an
// empty entry ends the list); a percent above 100 counts as 100; a missing or 0 percent shares what the others
// leave, evenly; sorted by percent, ascending (stable: fio's qsort on glibc keeps equal ones in order).
std::vector<BlockSplit> block_split_list(std::string_view text, unsigned kb_base) {
  constexpr std::uint32_t kMissing = 0xffffffffu;
  constexpr std::size_t kMaxEntries = 64;  // fio's BSSPLIT_MAX
  std::vector<BlockSplit> list;
  for (const std::string_view entry : split(text, ':')) {
    if (entry.empty()) break;
    if (list.size() == kMaxEntries) fail("at most 64 sizes per direction, as fio");
    const std::size_t slash = entry.find('/');
    std::uint32_t percent = kMissing;
    if (slash != std::string_view::npos && slash + 1 < entry.size()) {  // "64k/": no percent, as "64k"
      const std::uint64_t value = whole_number(entry.substr(slash + 1), 0, UINT64_MAX);
      percent = value == 0 ? kMissing : static_cast<std::uint32_t>(std::min<std::uint64_t>(value, 100));
    }
    list.push_back({block_size_of(entry.substr(0, slash), kb_base), percent});
  }
  std::uint32_t given = 0;
  std::uint32_t missing = 0;
  for (const BlockSplit& item : list) {
    if (item.percent == kMissing) {
      ++missing;
    } else {
      given += item.percent;
    }
  }
  if (missing > 0 && given > 100) fail("the percentages add to more than 100");
  if (missing == 1 && list.size() == 1) given = 100;  // fio: a lone size without a percent gets none (0%)
  for (BlockSplit& item : list) {
    if (item.percent == kMissing) item.percent = (100 - given) / missing;
  }
  std::stable_sort(list.begin(), list.end(), [](const BlockSplit& a, const BlockSplit& b) { return a.percent < b.percent; });
  return list;
}

// A whole number that may be negative (nice=-5), between min and max.
std::int64_t signed_number(std::string_view text, std::int64_t min, std::int64_t max) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::uint64_t magnitude = whole_number(negative ? text.substr(1) : text, 0, 1ull << 62);
  const std::int64_t value = negative ? -static_cast<std::int64_t>(magnitude) : static_cast<std::int64_t>(magnitude);
  if (value < min || value > max) fail(fmt::format("must be between {} and {}", min, max));
  return value;
}

std::array<std::uint32_t, kFioDirections> per_direction_sizes(std::string_view text, unsigned kb_base) {
  const std::array<std::uint64_t, kFioDirections> values =
      per_direction_values(text, [kb_base](std::string_view v) { return block_size_of(v, kb_base); });
  std::array<std::uint32_t, kFioDirections> sizes{};
  for (std::size_t d = 0; d < kFioDirections; ++d) sizes[d] = static_cast<std::uint32_t>(values[d]);
  return sizes;
}

BytesOrPercent bytes_or_percent(std::string_view text, unsigned kb_base) {
  if (!text.empty() && text.back() == '%') return {0, whole_number32(text.substr(0, text.size() - 1), 0, 100), std::nullopt};
  if (!text.empty() && (text.back() == 'z' || text.back() == 'Z')) {
    return {0, std::nullopt, whole_number(text.substr(0, text.size() - 1), 0, UINT64_MAX)};
  }
  return {fio_size_of(text, kb_base), std::nullopt, std::nullopt};
}

}  // namespace bench::cli_value
