#pragma once
// The command line: bonnie++'s option letters and value grammar plus bench++'s long options, parsed into a
// validated Config (cli/config.h). Parsing is pure; the machine facts it needs are passed in.
#include <cstdint>
#include <string>
#include <vector>

#include "cli/config.h"
#include "cli/directory_check.h"  // check_directory_usable(), which main calls after parsing

namespace bench {

// What the parser needs from the machine, passed in so parsing stays pure.
struct SystemFacts {
  std::uint64_t ram_mib = 0;      // physical memory in MiB as bonnie++ computes it (pagesize/1024 * (pages/1024))
  std::string host_name;          // default machine name
  std::uint32_t random_seed = 0;  // used when -z is absent
};

// Parses argv (without argv[0]). Throws bench::UsageError (result/errors.h) with ONE line naming the option
// and the bad value, e.g. "invalid -s value '16x': unknown size suffix 'x'". Pure: no I/O.
// -h/--help gives Action::kHelp (help_text filled), -V/--version Action::kVersion and --detect Action::kDetect,
// whatever else is given (as long as the command line is well formed); the Config is then left at its defaults.
ParsedCommandLine parse_command_line(const std::vector<std::string>& args, const SystemFacts& facts);

// The facts of this machine: sysconf page size and count, gethostname, std::random_device.
SystemFacts read_system_facts();

// The --help text: a usage line, then every option (short and long forms) grouped, with its default.
std::string help_text();

}  // namespace bench
