// The reference stays in step with the program: every option --help lists is in the man page, and the
// man page passes mandoc's checker and renders.
#include <doctest/doctest.h>

#include <regex>
#include <set>

#include "test_support.h"

namespace bench {
namespace {

const std::filesystem::path kManPage = std::filesystem::path(BENCH_SOURCE_DIR) / "man" / "bench++.1";

std::set<std::string> long_options_in_help() {
  const std::string help = test::run_bench({"--help"}).out + test::run_bench({"job", "--help"}).out +
                           test::run_bench({"suite", "--help"}).out;
  std::set<std::string> options;
  static const std::regex kLong(R"(--[a-z][a-z-]*)");
  for (auto it = std::sregex_iterator(help.begin(), help.end(), kLong); it != std::sregex_iterator(); ++it) {
    options.insert(it->str());
  }
  return options;
}

TEST_CASE("man page: every long option of --help is documented") {
  const auto options = long_options_in_help();
  REQUIRE(options.size() > 15);
  const std::string page = test::read_file(kManPage);
  for (const auto& option : options) {
    CAPTURE(option);
    // In roff source a hyphen is written "\-".
    std::string escaped;
    for (char c : option) escaped += c == '-' ? std::string("\\-") : std::string(1, c);
    CHECK(page.find(escaped) != std::string::npos);
  }
}

TEST_CASE("man page: every example block ends a paragraph, so the prose after it starts one of its own") {
  const std::string page = test::read_file(kManPage);
  std::size_t blocks = 0;
  for (std::size_t end = page.find("\n.EE\n"); end != std::string::npos; end = page.find("\n.EE\n", end + 1)) {
    ++blocks;
    const std::size_t next = end + 5;  // the line after .EE
    const std::string next_line = page.substr(next, page.find('\n', next) - next);
    CAPTURE(page.substr(end > 200 ? end - 200 : 0, 260));
    // A request (.PP, .SH, .TP, .EX, ...) or the end; never text run on from the example.
    CHECK((next_line.empty() || next_line.front() == '.'));
  }
  CHECK(blocks > 5);
}

TEST_CASE("man page: mandoc -T lint finds nothing and man renders it") {
  if (test::skip_unless(test::tool_installed("mandoc") && test::tool_installed("man"), test::Need::kTool,
                        "mandoc or man is not installed (Debian mandoc, man-db)")) {
    return;
  }
  const auto lint = test::run_program({"mandoc", "-T", "lint", kManPage.string()});
  CHECK(lint.exit_code == 0);
  CHECK(lint.out == "");
  CHECK(lint.err == "");
  const auto rendered = test::run_program({"mandoc", "-T", "html", kManPage.string()});
  CHECK(rendered.exit_code == 0);
  CHECK(rendered.out.find("id=\"EXIT_STATUS\"") != std::string::npos);
  if (test::run_program({"man", "--version"}).exit_code == 0) {
    const auto man = test::run_program({"man", "-l", "-P", "cat", kManPage.string()});
    CHECK(man.exit_code == 0);
    CHECK(man.out.find("bench++") != std::string::npos);
  }
}

}  // namespace
}  // namespace bench
