#include "cli/workload_words.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "cli/fio_options.h"
#include "result/errors.h"

namespace bench {
namespace {

constexpr std::array<std::string_view, 2> kWorkloadOnlyOptions = {"allow-overwrite", "scale"};

// The option `word` names ("--json", "--json=x", "-q", "-d", "-dDIR"), or nullopt when it is not one of ours.
std::optional<OwnOption> own_option(std::string_view word, std::optional<std::string>* inline_value) {
  if (word.size() >= 2 && word[0] == '-' && word[1] != '-') {
    const SharedOption* option = find_shared_letter(word[1]);
    if (option == nullptr) return std::nullopt;
    if (word.size() > 2) {
      if (!option->takes_value()) return std::nullopt;
      *inline_value = std::string(word.substr(2));
    }
    return OwnOption{option, option->name};
  }
  if (word.substr(0, 2) != "--") return std::nullopt;
  const std::string_view body = word.substr(2);
  const auto equals = body.find('=');
  const std::string_view name = body.substr(0, equals);
  const auto workload_only = std::find(kWorkloadOnlyOptions.begin(), kWorkloadOnlyOptions.end(), name);
  OwnOption found;
  if (const SharedOption* option = find_shared_option(name)) {
    found = {option, option->name};
  } else if (workload_only != kWorkloadOnlyOptions.end()) {
    found = {nullptr, *workload_only};  // the table's name, which outlives `word`
  } else {
    return std::nullopt;
  }
  if (equals != std::string_view::npos) *inline_value = std::string(body.substr(equals + 1));
  return found;
}

// fio also takes its options with one dash (-name=x, -rw randread): such a word, whose name (up to '=') is a fio
// option of more than one letter, or any such name with '=', is read as --name=x (so that one bench++ does not
// run is refused by name). bench++'s own letters (-d DIR, -q, -dDIR) stay its own.
std::string fio_double_dash(const std::string& word) {
  if (word.size() < 3 || word[0] != '-' || word[1] == '-') return word;
  const std::size_t equals = word.find('=');
  const std::string name = word.substr(1, equals == std::string::npos ? std::string::npos : equals - 1);
  const bool word_like = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  if (name.size() < 2 || !word_like) return word;
  if (equals == std::string::npos && !fio_option_argument(name)) return word;
  return "-" + word;
}

}  // namespace

bool names_fio_job(std::string_view word) { return word == "--name" || word.starts_with("--name="); }

FioSwitches take_fio_switches(const std::vector<std::string>& words) {
  FioSwitches switches;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string word = fio_double_dash(words[i]);
    if (word == "-parse-only" || word == "-section") word = "-" + word;  // fio's one-dash spellings
    if (word == "--readonly" || word == "-readonly") {
      switches.read_only = true;
    } else if (word == "--parse-only") {
      switches.parse_only = true;
    } else if (word == "--section" || word.starts_with("--section=")) {
      if (word == "--section" && i + 1 == words.size()) throw UsageError("fio option '--section' needs a value");
      std::vector<std::string>& sections = switches.sections;
      sections.push_back(word == "--section" ? words[++i] : word.substr(std::string_view("--section=").size()));
      if (sections.back().empty()) throw UsageError("invalid fio option section='': give a section's name");
      if (sections.back() == "global") {
        throw UsageError("invalid fio option section='global': [global] is always read; name a job's section (as fio)");
      }
    } else {
      switches.args.push_back(word);
    }
  }
  return switches;
}

WorkloadWords sort_workload_words(const std::vector<std::string>& args) {
  WorkloadWords words;
  bool after_name = false;  // a fio --name was given: fio's job options now apply to that job
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::optional<std::string> inline_value;
    std::optional<OwnOption> option = own_option(args[i], &inline_value);
    if (names_fio_job(args[i])) after_name = true;
    // Before any --name, fio's --directory is every job's: bench++'s -d says the same. After one it is that job's
    // directory=, as in fio.
    if (option && after_name && option->name == "directory" && args[i].rfind("--directory", 0) == 0) option.reset();
    if (!option) {
      if (args[i].substr(0, 2) != "--") {
        words.positionals.push_back(args[i]);
        continue;
      }
      words.fio_words.push_back(args[i]);  // with its value when it is the next word ("--bs 4k")
      const std::string name = args[i].substr(2);
      if (name.find('=') == std::string::npos && fio_option_argument(name) == FioArgument::kRequired &&
          i + 1 < args.size()) {
        words.fio_words.push_back(args[++i]);
      }
      continue;
    }
    if (option->name == "help") {
      words.help = true;
      return words;
    }
    OwnValue value{*option, inline_value.value_or(""), words.fio_words.size()};
    if (option->takes_value() && !inline_value) {
      if (i + 1 == args.size()) throw UsageError(fmt::format("option --{} needs a value", option->name));
      value.value = args[++i];
    }
    words.own.push_back(std::move(value));
  }
  return words;
}

}  // namespace bench
