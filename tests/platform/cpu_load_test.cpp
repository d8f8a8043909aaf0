// The busy-machine figure's pure parts: /proc/stat's "cpu" line and the share of the CPUs' time others used.
#include "platform/cpu_load.h"

#include <doctest/doctest.h>

#include <fstream>

#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

// A Linux 6.1 /proc/stat's head: all CPUs, then each.
constexpr std::string_view kProcStat =
    "cpu  4705 150 1120 1664834 5442 0 42 7 3 0\n"
    "cpu0 2309 64 568 832430 2790 0 30 3 3 0\n"
    "cpu1 2396 86 552 832404 2652 0 12 4 0 0\n"
    "intr 1234 5 6\n";

}  // namespace

TEST_CASE("cpu load: /proc/stat's cpu line: user+nice+system busy, user..steal in all (guest is inside user)") {
  const std::optional<CpuTicks> ticks = parse_proc_stat(kProcStat);
  REQUIRE(ticks);
  CHECK(ticks->busy == 4705 + 150 + 1120);
  CHECK(ticks->total == 4705 + 150 + 1120 + 1664834 + 5442 + 0 + 42 + 7);
  // A kernel before guest (2.6.24) writes eight fields: enough.
  CHECK(parse_proc_stat("cpu  1 2 3 4 5 6 7 8\n")->total == 36);
  CHECK_FALSE(parse_proc_stat("cpu  1 2 3 4 5 6 7\n"));      // no steal: not read
  CHECK_FALSE(parse_proc_stat("cpu  1 2 x 4 5 6 7 8\n"));    // not a number
  CHECK_FALSE(parse_proc_stat("cpu0 1 2 3 4 5 6 7 8\n"));    // one CPU's line is not the machine's
  CHECK_FALSE(parse_proc_stat(""));
}

TEST_CASE("cpu load: others' share is the busy ticks less bench++'s own CPU time, over all CPUs' ticks") {
  const CpuTicks before{1000, 10000};
  // 2 CPUs at USER_HZ 100 for 5 s: 1000 ticks in all; 900 busy, 1.5 s (150 ticks) of them bench++'s: 75 %.
  CHECK(other_cpu_percent(before, {1900, 11000}, 1500ms, 100) == 75u);
  // An idle machine but for bench++: 0.
  CHECK(other_cpu_percent(before, {1150, 11000}, 1500ms, 100) == 0u);
  // bench++'s rusage above the sampled ticks (they count differently): 0, not below.
  CHECK(other_cpu_percent(before, {1100, 11000}, 1500ms, 100) == 0u);
  // Every tick busy and none bench++'s: 100; rounding to the nearest whole percent.
  CHECK(other_cpu_percent(before, {2000, 11000}, 0ms, 100) == 100u);
  CHECK(other_cpu_percent(before, {1255, 11000}, 0ms, 100) == 26u);  // 25.5 %
  // Another USER_HZ: 1.5 s is 375 ticks at 250.
  CHECK(other_cpu_percent(before, {1900, 11000}, 1500ms, 250) == 53u);
}

TEST_CASE("cpu load: no figure for a span too short to tell, or counters that went back") {
  const CpuTicks before{1000, 10000};
  CHECK_FALSE(other_cpu_percent(before, {1050, 10000 + kFewestTicksForShare - 1}, 0ms, 100));
  CHECK(other_cpu_percent(before, {1050, 10000 + kFewestTicksForShare}, 0ms, 100) == 50u);
  CHECK_FALSE(other_cpu_percent(before, {900, 11000}, 0ms, 100));
  CHECK_FALSE(other_cpu_percent(before, {1100, 9000}, 0ms, 100));
  CHECK_FALSE(other_cpu_percent(before, {1100, 11000}, 0ms, 0));
}

TEST_CASE("cpu load: reading /proc/stat here gives the machine's ticks, growing") {
  const std::optional<CpuTicks> first = read_proc_stat();
  REQUIRE(first);
  CHECK(first->total > 0);
  const test::TempDir dir;
  {
    std::ofstream(dir.path() / "stat") << kProcStat;
  }
  CHECK(read_proc_stat(dir.path() / "stat")->busy == 5975u);
  CHECK_FALSE(read_proc_stat(dir.path() / "missing"));
  CHECK(clock_ticks_per_second() > 0);
}

}  // namespace bench
