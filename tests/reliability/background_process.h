#pragma once
// A program run in the background by a reliability test: the test collects its stdout and stderr while it
// waits for a progress line or a file to appear, then signals it, stops it, closes its stdout, or changes
// the files under it, and finally collects the exit status. Nothing here can hang a test: every wait has a
// deadline, and a process still running at the end is killed.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.h"

namespace bench::test {

class BackgroundProcess {
 public:
  // Starts argv (argv[0] looked up in PATH) with stdin from /dev/null and the default signal mask and
  // dispositions. Throws std::runtime_error when it cannot.
  explicit BackgroundProcess(const std::vector<std::string>& argv);
  // Kills (SIGKILL) and reaps the process when finish() was not called.
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

  // Collects output until done() is true (checked at least every 2 ms) or `timeout` passed; returns the
  // last value of done(). Returns early (with done()'s value) once the process closed both streams.
  bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout);
  // wait_until stderr (everything collected so far) contains `text`.
  bool wait_for_stderr(std::string_view text, std::chrono::milliseconds timeout);
  // wait_until stdout holds at least `bytes` bytes.
  bool wait_for_stdout(std::size_t bytes, std::chrono::milliseconds timeout);

  void send_signal(int signal_number) const;
  // Closes the test's end of the stdout pipe: the process's next write to stdout gets SIGPIPE and EPIPE.
  void close_stdout();

  // Collects the rest of the output and the exit status. A process still running after `timeout` is
  // killed with SIGKILL (exit_code 137 then, so a hang fails the test instead of stalling it).
  CommandOutput finish(std::chrono::milliseconds timeout = std::chrono::seconds(120));

 private:
  // One poll() of the open streams for at most `wait`; false when both are closed.
  bool collect(std::chrono::milliseconds wait);

  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  bool reaped_ = false;
  std::string out_;
  std::string err_;
};

// The built bench++ with these arguments, in the background.
std::vector<std::string> bench_command(const std::vector<std::string>& args);

}  // namespace bench::test
