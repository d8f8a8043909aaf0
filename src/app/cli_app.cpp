#include "app/cli_app.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "app/compare_command.h"
#include "app/host_view_command.h"
#include "app/detect_command.h"
#include "app/rank_command.h"
#include "app/run_command.h"
#include "app/text_sink.h"
#include "cli/fio_job_file.h"
#include "cli/fio_persona.h"
#include "cli/workload_command_line.h"
#include "cli/bonnie_command_line.h"
#include "platform/posix_file.h"
#include "platform/system_info.h"
#include "result/errors.h"
#include "run/interrupt.h"

namespace bench {
namespace {

// A job file's text, read to at most kJobFileBytes (so that /dev/zero or a FIFO that never ends stops there); a
// file that cannot be read is bad input, named. A signal that interrupts the wait for a FIFO's writer, or a
// read, is an interruption (exit 130), not a failure of the file.
// (kJobFileBytes: cli/fio_job_file.h, which also bounds a file with its includes.)
std::string read_job_file(const std::string& path) {
  const auto failed = [&](const char* what) {
    if (errno == EINTR && interrupt_signal().load() != 0) throw InterruptedError(interrupt_signal().load());
    return UsageError(fmt::format("cannot {} job file '{}': {}", what, path, std::strerror(errno)));
  };
  int fd = -1;
  while ((fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0) {
    if (errno != EINTR || interrupt_signal().load() != 0) throw failed("read");
  }
  const UniqueFd file(fd);
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) throw failed("read");
  if (S_ISDIR(info.st_mode)) throw UsageError(fmt::format("job file '{}' is a directory, not a file", path));
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(file.get(), buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR && interrupt_signal().load() == 0) continue;
      throw failed("read");
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > kJobFileBytes) {
      throw UsageError(fmt::format("job file '{}' is larger than {} KiB, the most bench++ reads of a job file",
                                   path, kJobFileBytes >> 10));
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

// A job file's `include FILE`: its text, or nullopt when there is no such file (any other failure is read_job_file's).
std::optional<std::string> read_included_job_file(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 && (errno == ENOENT || errno == ENOTDIR)) return std::nullopt;
  return read_job_file(path);
}

// What a front end parsed: its help and version answered here (once for the whole MPI job), a run handed to the
// one run command.
int act_on(const ParsedCommandLine& command) {
  switch (command.action) {
    case Action::kHelp:
      if (!is_secondary_rank()) {
        write_standard_output(command.help_text);
        if (!command.notice.empty()) fmt::print(stderr, "{}\n", command.notice);
      }
      return 0;
    case Action::kVersion:
      if (!is_secondary_rank()) {
        write_standard_output(command.config.persona == Persona::kFio ? fio_persona_version_line() + "\n"
                                                                      : fmt::format("bench++ {}\n", BENCH_VERSION));
      }
      return 0;
    case Action::kDetect:
      return run_detect_command();
    case Action::kParseOnly:  // fio's --parse-only: checked in parsing, nothing run or printed
      return 0;
    case Action::kRun:
      break;
  }
  return run_command(command.config);
}

}  // namespace

bool is_fio_persona_name(const std::string& program_name) {
  const std::string::size_type slash = program_name.rfind('/');
  return program_name.substr(slash == std::string::npos ? 0 : slash + 1) == "fio";
}

Persona persona_of(const std::string& program_name, const std::vector<std::string>& args) {
  const bool fio = is_fio_persona_name(program_name) || (!args.empty() && args.front() == "fio");
  return fio ? Persona::kFio : Persona::kBench;
}

int run_cli(const std::string& program_name, const std::vector<std::string>& args) {
  if (is_fio_persona_name(program_name)) {
    return act_on(parse_workload_command_line(WorkloadCommand::kFio, args, read_system_facts(), read_job_file,
                                              read_included_job_file));
  }
  if (!args.empty() && args.front() == "compare") {
    return run_compare_command(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  if (!args.empty() && args.front() == "host-view") {
    return run_host_view_command(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  if (!args.empty() && (args.front() == "job" || args.front() == "suite" || args.front() == "fio")) {
    const WorkloadCommand command = args.front() == "job"   ? WorkloadCommand::kJob
                                    : args.front() == "fio" ? WorkloadCommand::kFio
                                                            : WorkloadCommand::kSuite;
    return act_on(parse_workload_command_line(command, std::vector<std::string>(args.begin() + 1, args.end()),
                                              read_system_facts(), read_job_file, read_included_job_file));
  }
  return act_on(parse_command_line(args, read_system_facts()));
}

}  // namespace bench
