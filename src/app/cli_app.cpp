#include "app/cli_app.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "app/compare_command.h"
#include "app/detect_command.h"
#include "app/rank_command.h"
#include "app/run_command.h"
#include "app/text_sink.h"
#include "cli/workload_command_line.h"
#include "cli/bonnie_command_line.h"
#include "platform/system_info.h"
#include "result/errors.h"

namespace bench {
namespace {

// A job file's text; a file that cannot be read is bad input, named.
std::string read_job_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(fmt::format("cannot read job file '{}': {}", path, std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What a front end parsed: its help and version answered here (once for the whole MPI job), a run handed to the
// one run command.
int act_on(const ParsedCommandLine& command) {
  switch (command.action) {
    case Action::kHelp:
      if (!is_secondary_rank()) write_standard_output(command.help_text);
      return 0;
    case Action::kVersion:
      if (!is_secondary_rank()) write_standard_output(fmt::format("bench++ {}\n", BENCH_VERSION));
      return 0;
    case Action::kDetect:
      return run_detect_command();
    case Action::kRun:
      break;
  }
  return run_command(command.config);
}

}  // namespace

int run_cli(const std::vector<std::string>& args) {
  if (!args.empty() && args.front() == "compare") {
    return run_compare_command(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  if (!args.empty() && (args.front() == "job" || args.front() == "suite")) {
    const WorkloadCommand command = args.front() == "job" ? WorkloadCommand::kJob : WorkloadCommand::kSuite;
    return act_on(parse_workload_command_line(command, std::vector<std::string>(args.begin() + 1, args.end()),
                                              read_system_facts(), read_job_file));
  }
  return act_on(parse_command_line(args, read_system_facts()));
}

}  // namespace bench
