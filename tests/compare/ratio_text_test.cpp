// How ratios read in compare's phrases (compare/ratio_text.h).
#include "compare/ratio_text.h"

#include <doctest/doctest.h>

namespace bench {
namespace {

TEST_CASE("ratio text: ratios to two significant digits, three near 1") {
  CHECK(format_ratio(0.4213) == "0.42");
  CHECK(format_ratio(3.14) == "3.1");
  CHECK(format_ratio(13.4) == "13");
  CHECK(format_ratio(0.0421) == "0.042");
  CHECK(format_ratio(1.034) == "1.03");
  CHECK(format_ratio(0.996) == "0.996");
  CHECK(format_ratio(0.9996) == "1.00");
  CHECK(format_ratio(1.0) == "1.00");
  CHECK(format_ratio(0.96) == "0.96");
}

TEST_CASE("ratio text: significant digits, at most six decimals") {
  CHECK(significant_digits(45.26, 3) == "45.3");
  CHECK(significant_digits(9.996, 3) == "10.0");
  CHECK(significant_digits(0.0000012, 3) == "0.000001");
  CHECK(significant_digits(0, 2) == "0");
}

}  // namespace
}  // namespace bench
