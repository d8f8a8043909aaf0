#pragma once
// The command line of `bench++ compare BASE [OTHER...] [options]`, parsed into a plain CompareConfig. Pure: no I/O.
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct CompareConfig {
  std::vector<std::string> files;          // BASE first, then the others; at least two
  // The outputs asked for: an output option's name (compare_output_names()) and its FILE ("-": standard output).
  std::map<std::string, std::string, std::less<>> outputs;
  bool group_by_label = false;  // --by-label
  std::optional<std::string> base;  // --base LABEL: the group the others are set against

  // The FILE the output option `name` asks for, or nullopt.
  std::optional<std::string> output(std::string_view name) const {
    const auto found = outputs.find(name);
    return found == outputs.end() ? std::nullopt : std::optional<std::string>(found->second);
  }
};

// compare's output options, each --NAME FILE: csv, json, html (app/compare_command.cpp has each one's writer).
std::span<const std::string_view> compare_output_names();

enum class CompareAction { kHelp, kCompare };

struct ParsedCompareCommand {
  CompareAction action = CompareAction::kCompare;
  CompareConfig config;  // left at its defaults for kHelp
};

// Parses the words after "compare". Throws UsageError with one line naming the problem: an unknown option, an
// option without its value or given twice, fewer than two files, an empty file name, two outputs on standard
// output, two outputs to one file, or an output that would overwrite one of the input files.
// -h/--help gives CompareAction::kHelp whatever else is given (if the line is well formed).
ParsedCompareCommand parse_compare_command_line(const std::vector<std::string>& args);

// The `bench++ compare --help` text.
std::string compare_help_text();

}  // namespace bench
