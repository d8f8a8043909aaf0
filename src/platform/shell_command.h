#pragma once
// A command line run by /bin/sh -c and waited for, with variables added to bench++'s environment; its standard
// input, output and error are bench++'s. For --window-command (run/window_command.h).
#include <string>
#include <utility>
#include <vector>

namespace bench {

// How the command ended: its exit status, or the signal that killed it.
struct ShellStatus {
  int exit_status = 0;  // when signal == 0
  int signal = 0;       // the signal that ended it; 0: it exited
  bool succeeded() const { return signal == 0 && exit_status == 0; }
};

// Runs `/bin/sh -c command` with `environment` (NAME, value) set besides bench++'s own, the signals bench++ handles
// back at their defaults and none blocked, and waits for it (through EINTR). bench++'s buffered output is flushed
// first, so that the command's lines come after it. Throws std::system_error when the shell cannot be started.
ShellStatus run_shell_command(const std::string& command,
                              const std::vector<std::pair<std::string, std::string>>& environment);

}  // namespace bench
