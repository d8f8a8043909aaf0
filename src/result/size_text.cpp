#include "result/size_text.h"

#include <fmt/format.h>

#include <utility>

namespace bench {

std::string size_in_tenths(std::uint64_t bytes, SmallestUnit smallest, TenthRounding rounding) {
  static constexpr std::pair<unsigned, const char*> kUnits[] = {{60, "EiB"}, {50, "PiB"}, {40, "TiB"},
                                                                {30, "GiB"}, {20, "MiB"}, {10, "KiB"}};
  const unsigned smallest_shift = smallest == SmallestUnit::kKiB ? 10 : 20;
  unsigned shift = smallest_shift;
  const char* symbol = smallest == SmallestUnit::kKiB ? "KiB" : "MiB";
  for (const auto& [unit_shift, unit_symbol] : kUnits) {
    if (unit_shift >= smallest_shift && bytes >> unit_shift != 0) {
      shift = unit_shift;
      symbol = unit_symbol;
      break;
    }
  }
  const std::uint64_t unit = std::uint64_t{1} << shift;
  const std::uint64_t rest = bytes % unit * 10;  // below 10 x 2^60: no overflow
  const std::uint64_t tenths =
      bytes / unit * 10 + (rounding == TenthRounding::kUp ? (rest + unit - 1) / unit : rest / unit);
  return fmt::format("{}.{} {}", tenths / 10, tenths % 10, symbol);
}

}  // namespace bench
