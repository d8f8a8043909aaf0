#include <doctest/doctest.h>

#include <string>

#include "text/printable.h"

namespace bench {
namespace {

using namespace std::string_literals;

TEST_CASE("text: printable escapes what a terminal would obey, and nothing else") {
  CHECK(printable("randrw-4k") == "randrw-4k");
  CHECK(printable("") == "");
  CHECK(printable("ev\x1b[31mil") == "ev\\x1b[31mil");
  CHECK(printable("a\0b"s) == "a\\x00b");
  CHECK(printable("tab\there\nnext\r") == "tab\\x09here\\x0anext\\x0d");
  CHECK(printable("del\x7f") == "del\\x7f");
  CHECK(printable("csi\xC2\x9B" "2J") == "csi\\u009b2J");  // U+009B, the one-character CSI
  CHECK(printable("\xC2\xA0\xC3\xA9 \xCE\xBC") == "\xC2\xA0\xC3\xA9 \xCE\xBC");  // U+00A0, é, µ: text
  CHECK(printable("\xC2") == "\xC2");  // a cut sequence is no control
  CHECK(printable("\xff\xfe") == "\xff\xfe");
  for (int byte = 0; byte < 256; ++byte) {
    const std::string shown = printable(std::string(1, static_cast<char>(byte)));
    for (const char c : shown) CHECK((static_cast<unsigned char>(c) >= 0x20 && c != 0x7f));
  }
}

TEST_CASE("text: printable_lines keeps the line ends of a table and escapes the rest") {
  CHECK(printable_lines("a\nb\x1b[2J\n") == "a\nb\\x1b[2J\n");
  CHECK(printable_lines("a\r\n") == "a\\x0d\n");
}

}  // namespace
}  // namespace bench
