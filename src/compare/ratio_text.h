#pragma once
// How numbers read in compare's phrases and in the comparison writers: a number to a few significant digits,
// and a ratio to two ("guest 0.42× host"). compare_runs() calls a ratio that reads "1.00" the same.
#include <string>

namespace bench {

// `value` with `significant` significant digits in fixed notation, at most 6 decimals: (45.26, 3) -> "45.3",
// (0.0421, 3) -> "0.0421", 0 -> "0"; a rounding that adds a digit keeps the count (9.996 -> "10.0").
std::string significant_digits(double value, int significant);

// Two significant digits, no exponent: 0.4213 -> "0.42", 3.14 -> "3.1", 13.4 -> "13", 0.0421 -> "0.042"; three
// where two would say "1.0": 1.034 -> "1.03", 0.996 -> "0.996", 0.9996 -> "1.00".
std::string format_ratio(double ratio);

}  // namespace bench
