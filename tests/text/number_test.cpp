#include "text/number.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <optional>

namespace bench {
namespace {

TEST_CASE("read_number: the whole text is the number, or there is none") {
  CHECK(read_number<std::uint64_t>("0") == 0u);
  CHECK(read_number<std::uint64_t>("18446744073709551615") == UINT64_MAX);
  CHECK_FALSE(read_number<std::uint64_t>("18446744073709551616"));  // out of range
  CHECK_FALSE(read_number<std::uint64_t>(""));
  CHECK_FALSE(read_number<std::uint64_t>(" 1"));  // no white space
  CHECK_FALSE(read_number<std::uint64_t>("1 "));
  CHECK_FALSE(read_number<std::uint64_t>("+1"));  // no '+'
  CHECK_FALSE(read_number<std::uint64_t>("-1"));  // no sign for an unsigned type
  CHECK_FALSE(read_number<std::uint64_t>("1k"));
  CHECK(read_number<std::uint32_t>("4294967295") == 4294967295u);
  CHECK_FALSE(read_number<std::uint32_t>("4294967296"));
  CHECK(read_number<long>("-12") == -12);
  CHECK(read_number<std::uint64_t>("d05", 16) == 0xd05u);
  CHECK_FALSE(read_number<std::uint64_t>("0x d05", 16));
  CHECK(read_number<double>("0.25") == doctest::Approx(0.25));
  CHECK(read_number<double>("1e3") == doctest::Approx(1000.0));
  CHECK_FALSE(read_number<double>("0.25x"));
  CHECK_FALSE(read_number<double>("."));
}

TEST_CASE("read_leading_number: the number at the start, what follows, and why there is none") {
  const LeadingNumber<std::uint64_t> size = read_leading_number<std::uint64_t>("64kib");
  CHECK(size.status == NumberStatus::kRead);
  CHECK(size.value == 64u);
  CHECK(size.rest == "kib");

  const LeadingNumber<std::uint64_t> none = read_leading_number<std::uint64_t>("k64");
  CHECK(none.status == NumberStatus::kNoNumber);
  CHECK(none.rest == "k64");  // all of the text

  const LeadingNumber<std::uint64_t> empty = read_leading_number<std::uint64_t>("");
  CHECK(empty.status == NumberStatus::kNoNumber);

  const LeadingNumber<std::uint32_t> large = read_leading_number<std::uint32_t>("99999999999m");
  CHECK(large.status == NumberStatus::kOutOfRange);
  CHECK(large.rest == "m");  // past the digits, so the caller can name what follows

  const LeadingNumber<long long> negative = read_leading_number<long long>("-3,4");
  CHECK(negative.status == NumberStatus::kRead);
  CHECK(negative.value == -3);
  CHECK(negative.rest == ",4");
}

}  // namespace
}  // namespace bench
