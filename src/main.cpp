// bench++: parse, run, write; map failures to exit codes (0 ok, 1 runtime error, 2 usage, 130 interrupted).
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/cli_app.h"
#include "result/errors.h"
#include "run/interrupt.h"
#include "run/rank_group.h"
#include "text/printable.h"

namespace {
constexpr int kExitRuntimeError = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInterrupted = 130;

// Every error is one line, and what it quotes from the command line, a job file or a result file (a value, a name)
// reaches the terminal with its control bytes escaped (text/printable.h), never acted on.
void print_error(const std::string& message) { fmt::print(stderr, "bench++: {}\n", bench::printable(message)); }
}  // namespace

int main(int argc, char** argv) {
  bench::install_interrupt_handlers();
  try {
    return bench::run_cli(argc > 0 ? argv[0] : "", std::vector<std::string>(argv + 1, argv + argc));
  } catch (const bench::UsageError& error) {
    // Every rank of an MPI job parses the same command line: rank 0 says what is wrong, and its exit status
    // is mpirun's (a non-zero status here could make mpirun stop rank 0 before it has said it).
    if (bench::is_secondary_rank()) return 0;
    print_error(error.what());
    return kExitUsage;
  } catch (const bench::InterruptedError& error) {
    print_error(error.what());
    return kExitInterrupted;
  } catch (const std::bad_alloc&) {
    // What bench++ allocates by size (its buffers) fails naming it (platform/resource_limits.h); any other
    // allocation fails here, under a memory limit (ulimit -v, ulimit -d) or without memory.
    print_error("out of memory: an allocation failed (see ulimit -v and ulimit -d)");
    return kExitRuntimeError;
  } catch (const std::exception& error) {
    // A closed stdout (SIGPIPE) or Ctrl-C can surface as a failed write: the signal is the cause.
    if (const int signal_number = bench::interrupt_signal().load(); signal_number != 0) {
      print_error(bench::InterruptedError(signal_number).what());
      return kExitInterrupted;
    }
    print_error(error.what());
    return kExitRuntimeError;
  }
}
