#pragma once
// The exception types of bad input and of a stop. main maps them to exit codes: UsageError -> 2,
// InterruptedError -> 130, any other std::exception (std::system_error from platform/ included) -> 1. A broken
// precondition (a bug, not the user's input) is a std::logic_error, which nothing catches as input.
#include <stdexcept>
#include <string>

namespace bench {

// Bad command-line input or an impossible request, detected before anything is created.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A value that breaks its grammar or its rule (fio's pattern, a random_distribution, verify's block layout, a
// file's offset beyond its size), told without where it came from: the code that knows the option or the file and
// line catches it and throws the UsageError (or the reader's error) that names them. Never reaches main on its own.
class ValueError : public std::runtime_error {
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
