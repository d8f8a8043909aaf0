#include "platform/cpu_load.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <array>
#include <string>

#include "text/number.h"
#include "text/split.h"

namespace bench {
namespace {

// "cpu  user nice system idle iowait irq softirq steal guest guest_nice": the fields read, in order.
enum CpuField : std::size_t { kUser, kNice, kSystem, kIdle, kIowait, kIrq, kSoftirq, kSteal, kFieldsRead };

std::optional<CpuTicks> parse_cpu_line(std::string_view line) {
  std::array<std::uint64_t, kFieldsRead> fields{};
  std::size_t read = 0;
  bool name = true;
  for (const std::string_view word : split(line, ' ')) {
    if (word.empty()) continue;
    if (name) {  // "cpu"
      name = false;
      continue;
    }
    const std::optional<std::uint64_t> value = read_number<std::uint64_t>(word);
    if (!value) return std::nullopt;
    fields[read++] = *value;
    if (read == kFieldsRead) break;
  }
  if (read < kFieldsRead) return std::nullopt;
  CpuTicks ticks;
  ticks.busy = fields[kUser] + fields[kNice] + fields[kSystem];
  for (const std::uint64_t field : fields) ticks.total += field;
  return ticks;
}

}  // namespace

std::optional<CpuTicks> parse_proc_stat(std::string_view text) {
  std::optional<CpuTicks> found;
  for_each_line(text, [&](std::string_view line) {
    if (!line.starts_with("cpu ")) return true;
    found = parse_cpu_line(line);
    return false;
  });
  return found;
}

std::optional<std::uint64_t> other_cpu_percent(const CpuTicks& before, const CpuTicks& after,
                                               std::chrono::nanoseconds own_cpu, std::uint64_t ticks_per_second) {
  if (after.total < before.total || after.busy < before.busy || ticks_per_second == 0) return std::nullopt;
  const std::uint64_t total = after.total - before.total;
  if (total < kFewestTicksForShare) return std::nullopt;
  const double busy = static_cast<double>(after.busy - before.busy);
  const double own = std::chrono::duration<double>(own_cpu).count() * static_cast<double>(ticks_per_second);
  const double others = busy > own ? busy - own : 0.0;
  const double percent = 100.0 * others / static_cast<double>(total);
  return static_cast<std::uint64_t>(std::min(100.0, percent) + 0.5);
}

std::optional<CpuTicks> read_proc_stat(const std::filesystem::path& path) {
  // Plain reads, never an exception (a stream's read error throws from its buffer): a figure that cannot be had is
  // no figure, not a failed run.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text;
  char chunk[4096];
  while (true) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      ::close(fd);
      return std::nullopt;
    }
    if (got == 0) break;
    text.append(chunk, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return parse_proc_stat(text);
}

std::uint64_t clock_ticks_per_second() {
  const long ticks = ::sysconf(_SC_CLK_TCK);
  return ticks > 0 ? static_cast<std::uint64_t>(ticks) : 100;
}

}  // namespace bench
