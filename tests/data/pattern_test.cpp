#include "data/pattern.h"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "data/random_fill.h"
#include "result/errors.h"

namespace bench {
namespace {

std::vector<int> bytes_of(std::string_view text, bool formats = false) {
  std::vector<int> values;
  for (const std::byte b : parse_fio_pattern(text, formats).bytes) values.push_back(static_cast<int>(b));
  return values;
}

std::string error_of(std::string_view text, bool formats = false) {
  try {
    parse_fio_pattern(text, formats);
  } catch (const ValueError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("data: fio's pattern grammar: strings, hexadecimal, decimal, and %o for verify_pattern") {
  CHECK(bytes_of("\"abcd\"") == std::vector<int>{0x61, 0x62, 0x63, 0x64});
  CHECK(bytes_of("-1024") == std::vector<int>{0x00, 0xfc, 0xff, 0xff});
  CHECK(bytes_of("66") == std::vector<int>{0x42});
  CHECK(bytes_of("0") == std::vector<int>{0x00});
  CHECK(bytes_of("0xFF0X1") == std::vector<int>{0xff, 0x01});
  CHECK(bytes_of("0xdeadbeef") == std::vector<int>{0xde, 0xad, 0xbe, 0xef});
  CHECK(bytes_of("0xabc") == std::vector<int>{0x0a, 0xbc});  // an odd first digit is a byte alone
  CHECK(bytes_of("\"123\"0xFFeeCC") == std::vector<int>{0x31, 0x32, 0x33, 0xff, 0xee, 0xcc});
  // A decimal stops where a hexadecimal piece begins: -10, then 0xab.
  const FioPattern mixed = parse_fio_pattern("-100xab\"1\"%o\"2\"", true);
  std::vector<int> values;
  for (const std::byte b : mixed.bytes) values.push_back(static_cast<int>(b));
  CHECK(values == std::vector<int>{0xf6, 0xff, 0xff, 0xff, 0xab, 0x31, 0, 0, 0, 0, 0, 0, 0, 0, 0x32});
  CHECK(mixed.offset_fields == std::vector<std::uint32_t>{6});
  CHECK(bytes_of("0xfefefefefefefefefefefefefefefefefefefefefe").size() == 21);
}

TEST_CASE("data: a pattern's %o takes the request's offset, little-endian") {
  const FioPattern pattern = parse_fio_pattern("%o0xdeadbeef%o", true);
  std::vector<std::byte> laid(20);
  lay_pattern(pattern, 0x0102030405060708ULL, laid);
  CHECK(laid[0] == std::byte{0x08});
  CHECK(laid[7] == std::byte{0x01});
  CHECK(laid[8] == std::byte{0xde});
  CHECK(laid[12] == std::byte{0x08});
}

TEST_CASE("data: patterns fio refuses, or bench++ does, each with its reason") {
  CHECK(error_of("") == "pattern '': empty");
  CHECK(error_of("\"abc") == "pattern '\"abc': a string without its closing \"");
  CHECK(error_of("'file'") == "pattern ''file'': a pattern read from a file is not supported");
  CHECK(error_of("%o") == "pattern '%o': formats such as %o are for verify_pattern");
  CHECK(error_of("%x", true) == "pattern '%x': the only format is %o");
  CHECK(error_of("abc") == "pattern 'abc': 'abc' is not a number, string or %o");
  CHECK(error_of("4294967296") == "pattern '4294967296': 4294967296 is beyond a 32-bit int");
  CHECK(error_of("0x") == "pattern '0x': no hexadecimal digits after 0x");
  CHECK(error_of("0x" + std::string(1026, 'a')).ends_with("': longer than 512 bytes"));  // 513 bytes
}

TEST_CASE("data: a pattern repeats over a buffer from its start, and a mismatch is found where it is") {
  const FioPattern pattern = parse_fio_pattern("0x0102030405", false);
  std::vector<std::byte> buffer(4096);
  fill_repeating(buffer, pattern.bytes);
  for (std::size_t i = 0; i < buffer.size(); ++i) REQUIRE(buffer[i] == pattern.bytes[i % 5]);
  CHECK(first_pattern_mismatch(buffer, pattern.bytes, 0) == std::nullopt);
  CHECK(first_pattern_mismatch(std::span(buffer).subspan(7), pattern.bytes, 2) == std::nullopt);
  buffer[3001] = std::byte{0x77};
  CHECK(first_pattern_mismatch(buffer, pattern.bytes, 0) == 3001);
  CHECK(first_pattern_mismatch(buffer, pattern.bytes, 1) == 0);
}

}  // namespace bench
