#include "reliability/background_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <stdexcept>
#include <thread>

#include "test_paths.h"

namespace bench::test {
namespace {

using Clock = std::chrono::steady_clock;

// Reads what is available on `fd` into `into`; closes it (and sets it to -1) at end of file or error.
void drain(int& fd, std::string& into) {
  char buffer[65536];
  const ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n > 0) {
    into.append(buffer, static_cast<std::size_t>(n));
  } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
    ::close(fd);
    fd = -1;
  }
}

int exit_code_of(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& argv) {
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    throw std::runtime_error("pipe");
  }
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork");
  if (pid_ == 0) {
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
    const int in = ::open("/dev/null", O_RDONLY);
    ::dup2(in, 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  out_fd_ = out_pipe[0];
  err_fd_ = err_pipe[0];
}

BackgroundProcess::~BackgroundProcess() {
  if (!reaped_ && pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  for (int fd : {out_fd_, err_fd_}) {
    if (fd >= 0) ::close(fd);
  }
}

bool BackgroundProcess::collect(std::chrono::milliseconds wait) {
  if (out_fd_ < 0 && err_fd_ < 0) return false;
  pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
  const int ready = ::poll(fds, 2, static_cast<int>(wait.count()));
  if (ready <= 0) return true;
  if (out_fd_ >= 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) drain(out_fd_, out_);
  if (err_fd_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) drain(err_fd_, err_);
  return true;
}

bool BackgroundProcess::wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!done()) {
    if (Clock::now() >= deadline) return false;
    if (!collect(std::chrono::milliseconds(2))) return done();
  }
  return true;
}

bool BackgroundProcess::wait_for_stderr(std::string_view text, std::chrono::milliseconds timeout) {
  return wait_until([&] { return err_.find(text) != std::string::npos; }, timeout);
}

bool BackgroundProcess::wait_for_stdout(std::size_t bytes, std::chrono::milliseconds timeout) {
  return wait_until([&] { return out_.size() >= bytes; }, timeout);
}

void BackgroundProcess::send_signal(int signal_number) const {
  if (!reaped_) ::kill(pid_, signal_number);
}

void BackgroundProcess::close_stdout() {
  if (out_fd_ >= 0) ::close(out_fd_);
  out_fd_ = -1;
}

CommandOutput BackgroundProcess::finish(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline && collect(std::chrono::milliseconds(20))) {
  }
  CommandOutput result;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) break;
    if (done < 0 && errno != EINTR) throw std::runtime_error("waitpid");
    if (Clock::now() >= deadline) {
      ::kill(pid_, SIGKILL);
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  reaped_ = true;
  // What the process wrote last; bounded in case a stray child still holds a pipe open.
  for (int i = 0; i < 100 && (out_fd_ >= 0 || err_fd_ >= 0); ++i) collect(std::chrono::milliseconds(1));
  result.exit_code = exit_code_of(status);
  result.out = out_;
  result.err = err_;
  return result;
}

std::vector<std::string> bench_command(const std::vector<std::string>& args) {
  std::vector<std::string> argv{BENCH_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

}  // namespace bench::test
