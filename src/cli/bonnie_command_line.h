#pragma once
// The command line: bonnie++'s option letters and value grammar plus bench++'s long options, parsed into a
// validated Config (cli/config.h). Parsing is pure; the machine facts it needs are passed in.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/config.h"
#include "platform/system_info.h"  // SystemFacts

namespace bench {

// Parses argv (without argv[0]); `facts` (platform/system_info.h read_system_facts() in the program, made up in
// tests) give the defaults that depend on the machine. Throws bench::UsageError (result/errors.h) with ONE line
// naming the option and the bad value, e.g. "invalid -s value '16x': unknown size suffix 'x'". Pure: no I/O.
// -h/--help gives Action::kHelp (help_text filled), -V/--version Action::kVersion and --detect Action::kDetect,
// whatever else is given (as long as the command line is well formed); the Config is then left at its defaults.
ParsedCommandLine parse_command_line(const std::vector<std::string>& args, const SystemFacts& facts);

// The --help text: a usage line, then every option (short and long forms) grouped, with its default.
std::string help_text();

}  // namespace bench
