#include "platform/shell_command.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <system_error>

extern char** environ;

namespace bench {
namespace {

// posix_spawnattr_t, destroyed on every path.
class SpawnAttributes {
 public:
  SpawnAttributes() {
    if (const int error = ::posix_spawnattr_init(&attributes_); error != 0) {
      throw std::system_error(error, std::generic_category(), "cannot start /bin/sh");
    }
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;  // the signals bench++ catches or ignores (run/interrupt.h), as a shell expects them
    sigemptyset(&defaults);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGXFSZ}) {
      sigaddset(&defaults, signal);
    }
    ::posix_spawnattr_setsigmask(&attributes_, &none);
    ::posix_spawnattr_setsigdefault(&attributes_, &defaults);
    ::posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  }
  ~SpawnAttributes() { ::posix_spawnattr_destroy(&attributes_); }
  SpawnAttributes(const SpawnAttributes&) = delete;
  SpawnAttributes& operator=(const SpawnAttributes&) = delete;
  const posix_spawnattr_t* get() const { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

}  // namespace

ShellStatus run_shell_command(const std::string& command,
                              const std::vector<std::pair<std::string, std::string>>& environment) {
  std::vector<std::string> variables;
  for (char** each = environ; each != nullptr && *each != nullptr; ++each) {
    const std::string variable = *each;
    bool replaced = false;
    for (const auto& [name, value] : environment) replaced = replaced || variable.rfind(name + "=", 0) == 0;
    if (!replaced) variables.push_back(variable);
  }
  for (const auto& [name, value] : environment) variables.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (std::string& variable : variables) envp.push_back(variable.data());
  envp.push_back(nullptr);
  std::string shell = "/bin/sh", flag = "-c", text = command;
  char* argv[] = {shell.data(), flag.data(), text.data(), nullptr};

  std::fflush(nullptr);
  const SpawnAttributes attributes;
  pid_t pid = 0;
  if (const int error = ::posix_spawn(&pid, "/bin/sh", nullptr, attributes.get(), argv, envp.data()); error != 0) {
    throw std::system_error(error, std::generic_category(), "cannot start /bin/sh");
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "cannot wait for /bin/sh");
  }
  if (WIFSIGNALED(status)) return {.exit_status = 0, .signal = WTERMSIG(status)};
  return {.exit_status = WEXITSTATUS(status), .signal = 0};
}

}  // namespace bench
