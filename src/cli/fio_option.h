#pragma once
// One fio option as a command line or a job file gives it, before any rule reads it: the vocabulary of the
// workload options (cli/fio_options.h) and of fio's run options (cli/fio_run_options.h) alike.
#include <optional>
#include <string>

namespace bench {

// One option as written: its name (without dashes) and its value, absent for a bare flag (--time_based).
struct FioOption {
  std::string name;
  std::optional<std::string> value;
};

// How an option takes its value on a command line: fio's ordinary options need one ("--bs 4k" takes the next
// word); its flags (time_based, group_reporting, thread, stonewall) take one only as "--flag=1".
enum class FioArgument { kRequired, kFlag };

}  // namespace bench
