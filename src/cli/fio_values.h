#pragma once
// The grammars of fio's option values as bench++ reads them (fio 3.33's parse.c and options.c): numbers, sizes
// with kb_base, times, per-direction values, block sizes and bssplit lists. Each throws ValueError
// (cli/value_error.h) through fail() with the value's problem alone; the option's rule (cli/fio_options.cpp)
// turns it into the one-line UsageError naming the option and the value. Internal to cli/. Pure.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/value_error.h"
#include "result/block_sizes.h"
#include "result/offset_spec.h"

namespace bench {

// The largest bs bench++ accepts (one buffer per request in flight).
inline constexpr std::uint64_t kMaxBlockBytes = 64ull << 20;

}  // namespace bench

namespace bench::cli_value {

// ASCII lowercase.
std::string lowercase(std::string_view text);
// The whole number at the start of `text` and what follows it (no sign, no fraction).
std::pair<std::uint64_t, std::string_view> leading_whole_number(std::string_view text);
// A whole number from min to max, nothing after it.
std::uint64_t whole_number(std::string_view text, std::uint64_t min, std::uint64_t max);
std::uint32_t whole_number32(std::string_view text, std::uint64_t min, std::uint64_t max);
// A whole number that may be negative (nice=-5), from min to max.
std::int64_t signed_number(std::string_view text, std::int64_t min, std::int64_t max);
// fio's booleans: 0 or 1.
bool boolean(std::string_view text);
// A size with fio's suffixes under `kb_base` (cli/fio_options.h says which mean 1000 and which 1024).
std::uint64_t fio_size_of(std::string_view text, unsigned kb_base);
// A time: a number with us, ms, s, m, h or d (usec, msec, sec, min, hour, day); seconds without.
std::chrono::nanoseconds fio_time_of(std::string_view text);
// One request size: a size from 1 byte to kMaxBlockBytes.
std::uint32_t block_size_of(std::string_view text, unsigned kb_base);

// fio's values "R[,W[,T]]" of bs=, blockalign=, rate=, rate_iops=, rate_min=, rate_iops_min= (parse.c
// handle_option): the fields are cut at ',' (else ':', else '-'); the last field's value is also every later direction's ("1m": all three,
// "1m,2m": trims 2m, ",,1m": trims only), unless it is empty, as after a trailing comma ("1m,": reads only); an
// empty field leaves its direction without a value (0). A value in no field at all ("," or ",,") fails, as fio.
template <typename Parse>
std::array<std::uint64_t, kFioDirections> per_direction_values(std::string_view text, Parse parse) {
  std::array<std::uint64_t, kFioDirections> values{};
  std::size_t count = 0;
  bool any = false;
  bool last_empty = false;
  while (true) {
    std::size_t cut = text.find(',');
    if (cut == std::string_view::npos) cut = text.find(':');
    if (cut == std::string_view::npos) cut = text.find('-', 1);
    if (count == kFioDirections) {
      if (!text.empty()) fail("at most three values (read,write,trim)");
      break;  // "1m,2m,3m,": fio drops the trailing comma
    }
    const std::string_view field = text.substr(0, cut);
    last_empty = field.empty();
    any = any || !last_empty;
    values[count++] = last_empty ? 0 : parse(field);
    if (cut == std::string_view::npos) break;
    text.remove_prefix(cut + 1);
  }
  if (!any) fail("needs a value (read,write,trim)");
  if (!last_empty) {
    for (std::size_t d = count; d < kFioDirections; ++d) values[d] = values[count - 1];
  }
  return values;
}

// bs= and blockalign=: per_direction_values of block sizes; 0 for a direction left as it was.
std::array<std::uint32_t, kFioDirections> per_direction_sizes(std::string_view text, unsigned kb_base);

// One direction's bssplit list (fio's split_parse_ddir and bssplit_ddir), sorted by percent as fio sorts it.
std::vector<BlockSplit> block_split_list(std::string_view text, unsigned kb_base);

// fio's offset= and offset_increment=: bytes, or N% of the file (0 to 100), or N zones (Nz: cli/fio_zones.h).
struct BytesOrPercent {
  std::uint64_t bytes = 0;
  std::optional<std::uint32_t> percent;
  std::optional<std::uint64_t> zones;
};
BytesOrPercent bytes_or_percent(std::string_view text, unsigned kb_base);

}  // namespace bench::cli_value
