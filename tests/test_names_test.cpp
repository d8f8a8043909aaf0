// The test suite's own rules: no test case name holds a ';', which CTest's doctest discovery reads as a list
// separator, splitting the test into empty ones that pass without running anything; and a name says the behaviour
// it checks, not the tracker entry that asked for it (the word issue or a '#' before a number, or a round's
// number after "reliability").
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "test_support.h"

namespace bench {
namespace {

struct CaseName {
  std::string file;
  bool is_test_case = false;  // TEST_CASE, not SUBCASE
  std::string name;
};

// Every TEST_CASE("...") and SUBCASE("...") name under tests/.
std::vector<CaseName> case_names() {
  const std::filesystem::path tests = std::filesystem::path(BENCH_SOURCE_DIR) / "tests";
  static const std::regex kCaseName(R"((TEST_CASE|SUBCASE)\("([^"]*)\"\))");
  std::vector<CaseName> names;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(tests)) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = test::read_file(entry.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kCaseName); it != std::sregex_iterator(); ++it) {
      names.push_back({entry.path().filename().string(), (*it)[1] == "TEST_CASE", (*it)[2].str()});
    }
  }
  return names;
}

}  // namespace

TEST_CASE("tests: no test case name holds a semicolon (CTest would split it into tests that run nothing)") {
  const auto names = case_names();
  for (const CaseName& c : names) {
    if (c.is_test_case) CHECK_MESSAGE(c.name.find(';') == std::string::npos, c.file << ": " << c.name);
  }
  CHECK(names.size() > 100);
}

TEST_CASE("tests: no test case name cites an issue number instead of the behaviour it checks") {
  static const std::regex kIssueNumber(R"(([Ii]ssue\s*#?[0-9])|(^|\s)#[0-9]|^[a-z+]+ [0-9]+[,:])");
  const auto names = case_names();
  for (const CaseName& c : names) CHECK_MESSAGE(!std::regex_search(c.name, kIssueNumber), c.file << ": " << c.name);
  CHECK(names.size() > 100);
}

}  // namespace bench
