#pragma once
// The program behind main(): parse the command line, then run the benchmark and write its outputs.
// Throws UsageError, InterruptedError or other exceptions; main maps them to exit codes.
#include <string>
#include <vector>

namespace bench {

// Returns the exit code for a normal end (0). REQUIRES: install_interrupt_handlers() was called.
int run_cli(const std::vector<std::string>& args);

}  // namespace bench
