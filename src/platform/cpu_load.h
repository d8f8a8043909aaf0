#pragma once
// The machine's CPU time as /proc/stat counts it (its first line, "cpu ...", over all CPUs), and the share of it that
// processes other than bench++ used over a span: the busy-machine figure of a run (RunInfo::other_cpu_percent,
// result/busy_machine.h). The line's reader and the share are pure (tested on fixed text and numbers); reading the
// file and the clock tick is the edge.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace bench {

// All CPUs' time from /proc/stat's "cpu" line, in its clock ticks (USER_HZ). busy: user, nice and system (the
// time of every process, the guests' included, as the kernel counts theirs in user and nice); total: those, idle,
// iowait, irq, softirq and steal. Interrupts and a hypervisor's steal are nobody's process: counted in the total,
// not as busy.
struct CpuTicks {
  std::uint64_t busy = 0;
  std::uint64_t total = 0;
};

// The "cpu " line of /proc/stat's text (the first that starts so); nullopt when there is none or it has fewer than
// the eight fields user..steal (kernels before 2.6.11) or a field is not a number.
std::optional<CpuTicks> parse_proc_stat(std::string_view text);

// Spans shorter than this (in ticks over all CPUs: 1 s of one CPU at USER_HZ 100) give no figure: /proc/stat counts
// by sampling at each tick, so a few ticks say little.
inline constexpr std::uint64_t kFewestTicksForShare = 100;

// The percent (0..100, rounded) of all CPUs' time from `before` to `after` that was busy but not bench++'s:
// busy ticks less `own_cpu` (bench++'s user and system time over the same span, its ended children's included),
// over the total ticks; `ticks_per_second` is USER_HZ. nullopt when the span is shorter than kFewestTicksForShare
// or the counters went back. Clamped to 0 when own_cpu exceeds the busy ticks (their sampling differs).
std::optional<std::uint64_t> other_cpu_percent(const CpuTicks& before, const CpuTicks& after,
                                               std::chrono::nanoseconds own_cpu, std::uint64_t ticks_per_second);

// /proc/stat's figures now (`path` for the tests); nullopt when it cannot be read or parsed. Never throws.
std::optional<CpuTicks> read_proc_stat(const std::filesystem::path& path = "/proc/stat");

// USER_HZ (sysconf(_SC_CLK_TCK)), the unit of /proc/stat's times.
std::uint64_t clock_ticks_per_second();

}  // namespace bench
