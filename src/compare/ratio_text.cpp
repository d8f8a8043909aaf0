#include "compare/ratio_text.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace bench {

std::string significant_digits(double value, int significant) {
  if (value == 0 || !std::isfinite(value)) return value == 0 ? "0" : fmt::format("{}", value);
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const int decimals = std::clamp(significant - 1 - magnitude, 0, 6);
  const double unit = std::pow(10.0, -decimals);
  const double rounded = std::round(value / unit) * unit;
  if (rounded == 0) return "0";
  // Rounding can add a digit (9.96 -> 10.0): format again at the new magnitude.
  const int new_magnitude = static_cast<int>(std::floor(std::log10(std::fabs(rounded))));
  const int final_decimals = std::clamp(significant - 1 - new_magnitude, 0, 6);
  return fmt::format("{:.{}f}", rounded, final_decimals);
}

std::string format_ratio(double ratio) {
  const std::string two = significant_digits(ratio, 2);
  return two == "1.0" ? significant_digits(ratio, 3) : two;
}

}  // namespace bench
