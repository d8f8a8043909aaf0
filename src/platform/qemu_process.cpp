#include "platform/qemu_process.h"

#include <algorithm>
#include <fstream>
#include <system_error>
#include <vector>

#include "text/number.h"
#include "text/split.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> first_line(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::optional<ProcStatTimes> read_times(const fs::path& stat) {
  const std::optional<std::string> line = first_line(stat);
  return line ? parse_proc_stat_times(*line) : std::nullopt;
}

}  // namespace

std::optional<ProcStatTimes> parse_proc_stat_times(std::string_view line) {
  const std::size_t open = line.find('(');
  const std::size_t close = line.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return std::nullopt;
  std::vector<std::string_view> fields;
  for (const std::string_view word : split(line.substr(close + 1), ' ')) {
    if (!word.empty()) fields.push_back(word);
  }
  // After the comm: state (3), ppid, pgrp, session, tty_nr, tpgid, flags, minflt, cminflt, majflt, cmajflt, utime (14),
  // stime (15).
  constexpr std::size_t kUtime = 11, kStime = 12;
  if (fields.size() <= kStime) return std::nullopt;
  const std::optional<std::uint64_t> user = read_number<std::uint64_t>(fields[kUtime]);
  const std::optional<std::uint64_t> system = read_number<std::uint64_t>(fields[kStime]);
  if (!user || !system) return std::nullopt;
  return ProcStatTimes{std::string(line.substr(open + 1, close - open - 1)), *user, *system};
}

QemuThreadKind qemu_thread_kind(std::string_view comm, bool first_thread) {
  if (comm.starts_with("CPU ")) {
    const std::size_t slash = comm.find('/');
    const std::string_view number = comm.substr(4, slash == std::string_view::npos ? 0 : slash - 4);
    if (!number.empty() && std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return QemuThreadKind::kVcpu;
    }
  }
  // "IO mon_iothread" is the QMP monitor's own IOThread (QEMU's monitor.c), not one that serves a disk.
  if (comm.starts_with("IO ") && comm.size() > 3 && comm != "IO mon_iothread") return QemuThreadKind::kIothread;
  if (comm == "worker") return QemuThreadKind::kWorker;
  return first_thread ? QemuThreadKind::kMainLoop : QemuThreadKind::kOther;
}

std::optional<QemuProcessSample> read_qemu_process(pid_t pid, std::uint64_t ticks_per_second,
                                                   const fs::path& proc_root) {
  if (ticks_per_second == 0) return std::nullopt;
  const fs::path process = proc_root / std::to_string(pid);
  const std::optional<ProcStatTimes> own = read_times(process / "stat");
  if (!own) return std::nullopt;
  const std::uint64_t ns_per_tick = 1'000'000'000 / ticks_per_second;
  QemuProcessSample sample{own->user_ticks * ns_per_tick, own->system_ticks * ns_per_tick, {}};
  std::error_code error;
  for (fs::directory_iterator it(process / "task", error), end; !error && it != end; it.increment(error)) {
    const std::optional<std::uint64_t> tid = read_number<std::uint64_t>(it->path().filename().string());
    const std::optional<ProcStatTimes> times = tid ? read_times(it->path() / "stat") : std::nullopt;
    if (!times) continue;  // ended meanwhile
    sample.threads.push_back({*tid, times->comm, qemu_thread_kind(times->comm, *tid == std::uint64_t(pid)),
                              times->user_ticks * ns_per_tick, times->system_ticks * ns_per_tick});
  }
  std::sort(sample.threads.begin(), sample.threads.end(),
            [](const QemuThreadSample& a, const QemuThreadSample& b) { return a.tid < b.tid; });
  return sample;
}

}  // namespace bench
