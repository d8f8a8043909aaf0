#pragma once
// One fio option as a command line or a job file gives it, before any rule reads it, and the row that declares an
// option: the vocabulary of the workload options (cli/fio_options.h) and of fio's run options
// (cli/fio_run_options.h) alike.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace bench {

// One option as written: its name (without dashes) and its value, absent for a bare flag (--time_based).
struct FioOption {
  std::string name;
  std::optional<std::string> value;
};

// How an option takes its value on a command line: fio's ordinary options need one ("--bs 4k" takes the next
// word); its flags (time_based, group_reporting, thread, stonewall) take one only as "--flag=1".
enum class FioArgument { kRequired, kFlag };

// The sections of `bench++ job --help` an option is listed in: a workload's options (fio's job options, by what
// they are about), then fio's own command line's (cli/fio_run_options.h), which bench++ suite takes too.
enum class FioOptionGroup { kJob, kFiles, kData, kJobControl, kStatistics, kIoUring, kRun, kOutput };

// One fio option as bench++ declares it, once: everything else (lookup, `bench++ job --help`, the tests that hold
// docs/fio-options.md and the man page to it) comes from these rows.
struct FioOptionRow {
  std::string_view name;                    // fio's name (fio 3.33's options.c)
  std::array<std::string_view, 2> aliases;  // fio's other spellings, which run as the name does (empty: none)
  FioArgument argument;
  FioOptionGroup group;
  std::string_view value_name;  // how the value is written in --help ("SIZE", "MODE[:N]"); empty for a flag
  std::string_view help;        // one line for --help: what the option does in bench++
};

}  // namespace bench
