#include "app/host_view_command.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "app/document_output.h"
#include "app/text_sink.h"
#include "cli/host_view_options.h"
#include "platform/cpu_load.h"
#include "platform/disk_stats.h"
#include "platform/qemu_process.h"
#include "platform/qmp_socket.h"
#include "report/json/host_view_attach.h"
#include "report/json/host_view_snapshot_json.h"
#include "report/json/qmp_json.h"
#include "result/errors.h"
#include "result/host_view_pairing.h"
#include "text/printable.h"
#include "text/split.h"

namespace bench {
namespace {

// How long bench++ waits for QEMU at each step: a guest waits for its window's snapshot meanwhile.
constexpr std::chrono::milliseconds kQmpTimeout{10'000};

void warn(const std::string& what) { fmt::print(stderr, "bench++: warning: {}\n", printable(what)); }

// A QMP conversation: the greeting read and capabilities negotiated, then commands one at a time.
class QmpSession {
 public:
  explicit QmpSession(const std::string& path) : socket_(path, kQmpTimeout) {
    while (read_qmp_message(socket_.read_line()).kind != QmpMessageKind::kGreeting) {
    }
    if (const QmpMessage answer = execute("qmp_capabilities"); answer.kind == QmpMessageKind::kError) {
      throw std::runtime_error(fmt::format("QEMU's QMP socket {}: qmp_capabilities: {}", path, answer.error));
    }
  }
  // The command's answer (kReturn or kError), events before it skipped.
  QmpMessage execute(std::string_view name, std::string_view arguments = {}) {
    socket_.send_line(qmp_command(name, arguments));
    for (;;) {
      QmpMessage message = read_qmp_message(socket_.read_line());
      if (message.kind == QmpMessageKind::kReturn || message.kind == QmpMessageKind::kError) return message;
    }
  }

 private:
  QmpSocket socket_;
};

int setup(const HostViewRequest& request) {
  QmpSession qmp(request.qmp);
  const QmpMessage block = qmp.execute("query-block");
  if (block.kind == QmpMessageKind::kError) throw std::runtime_error(fmt::format("QMP's query-block: {}", block.error));
  const QmpDrive drive = choose_benchmark_drive(read_query_block(block.value), request.drive);
  const QmpMessage histograms =
      qmp.execute("block-latency-histogram-set", histogram_set_arguments(drive, histogram_boundaries_ns()));
  if (histograms.kind == QmpMessageKind::kError) {
    warn(fmt::format("QEMU keeps no latency histograms of drive '{}' ({}): the windows have none", drive.name,
                     histograms.error));
  }
  write_standard_output(drive.name + "\n");
  return 0;
}

std::optional<QemuDriveStats> drive_stats(QmpSession& qmp, const std::string& drive) {
  const QmpMessage answer = qmp.execute("query-blockstats");
  if (answer.kind == QmpMessageKind::kError) {
    warn(fmt::format("QMP's query-blockstats: {}", answer.error));
    return std::nullopt;
  }
  try {
    std::optional<QemuDriveStats> stats = read_drive_stats(answer.value, drive);
    if (!stats) warn(fmt::format("QMP's query-blockstats has no drive '{}'", drive));
    return stats;
  } catch (const std::runtime_error& e) {
    warn(e.what());
    return std::nullopt;
  }
}

std::optional<HostDeviceSample> host_device(const std::string& image) {
  const std::vector<WatchedDisk> disks = disks_under({image}, "/sys");
  if (disks.empty()) return std::nullopt;  // on no block device (tmpfs): nothing to read, no failure
  std::ifstream in(disks.front().stat_file);
  std::string line;
  const std::optional<DiskCounters> counters =
      in && std::getline(in, line) ? parse_disk_stat_line(line) : std::nullopt;
  if (!counters) {
    warn(fmt::format("cannot read the host device's statistics {}", disks.front().stat_file.string()));
    return std::nullopt;
  }
  return HostDeviceSample{disks.front().name, *counters};
}

std::optional<GuestCpuSample> guest_cpu(const std::optional<std::string>& line) {
  if (!line) return std::nullopt;
  // The line as /proc/stat has it ("cpu  1 2 ..."), or its numbers alone.
  const bool numbers_alone = !line->empty() && line->front() >= '0' && line->front() <= '9';
  const std::optional<CpuTicks> ticks = parse_proc_stat(numbers_alone ? "cpu  " + *line : *line);
  if (!ticks) {
    warn(fmt::format("--guest-stat is not a /proc/stat \"cpu\" line: {}", line->substr(0, 80)));
    return std::nullopt;
  }
  // The guest's USER_HZ: Linux's is 100 on every architecture bench++ runs guests of, as the host's.
  return GuestCpuSample{ticks->busy, ticks->total, clock_ticks_per_second()};
}

int snapshot(const HostViewRequest& request) {
  HostViewSnapshot s;
  try {
    s.window = read_window_edge(request.window);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("host-view snapshot: --window: {}", e.what()));
  }
  s.drive = *request.drive;
  QmpSession qmp(request.qmp);
  s.monotonic_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
  s.qemu = drive_stats(qmp, s.drive);
  s.qemu_cpu = read_qemu_process(static_cast<pid_t>(request.qemu_pid), clock_ticks_per_second());
  if (!s.qemu_cpu) warn(fmt::format("cannot read QEMU's process {} in /proc", request.qemu_pid));
  s.host_device = host_device(request.image);
  s.guest_cpu = guest_cpu(request.guest_stat);
  write_standard_output(snapshot_line(s) + "\n");
  return 0;
}

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (!in || !(text << in.rdbuf())) throw std::runtime_error(fmt::format("cannot read {}", path));
  return text.str();
}

int attach(const HostViewRequest& request) {
  const std::string snapshots_text = read_whole(request.snapshots);
  std::vector<NumberedSnapshot> snapshots;
  std::size_t number = 0;
  for_each_line(snapshots_text, [&](std::string_view line) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) return;  // a blank line
    try {
      snapshots.push_back({number, read_snapshot_line(line)});
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(fmt::format("{}:{}: {}", request.snapshots, number, e.what()));
    }
  });
  const std::map<std::uint32_t, HostView> views = pair_windows(snapshots, request.snapshots);
  const std::string result = attach_host_views(read_whole(request.result), views, request.result);
  DocumentOutput output(request.result, Growth::kReplaces);  // beside it, then renamed over it
  output.update(result);
  output.finish();
  return 0;
}

}  // namespace

int run_host_view_command(const std::vector<std::string>& args) {
  const HostViewRequest request = parse_host_view_command_line(args);
  switch (request.action) {
    case HostViewAction::kHelp:
      write_standard_output(host_view_help_text());
      return 0;
    case HostViewAction::kSetup:
      return setup(request);
    case HostViewAction::kSnapshot:
      return snapshot(request);
    case HostViewAction::kAttach:
      return attach(request);
  }
  return 0;
}

}  // namespace bench
