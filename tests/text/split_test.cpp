#include "text/split.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace bench {
namespace {

using Pieces = std::vector<std::string_view>;

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  for_each_line(text, [&](std::string_view line) { lines.emplace_back(line); });
  return lines;
}

TEST_CASE("split: every piece between separators, empty ones included") {
  CHECK(split("a,,b", ',') == Pieces{"a", "", "b"});
  CHECK(split("", ',') == Pieces{""});
  CHECK(split(",", ',') == Pieces{"", ""});
  CHECK(split("abc", ',') == Pieces{"abc"});
  CHECK(split(std::string_view("x\0y", 3), '\0') == Pieces{"x", "y"});
}

TEST_CASE("for_each_line: a final newline ends the last line, false stops the walk") {
  CHECK(lines_of("a\n\nb\n") == std::vector<std::string>{"a", "", "b"});
  CHECK(lines_of("a\nb") == std::vector<std::string>{"a", "b"});
  CHECK(lines_of("").empty());
  CHECK(lines_of("\n") == std::vector<std::string>{""});
  CHECK(lines_of("a\r\nb") == std::vector<std::string>{"a\r", "b"});
  std::vector<std::string> seen;
  for_each_line("one\ntwo\nthree\n", [&](std::string_view line) {
    seen.emplace_back(line);
    return line != "two";
  });
  CHECK(seen == std::vector<std::string>{"one", "two"});
}

}  // namespace
}  // namespace bench
