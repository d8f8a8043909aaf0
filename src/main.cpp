// bench++: parse, run, write; map failures to exit codes (0 ok, 1 runtime error, 2 usage, 130 interrupted), or to
// fio's in fio's persona (bench++(1), FIO PERSONA).
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/cli_app.h"
#include "app/run_command.h"
#include "result/errors.h"
#include "run/interrupt.h"
#include "run/rank_group.h"
#include "text/printable.h"

namespace {

// How a failure is said and what it exits with, for each persona.
struct FailureStyle {
  const char* prefix;  // of the one line on stderr that names the failure
  int usage;
  int runtime_error;
  int interrupted;
};
constexpr FailureStyle kBenchFailures = {"bench++", 2, 1, 130};
// fio 3.33: 1 for every bad command line, option value or job file (init.c's parse_cmd_line, fio.c's main) and
// for a failure before the jobs run; 128 once a signal stopped the jobs (backend.c's sig_int), here for a stop
// without results (SIGHUP, SIGPIPE, or a signal before the jobs: app/run_command.h).
constexpr FailureStyle kFioFailures = {"fio", 1, 1, bench::kExitFioStopped};

// Every error is one line, and what it quotes from the command line, a job file or a result file (a value, a name)
// reaches the terminal with its control bytes escaped (text/printable.h), never acted on.
void print_error(const FailureStyle& style, const std::string& message) {
  fmt::print(stderr, "{}: {}\n", style.prefix, bench::printable(message));
}
}  // namespace

int main(int argc, char** argv) {
  bench::install_interrupt_handlers();
  const std::string program_name = argc > 0 ? argv[0] : "";
  const std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  const FailureStyle& style = bench::persona_of(program_name, args) == bench::Persona::kFio ? kFioFailures
                                                                                            : kBenchFailures;
  try {
    return bench::run_cli(program_name, args);
  } catch (const bench::UsageError& error) {
    // Every rank of an MPI job parses the same command line: rank 0 says what is wrong, and its exit status
    // is mpirun's (a non-zero status here could make mpirun stop rank 0 before it has said it).
    if (bench::is_secondary_rank()) return 0;
    print_error(style, error.what());
    return style.usage;
  } catch (const bench::InterruptedError& error) {
    print_error(style, error.what());
    return style.interrupted;
  } catch (const std::bad_alloc&) {
    // What bench++ allocates by size (its buffers) fails naming it (platform/resource_limits.h); any other
    // allocation fails here, under a memory limit (ulimit -v, ulimit -d) or without memory.
    print_error(style, "out of memory: an allocation failed (see ulimit -v and ulimit -d)");
    return style.runtime_error;
  } catch (const std::exception& error) {
    // A closed stdout (SIGPIPE) or Ctrl-C can surface as a failed write: the signal is the cause.
    if (const int signal_number = bench::interrupt_signal().load(); signal_number != 0) {
      print_error(style, bench::InterruptedError(signal_number).what());
      return style.interrupted;
    }
    print_error(style, error.what());
    return style.runtime_error;
  }
}
