// `bench++ compare` options (cli/compare_options.h), parsed without running anything.
#include "cli/compare_options.h"

#include <doctest/doctest.h>

#include "result/errors.h"

namespace bench {
namespace {

std::string usage_error(const std::vector<std::string>& args) {
  try {
    parse_compare_command_line(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST_CASE("compare options: files and outputs") {
  const auto parsed =
      parse_compare_command_line({"host.csv", "--csv", "-", "guest.json", "--html", "out.html", "b.csv", "--by-label"});
  CHECK(parsed.action == CompareAction::kCompare);
  CHECK(parsed.config.files == std::vector<std::string>{"host.csv", "guest.json", "b.csv"});
  CHECK(parsed.config.output("csv") == "-");
  CHECK_FALSE(parsed.config.output("json").has_value());
  CHECK(parsed.config.output("html") == "out.html");
  CHECK(parsed.config.group_by_label);
  CHECK_FALSE(parsed.config.base.has_value());
  CHECK(parse_compare_command_line({"a", "b", "--base", "nvme"}).config.base == "nvme");

  const auto equals = parse_compare_command_line({"a", "b", "--json=r.json"});
  CHECK(equals.config.output("json") == "r.json");
  CHECK_FALSE(equals.config.group_by_label);
}

TEST_CASE("compare options: --help wins") {
  CHECK(parse_compare_command_line({"--help"}).action == CompareAction::kHelp);
  CHECK(parse_compare_command_line({"a", "-h"}).action == CompareAction::kHelp);
  const std::string help = compare_help_text();
  CHECK(help.starts_with("usage: bench++ compare BASE [OTHER...] [options]\n"));
  for (const char* option : {"--csv FILE", "--json FILE", "--html FILE", "--by-label", "--base LABEL", "--help"}) {
    CHECK_MESSAGE(help.find(option) != std::string::npos, option);
  }
}

TEST_CASE("compare options: usage errors") {
  CHECK(usage_error({}) == "compare: needs a BASE file (see bench++ compare --help)");
  CHECK(usage_error({"a", "b", "--table"}) == "compare: unknown option '--table' (see bench++ compare --help)");
  CHECK(usage_error({"a", "b", "--csv"}) == "compare: option --csv needs a value");
  CHECK(usage_error({"a", "b", "--csv", "x", "--csv", "y"}) == "compare: option --csv was given more than once");
  CHECK(usage_error({"a", "b", "--csv="}) == "compare: option --csv needs a value after '='");
  CHECK(usage_error({"a", "b", "--csv", ""}) == "compare: --csv needs a file name or '-'");
  CHECK(usage_error({"a", "b", "--csv", "-", "--json", "-"}) ==
        "compare: --csv and --json cannot both write to standard output");
  CHECK(usage_error({"a", "b", "--json", "r", "--html", "./r"}) == "compare: --json and --html both write to 'r'");
  CHECK(usage_error({"host.csv", "b", "--csv", "./host.csv"}) ==
        "compare: --csv './host.csv' would overwrite an input file");
  CHECK(usage_error({"a", "", "--csv", "x"}) == "compare: an empty file name");
  CHECK(usage_error({"-", "b", "-"}) == "compare: '-' (standard input) can be given once");
  CHECK(usage_error({"a", "b", "--by-label=1"}) == "compare: option --by-label takes no value");
  CHECK(usage_error({"a", "b", "--base"}) == "compare: option --base needs a value");
  CHECK(usage_error({"a", "b", "--base", ""}) == "compare: --base needs a group's label");
}

}  // namespace
}  // namespace bench
