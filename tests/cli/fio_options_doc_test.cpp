// docs/fio-options.md kept in step with the option rows (cli/fio_option_rows_*.cpp, cli/fio_run_options.cpp): a
// row says "run" or "accepted" exactly when bench++ knows the option, the summary's counts are the rows', every
// option of the table is a row and its aliases are the ones the page names, fio's run and output options are the
// ones the page names, and the rows are the options fio 3.33's `fio --cmdhelp` lists (with fio 3.33 installed, as
// scripts/test.sh installs it).
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "cli/shared_options.h"
#include "test_support.h"

namespace bench {
namespace {

struct DocRow {
  std::string option;
  std::string status;  // the bench++ column: "run...", "accepted...", "refused: ...", "refused when ..."
  bool command_help = true;  // a row of the first table (fio --cmdhelp's options), not of an engine's options
};

struct OptionsDoc {
  std::vector<DocRow> rows;
  std::string text;
};

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

OptionsDoc read_options_doc() {
  OptionsDoc doc;
  doc.text = test::read_file(std::string(BENCH_SOURCE_DIR) + "/docs/fio-options.md");
  bool command_help = true;
  for (const std::string& line : test::lines_of(doc.text)) {
    if (line.rfind("## ", 0) == 0) command_help = false;  // the sections after the first table
    if (line.rfind("| `", 0) != 0) continue;
    const auto name_end = line.find('`', 3);
    const auto status_start = line.rfind(" | ");
    REQUIRE_MESSAGE(name_end != std::string::npos, line);
    REQUIRE_MESSAGE(status_start != std::string::npos, line);
    std::string status = line.substr(status_start + 3);
    if (!status.empty() && status.back() == '|') status.pop_back();
    doc.rows.push_back({line.substr(3, name_end - 3), trimmed(status), command_help});
  }
  return doc;
}

// Whether a row's status says bench++ takes the option (runs it, or accepts it, or refuses some values only).
bool status_says_known(const std::string& status) {
  return status.rfind("run", 0) == 0 || status.rfind("accepted", 0) == 0 || status.rfind("refused when", 0) == 0;
}

TEST_CASE("fio options page: each row's status is what the option table does") {
  const OptionsDoc doc = read_options_doc();
  REQUIRE(doc.rows.size() > 200);
  for (const DocRow& row : doc.rows) {
    INFO("docs/fio-options.md row `" << row.option << "`: " << row.status);
    const bool known = fio_option_argument(row.option).has_value() || row.option == "kb_base";
    CHECK(known == status_says_known(row.status));
  }
}

// The default a row's status states: "(default X)", "(default X, ...", "(default X: ...", or "W (default)" (the value
// before it); nullopt when it states none, or describes it in words ("(default: ...").
std::optional<std::string> stated_default(const std::string& status) {
  const auto at = status.find("(default");
  if (at == std::string::npos) return std::nullopt;
  const std::size_t after = at + std::string_view("(default").size();
  if (after < status.size() && status[after] == ')' && at > 1) {
    const auto start = status.rfind(' ', at - 2);
    return status.substr(start + 1, at - 2 - start);
  }
  if (after >= status.size() || status[after] != ' ') return std::nullopt;
  const auto end = status.find_first_of("),:;", after + 1);
  return status.substr(after + 1, end - after - 1);
}

TEST_CASE("fio options page: a default a row states is its option row's, and bench++'s own is stated") {
  std::map<std::string, FioOptionDefault> defaults;
  for (const FioOptionRow& option : fio_option_rows()) defaults.emplace(option.name, option.defaults);
  std::size_t stated = 0;
  for (const DocRow& row : read_options_doc().rows) {
    const auto option = defaults.find(row.option);
    if (option == defaults.end()) continue;
    INFO("docs/fio-options.md row `" << row.option << "`: " << row.status);
    const FioOptionDefault& declared = option->second;
    const std::optional<std::string> value = stated_default(row.status);
    if (declared.bench_kind() == FioOptionDefault::Bench::kOwn) CHECK(value.has_value());
    if (!value) continue;
    CHECK(*value == (declared.bench().empty() ? declared.fio() : declared.bench()));
    ++stated;
  }
  CHECK(stated >= 10);
}

TEST_CASE("fio options page: the summary counts the rows of fio's --cmdhelp options") {
  const OptionsDoc doc = read_options_doc();
  const auto command_help = std::count_if(doc.rows.begin(), doc.rows.end(), [](const DocRow& row) {
    return row.command_help;
  });
  const auto running = std::count_if(doc.rows.begin(), doc.rows.end(), [](const DocRow& row) {
    return row.command_help && (row.status.rfind("run", 0) == 0 || row.status.rfind("accepted", 0) == 0);
  });
  const std::string summary = fmt::format("{} of {} run", running, command_help);
  CHECK_MESSAGE(test::contains(doc.text, summary), "docs/fio-options.md should say \"" << summary << "\"");
}

// The names of the sentence "fio's aliases run as their options do: a, b (what b does), c." (it may wrap).
std::vector<std::string> aliases_named(const std::string& text) {
  const std::string start = "fio's aliases run as their options do:";
  const auto at = text.find(start);
  REQUIRE(at != std::string::npos);
  std::string sentence = text.substr(at + start.size(), text.find(".\n", at) - at - start.size());
  std::replace(sentence.begin(), sentence.end(), '\n', ' ');
  std::vector<std::string> names;
  std::size_t from = 0;
  while (from < sentence.size()) {
    const auto comma = std::min(sentence.find(',', from), sentence.size());
    const std::string item = trimmed(sentence.substr(from, comma - from));
    names.push_back(item.substr(0, item.find(' ')));  // "percentage_sequential (100 - percentage_random)"
    from = comma + 1;
  }
  return names;
}

TEST_CASE("fio options page: each option of the table has a row, its aliases in the aliases' sentence") {
  const OptionsDoc doc = read_options_doc();
  std::set<std::string> rows;
  for (const DocRow& row : doc.rows) {
    if (status_says_known(row.status)) rows.insert(row.option);
  }
  const std::vector<std::string> named = aliases_named(doc.text);
  const std::set<std::string> named_set(named.begin(), named.end());
  std::set<std::string> spellings;
  for (const FioOptionRow& option : fio_option_rows()) {
    INFO("option table's '" << option.name << "'");
    // (percentage_sequential, fio's inverse of percentage_random, is not in --cmdhelp: the sentence names it)
    CHECK((rows.count(std::string(option.name)) == 1 || named_set.count(std::string(option.name)) == 1));
    spellings.insert(std::string(option.name));
    for (const std::string_view alias : option.aliases) {
      if (alias.empty()) continue;
      INFO("its alias '" << alias << "'");
      CHECK(named_set.count(std::string(alias)) == 1);
      spellings.insert(std::string(alias));
    }
  }
  REQUIRE(named.size() > 10);
  for (const std::string& name : named) {
    INFO("docs/fio-options.md names '" << name << "' among the aliases");
    CHECK(spellings.count(name) == 1);
  }
}

TEST_CASE("fio options page: names fio's run and output options bench++ takes, and no other") {
  const OptionsDoc doc = read_options_doc();
  std::set<std::string> rows;
  for (const FioOptionRow& option : fio_run_option_rows()) {
    INFO("--" << option.name);
    CHECK(test::contains(doc.text, fmt::format("`--{}", option.name)));
    rows.insert(std::string(option.name));
  }
  // Every `--name` the page writes is one of them, a workload option, bench++'s own, or fio's listing itself.
  for (std::size_t at = doc.text.find("`--"); at != std::string::npos; at = doc.text.find("`--", at + 1)) {
    const auto end = doc.text.find_first_of("=` ", at + 3);
    const std::string name = doc.text.substr(at + 3, end - at - 3);
    INFO("docs/fio-options.md's `--" << name);
    CHECK((rows.count(name) == 1 || fio_option_argument(name).has_value() || find_shared_option(name) != nullptr ||
           name == "cmdhelp"));
  }
}

TEST_CASE("fio options page: the deprecated options' section lists the deprecated rows as accepted, and counts them") {
  const OptionsDoc doc = read_options_doc();
  const auto section = doc.text.find("\n## fio's deprecated options\n");
  REQUIRE(section != std::string::npos);
  const std::string text = doc.text.substr(section, doc.text.find("\n## ", section + 1) - section);
  std::size_t deprecated = 0;
  for (const FioOptionRow& option : fio_option_rows()) {
    if (!is_deprecated_fio_option(option.name)) continue;
    ++deprecated;
    INFO("deprecated option '" << option.name << "'");
    CHECK(test::contains(text, fmt::format("| `{}` |", option.name)));
    const auto row = std::find_if(doc.rows.begin(), doc.rows.end(), [&](const DocRow& r) { return r.option == option.name; });
    REQUIRE(row != doc.rows.end());
    CHECK(!row->command_help);
    CHECK(row->status.rfind("accepted", 0) == 0);
  }
  CHECK(deprecated >= 3);
  const std::string summary = fmt::format("{} of {} accepted", deprecated, deprecated);
  CHECK_MESSAGE(test::contains(text, summary), "the section should say \"" << summary << "\"");
  for (const DocRow& row : doc.rows) {  // every accepted row of the section is a deprecated option's
    if (!test::contains(text, fmt::format("| `{}` |", row.option)) || row.status.rfind("accepted", 0) != 0) continue;
    CHECK_MESSAGE(is_deprecated_fio_option(row.option), row.option);
  }
}

TEST_CASE("fio options page: its rows are fio 3.33's --cmdhelp options") {
  if (test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) return;
  const std::string version = trimmed(test::run_program({"fio", "--version"}).out);
  if (version.rfind("fio-3.33", 0) != 0) {
    test::skip_if(test::Skip{test::Need::kMachine, "the installed fio is " + version + ", not fio-3.33"});
    return;
  }
  const test::CommandOutput help = test::run_program({"fio", "--cmdhelp"});
  REQUIRE(help.exit_code == 0);
  std::set<std::string> fio_options;
  for (const std::string& line : test::lines_of(help.out)) {
    // "name<spaces>: text", or "name: text" when the name fills fio's column; an indented name is an option
    // fio lists under its parent (lockfile under filename).
    const std::string entry = trimmed(line);
    const auto colon = entry.find(':');
    if (colon == std::string::npos || colon == 0) continue;
    fio_options.insert(trimmed(entry.substr(0, colon)));
  }
  std::set<std::string> rows;
  for (const DocRow& row : read_options_doc().rows) {
    if (row.command_help) rows.insert(row.option);
  }
  std::vector<std::string> missing;
  std::vector<std::string> extra;
  std::set_difference(fio_options.begin(), fio_options.end(), rows.begin(), rows.end(), std::back_inserter(missing));
  std::set_difference(rows.begin(), rows.end(), fio_options.begin(), fio_options.end(), std::back_inserter(extra));
  CHECK_MESSAGE(missing.empty(), "fio options without a row: " << fmt::format("{}", fmt::join(missing, ", ")));
  CHECK_MESSAGE(extra.empty(), "rows that are no fio option: " << fmt::format("{}", fmt::join(extra, ", ")));
}

}  // namespace
}  // namespace bench
