#include "cli/fio_persona.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/fio_options.h"
#include "cli/fio_run_options.h"
#include "result/engine_kind.h"
#include "result/errors.h"
#include "result/fio_release.h"

namespace bench {
namespace {

// fio's words the persona answers itself, and what fio's usage says of them (init.c's usage()).
struct PersonaSwitch {
  std::string_view name;
  std::string_view value_name;  // as the usage writes it ("cmd"); empty: none
  std::string_view help;
};
constexpr PersonaSwitch kSwitches[] = {
    {"version", "", "Print version info and exit"},
    {"help", "", "Print this page"},
    {"cmdhelp", "cmd", "Print command help, \"all\" for all of them"},
    {"enghelp", "engine", "Print ioengine help, or list available ioengines"},
};

// One of fio's usage lines: "  --name=value", then tabs to the help's column (fio's tab stops of 8, at least one).
std::string usage_line(std::string_view name, std::string_view value_name, std::string_view help) {
  const std::string spelling = value_name.empty() ? fmt::format("  --{}", name)
                                                  : fmt::format("  --{}={}", name, value_name);
  constexpr std::size_t kHelpColumn = 24;
  std::string tabs = "\t";
  for (std::size_t column = (spelling.size() / 8 + 1) * 8; column < kHelpColumn; column += 8) tabs += '\t';
  return spelling + tabs + std::string(help) + "\n";
}

// The word's switch name when `word` is one of the persona's: "--version", "-version", "-v", "--cmdhelp=bs",
// "-h"; its value (after '=') into `value`.
std::optional<std::string_view> switch_of(const std::string& word, std::optional<std::string>* value) {
  if (word == "-v") return "version";
  if (word == "-h") return "help";
  if (word.size() < 2 || word[0] != '-') return std::nullopt;
  const std::string_view body = std::string_view(word).substr(word[1] == '-' ? 2 : 1);
  const std::size_t equals = body.find('=');
  const std::string_view name = body.substr(0, equals);
  for (const PersonaSwitch& known : kSwitches) {
    if (known.name != name) continue;
    if (equals != std::string_view::npos) *value = std::string(body.substr(equals + 1));
    return known.name;
  }
  return std::nullopt;
}

// parse.c's show_cmd_help for one option: "%20s: %s" lines of its name and help, alias, type and default.
std::string one_option_help(const FioOptionRow& row) {
  std::string text = fmt::format("{:>20}: {}\n", row.name, row.help);
  if (!row.aliases[0].empty()) text += fmt::format("{:>20}: {}\n", "alias", row.aliases[0]);
  const std::string type = row.argument == FioArgument::kFlag ? "empty or boolean value ([0|1])"
                                                               : fmt::format("string (opt={})", row.value_name);
  text += fmt::format("{:>20}: {}\n", "type", type);
  const std::string_view fio_default = row.defaults.fio();
  text += fmt::format("{:>20}: {}\n", "default", fio_default.empty() ? "no default" : fio_default);
  return text;
}

// --cmdhelp[=all|OPTION]: every job option as print_option writes it ("%-24s: %s"), or one option's help; an
// option bench++ does not run is fio's "No such command: NAME" on stderr, exit 0 (fio 3.33 returns 0 for it), and
// so is a deprecated one, which fio's lists leave out (parse.c show_cmd_help).
ParsedCommandLine cmdhelp(const std::optional<std::string>& name) {
  ParsedCommandLine answer;
  answer.action = Action::kHelp;
  const std::vector<FioOptionRow> rows = fio_option_rows();
  for (const FioOptionRow& row : rows) {
    if (is_deprecated_fio_option(row.name)) continue;
    if (!name || *name == "all") {
      answer.help_text += fmt::format("{:<24}: {}\n", row.name, row.help);
    } else if (row.name == *name || std::find(row.aliases.begin(), row.aliases.end(), *name) != row.aliases.end()) {
      answer.help_text += one_option_help(row);
    }
  }
  if (answer.help_text.empty()) answer.notice = fmt::format("No such command: {}", *name);
  return answer;
}

// --enghelp[=ENGINE]: the engines bench++ runs, by fio's names (fio's "Available IO engines:" list), or one
// engine's options ("%-24s: %s", as fio lists an engine's own options).
ParsedCommandLine enghelp(const std::optional<std::string>& engine) {
  ParsedCommandLine answer;
  answer.action = Action::kHelp;
  if (!engine || engine->empty()) {
    answer.help_text = "Available IO engines:\n";
    for (const EngineFacts& facts : kEngines) {
      if (!facts.fio_name.empty()) answer.help_text += fmt::format("\t{}\n", facts.fio_name);
    }
    return answer;
  }
  const std::string name = engine->substr(0, engine->find(','));  // fio's ENGINE,OPTION: the engine's
  const std::optional<EngineKind> kind = engine_for_fio_name(name);
  if (!kind) throw UsageError(fmt::format("engine {} not loadable", name));
  const std::optional<FioOptionGroup> own = *kind == EngineKind::kIoUring    ? std::optional(FioOptionGroup::kIoUring)
                                            : *kind == EngineKind::kCpuio    ? std::optional(FioOptionGroup::kCpuio)
                                            : *kind == EngineKind::kFileStat ? std::optional(FioOptionGroup::kFilestat)
                                                                             : std::nullopt;
  for (const FioOptionRow& row : fio_option_rows()) {
    if (row.group == own) answer.help_text += fmt::format("{:<24}: {}\n", row.name, row.help);
  }
  if (answer.help_text.empty()) answer.help_text = fmt::format("IO engine {} has no options\n", name);
  return answer;
}

}  // namespace

std::string fio_persona_version_line() { return fio_version_string(BENCH_VERSION); }

std::optional<ParsedCommandLine> fio_persona_answer(const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    std::optional<std::string> value;
    const std::optional<std::string_view> name = switch_of(word, &value);
    if (!name) continue;
    if (*name == "cmdhelp") return cmdhelp(value);
    if (*name == "enghelp") return enghelp(value);
    ParsedCommandLine answer;
    answer.action = *name == "version" ? Action::kVersion : Action::kHelp;
    if (*name == "help") answer.help_text = fio_persona_usage();
    return answer;
  }
  return std::nullopt;
}

std::optional<ParsedCommandLine> fio_option_help_answer(const std::vector<std::string>& words) {
  for (const std::string& word : words) {
    std::optional<std::string> value;
    const std::optional<std::string_view> name = switch_of(word, &value);
    if (name == "cmdhelp") return cmdhelp(value);
    if (name == "enghelp") return enghelp(value);
  }
  return std::nullopt;
}

std::string fio_persona_usage() {
  std::string text = fio_persona_version_line() + "\nfio [options] [job options] <job file(s)>\n";
  for (const FioOptionRow& row : fio_run_option_rows()) text += usage_line(row.name, row.value_name, row.help);
  for (const PersonaSwitch& known : kSwitches) text += usage_line(known.name, known.value_name, known.help);
  return text +
         "\nThis fio is bench++ underneath: it runs the job options `fio --cmdhelp` lists, with fio's outputs and\n"
         "exit statuses (bench++(1), FIO PERSONA).\n";
}

}  // namespace bench
