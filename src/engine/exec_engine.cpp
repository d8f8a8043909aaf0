#include "engine/exec_engine.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <string>
#include <vector>
#include <chrono>
#include <system_error>
#include <thread>

#include "engine/checked_setup.h"
#include "engine/inline_engine.h"

extern char** environ;

namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

// A descriptor closed on destruction.
class OwnedFd {
 public:
  explicit OwnedFd(int fd) : fd_(fd) {}
  ~OwnedFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

class ProgramRunner final : public RequestPerformer {
 public:
  explicit ProgramRunner(ExecRun run) : run_(std::move(run)) {}
  ~ProgramRunner() override {
    if (pid_ > 0) {  // fio's cleanup: SIGKILL; then reaped, which fio leaves to its own exit
      ::kill(pid_, SIGKILL);
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
    }
    if (run_.remove_output) {
      for (const std::string* path : made_) ::unlink(path->c_str());
    }
  }
  ProgramRunner(const ProgramRunner&) = delete;
  ProgramRunner& operator=(const ProgramRunner&) = delete;

  IoCompletion perform(const CheckedSetup&, const IoRequest& request) override {
    if (pid_ < 0) {
      start();
    } else {
      std::this_thread::sleep_for(kExecPoll);
      if (Clock::now() - started_ > run_.runtime) {
        ::kill(pid_, SIGTERM);
        std::this_thread::sleep_for(run_.grace);
      }
    }
    return {request.tag, 0};
  }

 private:
  // An output file for the program, made (0644) or emptied; bench++'s rules never empty one already there.
  int open_output(const std::string& path) {
    const int flags = O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC | (run_.exclusive_output ? O_EXCL : 0);
    const int fd = ::open(path.c_str(), flags, 0644);
    if (fd < 0) throw std::system_error(errno, std::generic_category(), "exec: cannot make the output file " + path);
    made_.push_back(&path);
    return fd;
  }

  void start() {
    if (run_.argv.empty()) throw std::system_error(EINVAL, std::generic_category(), "exec: no program to run");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    std::optional<OwnedFd> out;
    std::optional<OwnedFd> err;
    if (!run_.stdout_path.empty()) {
      out.emplace(open_output(run_.stdout_path));
      err.emplace(open_output(run_.stderr_path));
      posix_spawn_file_actions_adddup2(&actions, out->get(), STDOUT_FILENO);
      posix_spawn_file_actions_adddup2(&actions, err->get(), STDERR_FILENO);
    }
    std::vector<char*> argv;
    for (std::string& word : run_.argv) argv.push_back(word.data());
    argv.push_back(nullptr);
    started_ = Clock::now();
    const int error = ::posix_spawnp(&pid_, argv.front(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
      pid_ = -1;
      throw std::system_error(error, std::generic_category(), "exec: cannot run " + run_.argv.front());
    }
  }

  ExecRun run_;
  pid_t pid_ = -1;
  Clock::time_point started_{};
  std::vector<const std::string*> made_;  // the output files made, to remove with remove_output
};

}  // namespace

std::unique_ptr<IoEngine> make_exec_engine(EngineKind kind, const EngineSetup& setup) {
  return std::make_unique<InlineEngine>(kind, check_engine_setup_without_files(setup),
                                        std::make_unique<ProgramRunner>(setup.exec));
}

}  // namespace bench
