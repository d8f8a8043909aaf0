#pragma once
// The command line of `bench++ compare BASE [OTHER...] [options]`, parsed into a plain CompareConfig. Pure: no I/O.
#include <optional>
#include <string>
#include <vector>

namespace bench {

struct CompareConfig {
  std::vector<std::string> files;          // BASE first, then the others; at least two
  std::optional<std::string> csv_output;   // --csv FILE, "-" for standard output
  std::optional<std::string> json_output;  // --json FILE, "-" for standard output
  std::optional<std::string> html_output;  // --html FILE, "-" for standard output
  bool group_by_label = false;             // --by-label
};

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
