#pragma once
// The program behind main(): parse the command line, then run the benchmark and write its outputs.
// Throws UsageError, InterruptedError or other exceptions; main maps them to exit codes.
#include <string>
#include <vector>

#include "cli/config.h"  // Persona

namespace bench {

// `program_name` is argv[0]: invoked as `fio` (a link or copy of the binary of that name, any directory) bench++
// is fio's persona, and `args` are fio's; otherwise `args` are bench++'s, where `bench++ fio ARGS` is the persona.
// Returns the exit code for a normal end (0). REQUIRES: install_interrupt_handlers() was called.
int run_cli(const std::string& program_name, const std::vector<std::string>& args);

// Whether argv[0] names fio's persona: its last path component is "fio".
bool is_fio_persona_name(const std::string& program_name);

// Who the command line asks bench++ to be, before it is parsed (main says a failure of parsing as that one does):
// fio's persona when argv[0] names it or the first word is "fio", as run_cli reads them.
Persona persona_of(const std::string& program_name, const std::vector<std::string>& args);

}  // namespace bench
