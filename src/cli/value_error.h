#pragma once
// A value's problem told without the option it came from (ValueError, result/errors.h): the parsers of option
// values (size_spec.cpp, fio_values.cpp) throw it through fail(), and the function that knows the option turns it
// into the one-line UsageError naming the option and the value. Internal to cli/.
#include <cstdint>
#include <string>

#include "result/errors.h"

#include "result/size_arithmetic.h"

namespace bench::cli_value {

[[noreturn]] inline void fail(const std::string& reason) { throw ValueError(reason); }

// a x b, or the value's "too large".
inline std::uint64_t times(std::uint64_t a, std::uint64_t b) {
  const CheckedSize product = checked_multiply(a, b);
  if (!product) fail("too large");
  return *product;
}

}  // namespace bench::cli_value
