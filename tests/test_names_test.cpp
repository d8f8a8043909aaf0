// The test suite's own rule: no test case name holds a ';', which CTest's doctest discovery reads as a list
// separator, splitting the test into empty ones that pass without running anything.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>

#include "test_support.h"

namespace bench {

TEST_CASE("tests: no test case name holds a semicolon (CTest would split it into tests that run nothing)") {
  const std::filesystem::path tests = std::filesystem::path(BENCH_SOURCE_DIR) / "tests";
  static const std::regex kCaseName(R"(TEST_CASE\("([^"]*)\"\))");
  std::size_t cases = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(tests)) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = test::read_file(entry.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kCaseName); it != std::sregex_iterator(); ++it) {
      ++cases;
      CHECK_MESSAGE((*it)[1].str().find(';') == std::string::npos, entry.path().filename().string() << ": " << (*it)[1]);
    }
  }
  CHECK(cases > 100);
}

}  // namespace bench
