// The process CPU clock: getrusage's failure is an error, never a CPU time of zero (a child process runs it
// under a seccomp filter that refuses getrusage, as a sandbox might).
#include "measure/stopwatch.h"

#include <doctest/doctest.h>
#include <sys/syscall.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "engine/engine_test_support.h"

namespace bench {
namespace {

TEST_CASE("stopwatch: the process CPU time grows, and a failing getrusage throws instead of reading zero") {
  const std::chrono::nanoseconds before = process_cpu_time();
  while (process_cpu_time() == before) {
  }  // CPU time passes while the process runs (getrusage itself takes some)
  CHECK(process_cpu_time() > before);

  const std::string report = test::run_in_child([]() -> std::string {
    if (std::string skip = test::install_seccomp_refusals({{SYS_getrusage, EPERM, {}}}); !skip.empty()) return skip;
    try {
      const std::chrono::nanoseconds cpu = process_cpu_time();
      return "no exception; read " + std::to_string(cpu.count()) + " ns";
    } catch (const std::system_error& error) {
      if (error.code().value() != EPERM) return std::string("code ") + error.what();
      return std::string(error.what()) == "cannot read the process's CPU time (getrusage): Operation not permitted"
                 ? ""
                 : std::string("message ") + error.what();
    }
  });
  if (!test::child_skipped(report)) CHECK(report == "");
}

}  // namespace
}  // namespace bench
