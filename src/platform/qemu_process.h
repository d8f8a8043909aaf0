#pragma once
// QEMU's process as /proc shows it: its CPU time and each thread's, with the thread's name (QEMU names its threads
// when started with -name ...,debug-threads=on). For `bench++ host-view snapshot`. The stat line's reader and the
// thread's kind are pure (tested on fixed text); reading /proc is the edge.
#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "result/host_view.h"
#include "result/host_view_snapshot.h"

namespace bench {

// What /proc/PID/stat (or /proc/PID/task/TID/stat) says of a process or thread: its comm (between the first '(' and
// the last ')': a comm may hold spaces and parentheses) and its utime and stime (fields 14 and 15, in clock ticks).
struct ProcStatTimes {
  std::string comm;
  std::uint64_t user_ticks = 0;
  std::uint64_t system_ticks = 0;
  friend bool operator==(const ProcStatTimes&, const ProcStatTimes&) = default;
};

// nullopt when the line has no "(...)" or too few fields after it, or utime or stime is not a number.
std::optional<ProcStatTimes> parse_proc_stat_times(std::string_view line);

// A QEMU thread's kind by its name: "CPU N/KVM", "CPU N/TCG" (any accelerator) a vCPU; "IO NAME" an IOThread (but
// "IO mon_iothread", the QMP monitor's, which is other);
// "worker" a thread of the aio=threads pool; else the process's first thread (its TID is the PID) the main loop;
// else other.
QemuThreadKind qemu_thread_kind(std::string_view comm, bool first_thread);

// QEMU's process `pid` under `proc_root` ("/proc"): its times and its threads', in nanoseconds (`ticks_per_second`
// is USER_HZ). nullopt when the process's own stat cannot be read or parsed; a thread that ends while its siblings
// are read is left out. Never throws.
std::optional<QemuProcessSample> read_qemu_process(pid_t pid, std::uint64_t ticks_per_second,
                                                   const std::filesystem::path& proc_root = "/proc");

}  // namespace bench
