#pragma once
// The exception types main maps to exit codes: UsageError -> 2, InterruptedError -> 130, any other
// std::exception (std::system_error from platform/ included) -> 1.
#include <stdexcept>
#include <string>

namespace bench {

// Bad command-line input or an impossible request, detected before anything is created.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The run was stopped by SIGINT, SIGTERM, SIGPIPE or SIGHUP.
class InterruptedError : public std::runtime_error {
 public:
  explicit InterruptedError(int signal_number)
      : std::runtime_error("interrupted by signal " + std::to_string(signal_number)), signal_(signal_number) {}
  int signal_number() const { return signal_; }

 private:
  int signal_;
};

}  // namespace bench
