#include "cli/shared_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>
#include <vector>
#include <limits>

#include "cli/size_spec.h"
#include "cli/tags.h"
#include "result/errors.h"
#include "result/result_keywords.h"

namespace bench {
namespace {

constexpr std::uint64_t kMaxU32 = std::numeric_limits<std::uint32_t>::max();

const std::vector<SharedOption>& table() {
  static const std::vector<SharedOption> options = {
      {"directory", 'd', "DIR", {"dir"}, false,
       "where to work (default: the current directory); bench++'s files go in a private\n"
       "directory there, removed on every exit"},
      {"repeat", 'x', "N", {"repeats"}, false,
       "run everything N times, 1..4294967295 (default 1; a suite: its own)"},
      {"quiet", 'q', "", {}, false, "no progress; the table goes to stderr"},
      {"seed", 'z', "N", {}, false,
       "random seed, 0..4294967295 (default: a random one, printed in the reports;\n"
       "workloads: fio's randrepeat, the same each run)"},
      {"label", 0, "TEXT", {}, false, "names the run in every output (default: the machine's name)"},
      {"tag", 0, "KEY=VALUE", {}, true, "a fact to record with the run in every output (repeatable)"},
      {"json", 0, "FILE", {}, false,
       "write the results as JSON to FILE (\"-\": stdout); with --dry-run, the plan", true},
      {"csv", 0, "FILE", {}, false, "write the spreadsheet CSV (a header, a row per test) to FILE (\"-\": stdout)",
       true},
      {"html", 0, "FILE", {}, false,
       "write a report to FILE: one HTML page of tables, percentiles and latency CDFs", true,
       "a run's report goes to a file (stdout carries the table)"},
      {"cache", 0, "drop|keep", {}, false,
       "drop the files' cached pages before each test that reads (default); keep\n"
       "leaves them (bonnie++'s way; workloads: as invalidate=0)"},
      {"window-command", 0, "CMD", {}, false,
       "run /bin/sh -c CMD at each group's start and end, unmeasured (BENCH_WINDOW_JSON)"},
      {"dry-run", 0, "", {}, false,
       "check what the run would check, print its plan (tests, files, bytes and\n"
       "inodes it needs) and run nothing; with --json, the plan as JSON"},
      {"help", 'h', "", {}, false, "show this help and exit"},
  };
  return options;
}

[[noreturn]] void invalid(const SharedOption& option, const std::string& text, std::string_view reason) {
  const std::string name = option.letter != 0 ? fmt::format("-{}", option.letter) : fmt::format("--{}", option.name);
  throw UsageError(fmt::format("invalid {} value '{}': {}", name, text, reason));
}

std::string non_empty(const SharedOption& option, const std::string& text) {
  if (text.empty()) invalid(option, text, "empty value");
  return text;
}

// parse_count's own reasons (a sign, a suffix, too large), then the range.
std::uint32_t whole_number(const SharedOption& option, const std::string& text, std::uint64_t low) {
  const std::string name = option.letter != 0 ? fmt::format("-{}", option.letter) : fmt::format("--{}", option.name);
  const std::uint64_t value = parse_count(text, name);
  if (value < low || value > kMaxU32) invalid(option, text, fmt::format("must be from {} to {}", low, kMaxU32));
  return static_cast<std::uint32_t>(value);
}

}  // namespace

std::span<const SharedOption> shared_options() { return table(); }

const SharedOption* find_shared_option(std::string_view long_name) {
  for (const SharedOption& option : table()) {
    if (option.name == long_name) return &option;
    if (std::find(option.aliases.begin(), option.aliases.end(), long_name) != option.aliases.end()) return &option;
  }
  return nullptr;
}

const SharedOption* find_shared_letter(char letter) {
  if (letter == 0) return nullptr;
  for (const SharedOption& option : table()) {
    if (option.letter == letter) return &option;
  }
  return nullptr;
}

void apply_shared_option(const SharedOption& option, const std::string& value, Config& config) {
  const std::string_view name = option.name;
  if (name == "directory") {
    config.directory = non_empty(option, value);
  } else if (name == "repeat") {
    config.repeats = whole_number(option, value, 1);
    config.repeats_given = true;
  } else if (name == "quiet") {
    config.quiet = true;
  } else if (name == "seed") {
    config.setup.seed = whole_number(option, value, 0);
    config.seed_given = true;
  } else if (name == "label") {
    config.label = non_empty(option, value);
  } else if (name == "tag") {
    config.tags.push_back(checked_tag(value));
  } else if (option.result_file) {
    if (!option.not_on_stdout.empty() && value == "-") invalid(option, value, option.not_on_stdout);
    config.result_files[std::string(name)] = non_empty(option, value);
  } else if (name == "cache") {
    const auto mode = enum_from_keyword<CacheMode>(value);
    if (!mode) invalid(option, value, fmt::format("expected {} or {}", keyword(CacheMode::kKeep), keyword(CacheMode::kDrop)));
    config.setup.cache = *mode;
  } else if (name == "window-command") {
    config.window_command = non_empty(option, value);
  } else if (name == "dry-run") {
    config.dry_run = true;
  }
  // help: the caller answers it before applying anything.
}

void check_shared_options(const Config& config) {
  std::vector<std::string> on_stdout;  // by name
  for (const auto& [name, path] : config.result_files) {
    if (path == "-") on_stdout.push_back(fmt::format("--{} -", name));
  }
  if (on_stdout.size() > 1) {
    throw UsageError(fmt::format("options {} and {} cannot both write to stdout", on_stdout[0], on_stdout[1]));
  }
  // Two result files at one path, or one at the path of an input, a data file or another output of the run, are
  // refused once the run is planned (app/output_files.h), where every file of the run is known.
}

std::string shared_option_display_name(const SharedOption& option) {
  if (option.letter != 0) return fmt::format("-{} (--{})", option.letter, option.name);
  return fmt::format("--{}", option.name);
}

std::string shared_options_help() {
  constexpr std::size_t kTextColumn = 24;
  std::string text = "Options of every run command (bench++, bench++ job, bench++ suite):\n";
  for (const SharedOption& option : table()) {
    std::string spelling = option.letter != 0 ? fmt::format("  -{}, --{}", option.letter, option.name)
                                              : fmt::format("      --{}", option.name);
    if (option.takes_value()) spelling += fmt::format(" {}", option.value_name);
    std::string help(option.help);
    for (const std::string_view alias : option.aliases) help += fmt::format(" (also --{})", alias);
    // The text after the spelling on its line when it fits, else on the next; continuation lines indented.
    std::string indented;
    for (const char c : help) indented += c == '\n' ? std::string("\n") + std::string(kTextColumn, ' ') : std::string(1, c);
    if (spelling.size() + 2 > kTextColumn) {
      text += spelling + "\n" + std::string(kTextColumn, ' ') + indented + "\n";
    } else {
      text += spelling + std::string(kTextColumn - spelling.size(), ' ') + indented + "\n";
    }
  }
  return text;
}

}  // namespace bench
