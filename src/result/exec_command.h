#pragma once
// fio 3.33's exec engine's own options (engines/exec.c, `fio --enghelp=exec`) and the command line it makes of
// them: program= run once with arguments=, in which %r becomes the job's runtime in whole seconds and %n its name,
// split at every space (no quoting: fio's own split), the program looked up in PATH (execvp). engine/exec_engine.h
// runs it; fio's normal output echoes it (report/fio/fio_normal.h). Pure.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct ExecOptions {
  std::string program;                   // program=: "" when not given (ioengine=exec refuses that, as fio)
  std::optional<std::string> arguments;  // arguments=, as written (%r and %n not expanded); nullopt: none given
  std::uint32_t grace_seconds = 1;       // grace_time=: from SIGTERM to SIGKILL
  bool std_redirect = true;              // std_redirect=: the program's stdout and stderr to NAME.stdout, NAME.stderr
  friend bool operator==(const ExecOptions&, const ExecOptions&) = default;
};

// arguments= with fio's expansions (exec.c expand_variables): each %r the runtime in whole seconds (rounded down,
// 0 without one), each %n `job_name`; nullopt stays nullopt.
std::optional<std::string> expand_exec_arguments(const std::optional<std::string>& arguments,
                                                 std::chrono::nanoseconds runtime, std::string_view job_name);

// The program's argv as fio builds it (exec.c exec_background): "PROGRAM ARGUMENTS" split at spaces, empty words
// dropped. `expanded` as expand_exec_arguments returns it.
std::vector<std::string> exec_argv(std::string_view program, const std::optional<std::string>& expanded);

// The lines fio's exec engine prints for one job, as fio's log_info does: "NAME : program=P, arguments=A" when the
// job starts (A as written, "(null)" for none), then "NAME : Saving output of P A : stdout=NAME.stdout
// stderr=NAME.stderr" with std_redirect, else "NAME : Running P A" (A expanded).
std::string exec_info_lines(const ExecOptions& exec, std::chrono::nanoseconds runtime, std::string_view job_name);

}  // namespace bench
