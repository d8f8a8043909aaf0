// The process CPU clock: getrusage's failure is an error, never a CPU time of zero (a child process runs it
// under a seccomp filter that refuses getrusage, as a sandbox might).
#include "measure/stopwatch.h"

#include <doctest/doctest.h>
#include <sys/syscall.h>

#include <cerrno>
#include <string>
#include <system_error>
#include <thread>

#include "engine/engine_test_support.h"
#include "test_support.h"

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

TEST_CASE("stopwatch: a thread's own usage counts its own CPU time, not another thread's") {
  const std::optional<CpuBreakdown> mine_before = thread_usage();
  if (test::skip_unless(mine_before.has_value(), test::Need::kMachine, "getrusage(RUSAGE_THREAD) is refused")) return;
  std::optional<CpuBreakdown> busy;
  std::thread([&] {
    const std::optional<CpuBreakdown> start = thread_usage();
    std::optional<CpuBreakdown> now = start;
    const auto spent = [&] { return now->user + now->system - start->user - start->system; };
    while (now && spent() < std::chrono::milliseconds(20)) now = thread_usage();  // 20 ms of its own CPU
    if (start && now) busy = usage_between(*start, *now);
  }).join();
  REQUIRE(busy.has_value());
  CHECK(busy->user + busy->system >= std::chrono::milliseconds(20));
  // This thread waited in join: its own time grew by far less than the busy thread spent (the process's, which
  // RUSAGE_SELF would give, by both).
  const CpuBreakdown mine = usage_between(*mine_before, *thread_usage());
  CHECK(mine.user + mine.system < std::chrono::milliseconds(10));
  CHECK(mine.context_switches >= 1);  // it slept in join
}

}  // namespace
}  // namespace bench
