#pragma once
// The one way bench++ multiplies and adds sizes and counts (bytes, files, workers, ranks, jobs): exactly, or not
// at all. Unsigned arithmetic wraps silently, so an unchecked "files x size x workers" of a hostile command line
// can come out small, pass the free-space check and then fill the disk; every such product goes through here.
//
// Each function returns the exact result, or nullopt when it does not fit in 64 bits. An absent operand
// (nullopt) gives nullopt, so products chain: checked_multiply(checked_multiply(files, size), workers). The
// caller turns nullopt into its error (a UsageError naming the option, as a rule).
#include <cstdint>
#include <optional>

namespace bench {

using CheckedSize = std::optional<std::uint64_t>;

constexpr CheckedSize checked_multiply(CheckedSize a, CheckedSize b) {
  if (!a || !b) return std::nullopt;
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(*a, *b, &product)) return std::nullopt;
  return product;
}

constexpr CheckedSize checked_add(CheckedSize a, CheckedSize b) {
  if (!a || !b) return std::nullopt;
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(*a, *b, &sum)) return std::nullopt;
  return sum;
}

// `bytes` rounded up to a whole number of `unit` (REQUIRES: unit > 0), or nullopt when that does not fit.
constexpr CheckedSize checked_round_up(CheckedSize bytes, std::uint64_t unit) {
  if (!bytes) return std::nullopt;
  const std::uint64_t remainder = *bytes % unit;
  return remainder == 0 ? bytes : checked_add(*bytes, unit - remainder);
}

// `value` x `factor` rounded down (a scale such as bench++ job's --scale 0.1), or nullopt when that does not fit
// or the factor is negative or not finite. Through double: exact for values up to 2^53, within one part in 2^53
// above, which a scaled size can afford.
constexpr CheckedSize checked_scale(CheckedSize value, double factor) {
  if (!value || !(factor >= 0)) return std::nullopt;
  const double scaled = static_cast<double>(*value) * factor;
  constexpr double kTwoTo64 = 18446744073709551616.0;
  if (!(scaled < kTwoTo64)) return std::nullopt;
  return static_cast<std::uint64_t>(scaled);
}

}  // namespace bench
