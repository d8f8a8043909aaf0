// exec's command line (result/exec_command.h), as fio 3.33's engines/exec.c makes it: %r and %n expanded, the
// line split at spaces only, and the lines fio prints for the job.
#include "result/exec_command.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <vector>

namespace bench {
namespace {

using namespace std::chrono_literals;
using Words = std::vector<std::string>;

TEST_CASE("exec command: %r is the runtime in whole seconds, %n the job's name, every occurrence") {
  CHECK(expand_exec_arguments(std::string("%r"), 10s, "sleep") == "10");
  CHECK(expand_exec_arguments(std::string("%r"), 250ms, "sleep") == "0");  // rounded down, as fio's timeout / 1e6
  CHECK(expand_exec_arguments(std::string("%r"), 0s, "sleep") == "0");     // no runtime
  CHECK(expand_exec_arguments(std::string("-n %n -t %r -m %n%r"), 3s, "mon") == "-n mon -t 3 -m mon3");
  CHECK(expand_exec_arguments(std::string("100%"), 3s, "mon") == "100%");
  CHECK(expand_exec_arguments(std::nullopt, 3s, "mon") == std::nullopt);
}

TEST_CASE("exec command: the program and its arguments split at spaces, with no quoting, as fio's") {
  CHECK(exec_argv("/bin/sleep", std::string("1")) == Words{"/bin/sleep", "1"});
  CHECK(exec_argv("/bin/sleep", std::nullopt) == Words{"/bin/sleep"});
  CHECK(exec_argv("sh", std::string("  -c  \"echo a\"\t b ")) == Words{"sh", "-c", "\"echo", "a\"\t", "b"});
  CHECK(exec_argv("turbostat", std::string("")) == Words{"turbostat"});
}

TEST_CASE("exec command: fio's lines, with the arguments as written, then expanded") {
  ExecOptions exec;
  exec.program = "/bin/sleep";
  exec.arguments = "%r";
  CHECK(exec_info_lines(exec, 10s, "sleep") ==
        "sleep : program=/bin/sleep, arguments=%r\n"
        "sleep : Saving output of /bin/sleep 10 : stdout=sleep.stdout stderr=sleep.stderr\n");
  exec.std_redirect = false;
  CHECK(exec_info_lines(exec, 10s, "sleep") == "sleep : program=/bin/sleep, arguments=%r\nsleep : Running /bin/sleep 10\n");
  exec.arguments.reset();  // glibc prints a null string as "(null)"
  CHECK(exec_info_lines(exec, 1s, "x") == "x : program=/bin/sleep, arguments=(null)\nx : Running /bin/sleep (null)\n");
}

}  // namespace
}  // namespace bench
