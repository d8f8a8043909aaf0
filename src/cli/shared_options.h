#pragma once
// The options that bench++'s run commands share (the bonnie-style benchmark, `bench++ job` and `bench++ suite`),
// declared once: their spellings (bonnie++'s letters, the long names, the older spellings kept as aliases),
// what value each takes and its range, how it sets a Config, and its help text. cli/bonnie_command_line.cpp (through
// Boost.Program_options) and cli/workload_command_line.cpp (among fio's words) both take them from here, and every command's
// --help prints the same lines for them (shared_options_help). Pure.
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/config.h"

namespace bench {

struct SharedOption {
  std::string_view name;                   // long form without "--": "directory"
  char letter = 0;                         // short form ('d'), or 0
  std::string_view value_name;             // "DIR" in the help; empty for a switch (takes no value)
  std::vector<std::string_view> aliases;   // older long spellings, still accepted: "dir"
  bool repeatable = false;                 // may be given more than once (--tag)
  std::string_view help;                   // the help text, without the option's own spelling
  // A result file (Config::result_files[name], rendered by app/output_table.cpp's row of this name).
  bool result_file = false;
  std::string_view not_on_stdout = {};     // a result file that "-" may not name: why not

  bool takes_value() const { return !value_name.empty(); }
};

// Every shared option, in the order the help lists them.
std::span<const SharedOption> shared_options();

// The option `long_name` names (its name or an alias), or nullptr.
const SharedOption* find_shared_option(std::string_view long_name);
// The option whose letter is `letter`, or nullptr.
const SharedOption* find_shared_letter(char letter);

// Sets what `option` means in `config` from `value` ("" for a switch). Throws UsageError with one line naming
// the option ("invalid -x (--repeat) value '0': a whole number from 1 to 4294967295"). Every command applies
// the same option through this one function, so its range and message are the same everywhere.
void apply_shared_option(const SharedOption& option, const std::string& value, Config& config);

// After every option was applied: the checks that involve several of them (two result files on stdout; two at one
// path are refused once the run is planned: app/output_files.h).
void check_shared_options(const Config& config);

// "-d (--directory)", "--json": how messages name the option.
std::string shared_option_display_name(const SharedOption& option);

// The help section of the shared options, a heading and a line or more each, the same in every command's --help.
// Ends with '\n'.
std::string shared_options_help();

}  // namespace bench
