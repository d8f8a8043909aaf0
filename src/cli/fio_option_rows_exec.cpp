// exec's own options (`fio --enghelp=exec`, result/exec_command.h, engine/exec_engine.h), fio 3.33's engines/exec.c:
// program= (which an exec job needs: check_workload), arguments= (%r the runtime in seconds, %n the job's name),
// grace_time= and std_redirect=. fio takes them only with ioengine=exec (an error otherwise); bench++ refuses them
// with another engine too.
#include "cli/fio_option_rules.h"

#include <array>

#include "cli/fio_values.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kExec = FioOptionGroup::kExec;
constexpr FioOptionRecord kExecRecord =
    not_recorded("what an exec job runs beside the others, which moves no data: its engine is recorded, its figures "
                 "are counts");

constexpr std::array kRules = {
    FioOptionRule{{"program", {}, kRequired, kExec, "PATH", "exec: the program to run (looked up in PATH)", {},
                   kExecRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.exec.program = std::string(v); }},
    FioOptionRule{{"arguments", {}, kRequired, kExec, "ARGS",
                   "exec: its arguments, split at spaces; %r the runtime in seconds, %n the job's name", {},
                   kExecRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.exec.arguments = std::string(v); }},
    FioOptionRule{{"grace_time", {}, kRequired, kExec, "SECONDS", "exec: from SIGTERM at the runtime's end to SIGKILL",
                   "1", kExecRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.exec.grace_seconds = whole_number32(v, 0, 0x7fffffffu);
                  }},
    FioOptionRule{{"std_redirect", {}, kRequired, kExec, "BOOL",
                   "exec: its stdout and stderr to NAME.stdout and NAME.stderr", "1", kExecRecord},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.exec.std_redirect = boolean(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_exec_rules() { return kRules; }

}  // namespace bench
