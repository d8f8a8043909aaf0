#include "report/fio/fio_number_text.h"

#include <fmt/format.h>

#include <array>
#include <optional>

namespace bench {

std::string fio_number_text(std::uint64_t value, unsigned digits, bool iec, const char* unit) {
  static constexpr std::array<const char*, 7> kSi = {"", "k", "M", "G", "T", "P", "E"};
  static constexpr std::array<const char*, 7> kIec = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  const std::uint64_t thousand = iec ? 1024 : 1000;
  std::size_t prefix = 0;
  std::optional<std::uint64_t> remainder;
  while (prefix + 1 < kSi.size() && std::to_string(value).size() > digits) {
    remainder = value % thousand;
    value /= thousand;
    ++prefix;
  }
  const char* prefix_text = (iec ? kIec : kSi)[prefix];
  const std::size_t whole_digits = std::to_string(value).size();
  if (!remainder) return fmt::format("{}{}{}", value, prefix_text, unit);
  if (digits <= whole_digits + 1) {  // no room for a decimal: round
    if (*remainder >= thousand / 2) ++value;
    return fmt::format("{}{}{}", value, prefix_text, unit);
  }
  const int decimals = static_cast<int>(digits - whole_digits - 1);
  std::string fraction = fmt::format("{:.{}f}", static_cast<double>(*remainder) / static_cast<double>(thousand),
                                     decimals);  // "0.62", or "1.00" when it rounds up
  if (fraction[0] == '1') ++value;
  return fmt::format("{}.{}{}{}", value, fraction.substr(2), prefix_text, unit);
}

}  // namespace bench
