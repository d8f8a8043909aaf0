// The man page's list of fio options (bench++(1), WORKLOADS) and its fio's output section kept in step with the
// option rows (cli/fio_option_rows_*.cpp, cli/fio_run_options.cpp): every name and alias bench++ takes is an
// item's tag there, and every item the list tags is an option bench++ takes.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "test_support.h"

namespace bench {
namespace {

// The options a tag line names, with roff's "\-" read as '-'.
std::set<std::string> options_of_tag(const std::string& tag) {
  static const std::regex kOption(R"(\\-\\-([a-z0-9_]+(\\-[a-z0-9_]+)*))");
  std::set<std::string> options;
  for (auto it = std::sregex_iterator(tag.begin(), tag.end(), kOption); it != std::sregex_iterator(); ++it) {
    options.insert(std::regex_replace((*it)[1].str(), std::regex(R"(\\-)"), "-"));
  }
  return options;
}

// The --options in the tags (the line after .TP) of the man page's lines from the one starting `first` to the one
// starting `last`, with roff's "\-" read as '-'.
std::set<std::string> tagged_options(const std::string& first, const std::string& last) {
  const std::vector<std::string> lines =
      test::lines_of(test::read_file(std::string(BENCH_SOURCE_DIR) + "/man/bench++.1"));
  std::size_t begin = 0;
  while (begin < lines.size() && lines[begin].rfind(first, 0) != 0) ++begin;
  std::size_t end = begin;
  while (end < lines.size() && lines[end].rfind(last, 0) != 0) ++end;
  REQUIRE_MESSAGE(end < lines.size(), "bench++.1 has no lines from \"" << first << "\" to \"" << last << "\"");
  std::set<std::string> options;
  for (std::size_t i = begin + 1; i < end; ++i) {
    if (lines[i - 1] != ".TP") continue;
    options.merge(options_of_tag(lines[i]));
  }
  return options;
}

// The text of the man page's first item (.TP) whose tag names `option`, up to the next item or section; empty when
// none does.
std::string item_of(const std::string& option) {
  const std::vector<std::string> lines =
      test::lines_of(test::read_file(std::string(BENCH_SOURCE_DIR) + "/man/bench++.1"));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i - 1] != ".TP" || options_of_tag(lines[i]).count(option) == 0) continue;
    std::string text;
    for (std::size_t j = i + 1; j < lines.size() && lines[j] != ".TP" && lines[j].rfind(".S", 0) != 0; ++j) {
      text += lines[j] + "\n";
    }
    return text;
  }
  return "";
}

std::set<std::string> fio_option_list() {
  return tagged_options("The fio options bench++ runs", "Job options on the command line beside job files");
}

TEST_CASE("man page: the list of fio options tags every name and alias bench++ runs") {
  const std::set<std::string> listed = fio_option_list();
  REQUIRE(listed.size() > 100);
  for (const std::string_view name : fio_option_names()) {
    INFO("--" << name);
    CHECK(listed.count(std::string(name)) == 1);
  }
  for (const FioOptionRow& row : fio_run_option_rows()) {
    if (row.group != FioOptionGroup::kRun) continue;
    INFO("--" << row.name);
    CHECK(listed.count(std::string(row.name)) == 1);
  }
}

TEST_CASE("man page: an option whose default is bench++'s own, unlike fio's, states it in its item") {
  std::size_t own = 0;
  for (const FioOptionRow& row : fio_option_rows()) {
    if (row.defaults.bench_kind() != FioOptionDefault::Bench::kOwn) continue;
    INFO("--" << row.name << ": bench++'s default " << row.defaults.bench());
    CHECK(test::contains(item_of(std::string(row.name)), fmt::format("(default {}", row.defaults.bench())));
    ++own;
  }
  CHECK(own >= 1);  // unlink
}

TEST_CASE("man page: every option the list of fio options tags is one bench++ takes") {
  std::set<std::string> known;
  for (const std::string_view name : fio_option_names()) known.insert(std::string(name));
  for (const FioOptionRow& row : fio_run_option_rows()) {
    if (row.group == FioOptionGroup::kRun) known.insert(std::string(row.name));
  }
  for (const std::string& option : fio_option_list()) {
    INFO("bench++.1 lists --" << option);
    CHECK(known.count(option) == 1);
  }
}

TEST_CASE("man page: fio's output section tags each of fio's output options bench++ takes, and no other") {
  const std::set<std::string> listed = tagged_options(".SS fio's output", ".SH SUITES");
  std::set<std::string> output;
  for (const FioOptionRow& row : fio_run_option_rows()) {
    if (row.group == FioOptionGroup::kOutput) output.insert(std::string(row.name));
  }
  REQUIRE(output.size() > 5);
  for (const std::string& option : output) CHECK_MESSAGE(listed.count(option) == 1, "--" << option);
  for (const std::string& option : listed) CHECK_MESSAGE(output.count(option) == 1, "bench++.1 lists --" << option);
}

}  // namespace
}  // namespace bench
