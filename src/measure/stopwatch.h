#pragma once
// Wall time from std::chrono::steady_clock and process CPU time (user + system) from getrusage: the clocks of
// the runner (a phase's wall and CPU time) and of the phases (each operation's latency).
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "result/run_result.h"

namespace bench {

using SteadyTime = std::chrono::steady_clock::time_point;

// User + system CPU time consumed so far by the whole process (all threads) and by its child processes that have
// ended and been waited for (a posixaio job's process: phases/workload/job_process.h; bench++ starts no others). Throws
// std::system_error ("cannot read the process's CPU time (getrusage)") when getrusage fails, rather than give a
// time of zero.
std::chrono::nanoseconds process_cpu_time();

// The process's CPU time apart, its context switches and page faults so far (getrusage; with its ended and waited-for
// children, as process_cpu_time), and what was spent between two readings. Throws std::system_error as process_cpu_time does.
CpuBreakdown process_usage();
CpuBreakdown usage_between(const CpuBreakdown& start, const CpuBreakdown& end);

// The calling thread's own CPU time apart, context switches and page faults so far (getrusage RUSAGE_THREAD, as
// fio's lib/getrusage.c reads a job's); nullopt where the kernel gives no thread's figures.
std::optional<CpuBreakdown> thread_usage() noexcept;

// The wall clock now, as a run records when it started: ISO 8601 in UTC, "2026-11-30T10:34:59Z".
std::string utc_now_iso8601();

// Nanoseconds between two steady-clock readings, for per-operation latency.
inline std::uint64_t nanos_between(SteadyTime start, SteadyTime end) {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count());
}

}  // namespace bench
