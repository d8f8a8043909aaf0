#include "compare/host_view_decomposition.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "compare/ratio_text.h"
#include "compare/round_pairing.h"
#include "compare/run_tags.h"
#include "result/test_id.h"

namespace bench {
namespace {

using F = HostViewFigure;

constexpr std::array<HostViewFigureRow, kHostViewFigureCount> kRows{{
    {F::kGuestLatency, "guest_latency", "ns", "the guest's mean latency"},
    {F::kQemuTime, "qemu_time", "ns", "QEMU's time per guest request"},
    {F::kQemuMean, "qemu_mean_latency", "ns", "QEMU's mean latency per QEMU request"},
    {F::kDeviceTime, "device_time", "ns", "the host device's time per guest request"},
    {F::kGuestSide, "guest_side", "ns", "the guest's side"},
    {F::kAboveDevice, "above_device", "ns", "QEMU and the host above the device"},
    {F::kHostDevice, "host_device", "ns", "the host device"},
    {F::kGuestSideShare, "guest_side_share", "percent", "the guest's side's share"},
    {F::kAboveDeviceShare, "above_device_share", "percent", "QEMU and the host above the device's share"},
    {F::kHostDeviceShare, "host_device_share", "percent", "the host device's share"},
    {F::kDeviceRequests, "device_requests_per_request", "ratio", "host device requests per guest request"},
    {F::kDeviceBytes, "device_bytes_per_byte", "ratio", "host device bytes per guest byte"},
    {F::kQemuRequests, "qemu_requests_per_request", "ratio", "QEMU requests per guest request"},
    {F::kQemuCpu, "qemu_cpu", "us", "QEMU's CPU per guest request"},
    {F::kVcpuCpu, "qemu_vcpu_cpu", "us", "QEMU's vCPU threads' CPU per guest request"},
    {F::kIothreadCpu, "qemu_iothread_cpu", "us", "QEMU's IOThreads' CPU per guest request"},
    {F::kMainLoopCpu, "qemu_main_loop_cpu", "us", "QEMU's main loop's CPU per guest request"},
    {F::kWorkerCpu, "qemu_worker_cpu", "us", "QEMU's worker threads' CPU per guest request"},
    {F::kOtherCpu, "qemu_other_cpu", "us", "QEMU's other threads' CPU per guest request"},
    {F::kGuestCpu, "guest_cpu", "us", "the guest's busy CPU per guest request"},
}};

constexpr std::size_t at(F figure) { return static_cast<std::size_t>(figure); }

constexpr std::array<F, 3> kParts = {F::kGuestSide, F::kAboveDevice, F::kHostDevice};
constexpr std::array<F, 3> kShares = {F::kGuestSideShare, F::kAboveDeviceShare, F::kHostDeviceShare};

// What one direction of a window's results hold, and what QEMU and the device counted of it.
struct Counted {
  std::uint64_t requests = 0;
  std::uint64_t bytes = 0;
  double latency_weight = 0;   // requests with a latency summary
  double latency_sum_ns = 0;   // their latency means, weighted
  std::uint64_t qemu_requests = 0;
  std::uint64_t qemu_time_ns = 0;
  std::optional<std::uint64_t> device_requests;
  std::optional<std::uint64_t> device_ticks_ms;
  std::optional<std::uint64_t> device_sectors;
};

// Whether the result belongs to the window: a workload's whole part of a workload it names, or a bonnie++ test it
// names by key.
bool in_window(const PhaseResult& phase, const std::vector<std::string>& tests) {
  const std::string name = phase.workload ? phase.workload->workload : test_key(test_id(phase));
  if (phase.workload && phase.workload->job) return false;
  return std::find(tests.begin(), tests.end(), name) != tests.end();
}

void count_guest(Counted& counted, const PhaseResult& phase) {
  counted.requests += phase.operations;
  counted.bytes += phase.bytes;
  if (phase.latency && phase.operations > 0) {
    counted.latency_weight += static_cast<double>(phase.operations);
    counted.latency_sum_ns += static_cast<double>(phase.operations) * phase.latency->mean_ns;
  }
}

// "-12.3 µs" style: the size of a negative part, for its note.
std::string micros(double ns) { return fmt::format("{:.1f} µs", ns / 1000); }

// The stack's three parts from L_g, T_q and T_d (nullopt without a host device), each negative part 0 with a note,
// and their shares of the parts' sum.
void set_stack(DirectionFigures& out) {
  HostViewValues& v = out.values;
  const double qemu = *v[at(F::kQemuTime)];
  const std::array<std::optional<double>, 3> raw = {*v[at(F::kGuestLatency)] - qemu,
                                                    qemu - v[at(F::kDeviceTime)].value_or(0), v[at(F::kDeviceTime)]};
  double sum = 0;
  for (std::size_t p = 0; p < raw.size(); ++p) {
    if (!raw[p]) continue;
    if (*raw[p] < 0) {
      out.notes.push_back(fmt::format(
          "{}{} came out negative ({} per request: {}), shown as 0", kStackPartTitles[p],
          out.direction == "all" ? "" : " (" + out.direction + "s)", micros(*raw[p]),
          p == 0 ? "QEMU's time per guest request exceeds the guest's mean latency: requests overlapping in QEMU "
                   "at depth > 1, or the clocks' granularity"
                 : "the host device's time per guest request exceeds QEMU's: the device worked for more than these "
                   "requests (the host's writeback of its page cache, other I/O on it) or its requests overlapped"));
    }
    v[at(kParts[p])] = std::max(0.0, *raw[p]);
    sum += *v[at(kParts[p])];
  }
  for (std::size_t p = 0; p < raw.size() && sum > 0; ++p) {
    if (v[at(kParts[p])]) v[at(kShares[p])] = 100 * *v[at(kParts[p])] / sum;
  }
}

// QEMU's CPU by thread kind and the guest's, µs per guest request.
void set_cpu(HostViewValues& v, const HostViewWindow& window, double requests) {
  const auto per_request = [&](std::chrono::nanoseconds ns) { return static_cast<double>(ns.count()) / 1000 / requests; };
  if (window.qemu_cpu) {
    const QemuCpu& cpu = *window.qemu_cpu;
    v[at(F::kQemuCpu)] = per_request(cpu.user + cpu.system);
    constexpr std::array<std::pair<QemuThreadKind, F>, 5> kKinds{{{QemuThreadKind::kVcpu, F::kVcpuCpu},
                                                                   {QemuThreadKind::kIothread, F::kIothreadCpu},
                                                                   {QemuThreadKind::kMainLoop, F::kMainLoopCpu},
                                                                   {QemuThreadKind::kWorker, F::kWorkerCpu},
                                                                   {QemuThreadKind::kOther, F::kOtherCpu}}};
    for (const QemuThreadCpu& kind : cpu.by_kind) {
      for (const auto& [thread_kind, figure] : kKinds) {
        if (kind.kind == thread_kind) v[at(figure)] = per_request(kind.user + kind.system);
      }
    }
  }
  if (window.guest_cpu) v[at(F::kGuestCpu)] = per_request(window.guest_cpu->busy);
}

// One direction's figures (`all`: the window's CPU too). REQUIRES: c.requests > 0.
DirectionFigures figures_of(std::string direction, const Counted& c, const HostViewWindow& window, bool all) {
  DirectionFigures out;
  out.direction = std::move(direction);
  out.guest_requests = c.requests;
  out.guest_bytes = c.bytes;
  HostViewValues& v = out.values;
  const double r = static_cast<double>(c.requests);
  if (c.latency_weight > 0) v[at(F::kGuestLatency)] = c.latency_sum_ns / c.latency_weight;
  v[at(F::kQemuTime)] = static_cast<double>(c.qemu_time_ns) / r;
  if (c.qemu_requests > 0) {
    v[at(F::kQemuMean)] = static_cast<double>(c.qemu_time_ns) / static_cast<double>(c.qemu_requests);
  }
  v[at(F::kQemuRequests)] = static_cast<double>(c.qemu_requests) / r;
  if (c.device_ticks_ms) {
    v[at(F::kDeviceTime)] = static_cast<double>(*c.device_ticks_ms) * 1e6 / r;
    v[at(F::kDeviceRequests)] = static_cast<double>(*c.device_requests) / r;
    if (c.bytes > 0) v[at(F::kDeviceBytes)] = static_cast<double>(*c.device_sectors) * 512 / static_cast<double>(c.bytes);
  }
  if (v[at(F::kGuestLatency)]) set_stack(out);
  if (all) set_cpu(v, window, r);
  return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

WindowFigures window_figures(const RunResult& run, const HostViewWindow& window) {
  WindowFigures out;
  out.workload = joined(window.tests, "+");
  out.tests = window.tests;
  out.tcg = tag_value(run.info.tags, kAcceleratorTag) == "tcg";
  Counted all, read, write;
  bool any = false;
  for (const PhaseResult& phase : run.phases) {
    if (!in_window(phase, window.tests)) continue;
    any = true;
    count_guest(all, phase);
    if (phase.workload && phase.workload->direction == IoDirection::kRead) count_guest(read, phase);
    if (phase.workload && phase.workload->direction == IoDirection::kWrite) count_guest(write, phase);
  }
  if (!any) {
    out.why_none = "its tests are not in the guest's results";
    return out;
  }
  if (all.requests == 0) {
    out.why_none = "no requests in the guest's results";
    return out;
  }
  const QemuDriveStats& q = window.qemu;
  all.qemu_requests = q.read.requests + q.write.requests + q.flush.requests;
  all.qemu_time_ns = q.read.total_time_ns + q.write.total_time_ns + q.flush.total_time_ns;
  read.qemu_requests = q.read.requests;
  read.qemu_time_ns = q.read.total_time_ns;
  write.qemu_requests = q.write.requests;
  write.qemu_time_ns = q.write.total_time_ns;
  if (window.host_device) {
    const DiskCounters& d = window.host_device->counters;
    all.device_requests = d.read_ios + d.write_ios;
    all.device_ticks_ms = d.read_ticks + d.write_ticks;
    all.device_sectors = d.read_sectors + d.write_sectors;
    read.device_requests = d.read_ios;
    read.device_ticks_ms = d.read_ticks;
    read.device_sectors = d.read_sectors;
    write.device_requests = d.write_ios;
    write.device_ticks_ms = d.write_ticks;
    write.device_sectors = d.write_sectors;
  }
  out.directions.push_back(figures_of("all", all, window, true));
  if (read.requests > 0 && write.requests > 0) {
    out.directions.push_back(figures_of("read", read, window, false));
    out.directions.push_back(figures_of("write", write, window, false));
  }
  return out;
}

// Over the runs' (round, value) pairs: by rounds, each round's mean first.
FigureSpread spread_of(const std::vector<std::pair<std::uint64_t, double>>& measured, bool by_rounds) {
  FigureSpread out;
  out.runs = measured.size();
  std::vector<double> values;
  if (by_rounds) {
    std::map<std::uint64_t, std::pair<double, std::size_t>> rounds;  // round -> sum, count
    for (const auto& [round, value] : measured) {
      rounds[round].first += value;
      ++rounds[round].second;
    }
    for (const auto& [round, sum] : rounds) values.push_back(sum.first / static_cast<double>(sum.second));
  } else {
    for (const auto& entry : measured) values.push_back(entry.second);
  }
  out.values = values.size();
  out.median = median_of(values);
  out.low = *std::min_element(values.begin(), values.end());
  out.high = *std::max_element(values.begin(), values.end());
  return out;
}

DirectionSpread direction_spread(const std::string& direction, const std::vector<WindowFigures>& runs,
                                 const std::vector<std::uint64_t>& rounds, bool by_rounds) {
  DirectionSpread out;
  out.direction = direction;
  std::array<std::vector<std::pair<std::uint64_t, double>>, kHostViewFigureCount> values;
  std::vector<std::pair<std::string, std::size_t>> notes;  // in order of first appearance, with their runs
  std::size_t with_direction = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    for (const DirectionFigures& figures : runs[r].directions) {
      if (figures.direction != direction) continue;
      ++with_direction;
      for (std::size_t f = 0; f < kHostViewFigureCount; ++f) {
        if (figures.values[f]) values[f].emplace_back(rounds[r], *figures.values[f]);
      }
      for (const std::string& note : figures.notes) {
        auto found = std::find_if(notes.begin(), notes.end(), [&](const auto& n) { return n.first == note; });
        if (found == notes.end()) found = notes.insert(notes.end(), {note, 0});
        ++found->second;
      }
    }
  }
  for (std::size_t f = 0; f < kHostViewFigureCount; ++f) {
    if (!values[f].empty()) out.figures[f] = spread_of(values[f], by_rounds);
  }
  for (const auto& [note, count] : notes) {
    out.notes.push_back(count == with_direction ? note
                                                : fmt::format("{} (in {} of {} runs)", note, count, with_direction));
  }
  return out;
}

std::string percent_text(double percent) { return fmt::format("{:.0f} %", percent); }

// "QEMU and the host above the device: 71 % of the guest's mean latency (rounds 65–74 %)"; then the host
// device's requests per guest request where they are far from 1, and what TCG adds.
std::string reading_of(const WorkloadDecomposition& workload) {
  const DirectionSpread& all = workload.directions.front();
  const auto& f = all.figures;
  std::optional<std::size_t> largest;
  for (std::size_t p = 0; p < kShares.size(); ++p) {
    if (f[at(kShares[p])] && (!largest || f[at(kShares[p])]->median > f[at(kShares[*largest])]->median)) largest = p;
  }
  std::vector<std::string> parts;
  if (largest) {
    const FigureSpread& share = *f[at(kShares[*largest])];
    const std::string range = share.values < 2 ? ""
                                             : fmt::format(" ({} {:.0f}–{:.0f} %)", workload.by_rounds ? "rounds" : "runs",
                                                           share.low, share.high);
    parts.push_back(fmt::format("{}: {} of the guest's mean latency{}", kStackPartTitles[*largest],
                                percent_text(share.median), range));
  } else {
    parts.push_back("no stack: the guest recorded no latency");
  }
  if (!f[at(F::kDeviceTime)]) parts.push_back("the host device was not measured (no block device under the image, or its counters unread)");
  if (const auto& device = f[at(F::kDeviceRequests)]; device && (device->median >= 1.5 || device->median <= 0.67)) {
    parts.push_back(fmt::format("the host device saw {} requests per guest request", significant_digits(device->median, 2)));
  }
  if (const auto& qemu = f[at(F::kQemuRequests)]; qemu && (qemu->median >= 1.5 || qemu->median <= 0.67)) {
    parts.push_back(fmt::format("QEMU saw {} requests per guest request (the guest merged or split them)",
                                significant_digits(qemu->median, 2)));
  }
  if (workload.tcg) parts.push_back("under TCG the guest's side includes QEMU's emulation of the guest's CPU");
  return joined(parts, "; ");
}

}  // namespace

const std::array<HostViewFigureRow, kHostViewFigureCount>& host_view_figure_rows() { return kRows; }

std::vector<WindowFigures> decompose_run(const RunResult& run) {
  std::vector<WindowFigures> out;
  if (!run.host_view) return out;
  for (const HostViewWindow& window : run.host_view->windows) out.push_back(window_figures(run, window));
  return out;
}

void HostViewFold::add(const RunResult& run) {
  const std::optional<std::uint64_t> round = run_round(run.info);
  for (WindowFigures& window : decompose_run(run)) {
    auto found = std::find_if(workloads_.begin(), workloads_.end(),
                              [&](const Runs& runs) { return runs.workload == window.workload; });
    if (found == workloads_.end()) found = workloads_.insert(workloads_.end(), Runs{window.workload, {}, {}, true});
    found->all_rounds = found->all_rounds && round.has_value();
    found->rounds.push_back(round.value_or(0));
    found->runs.push_back(std::move(window));
  }
}

std::vector<WorkloadDecomposition> HostViewFold::result() const {
  std::vector<WorkloadDecomposition> out;
  for (const Runs& runs : workloads_) {
    WorkloadDecomposition workload;
    workload.workload = runs.workload;
    workload.tests = runs.runs.front().tests;
    workload.runs = runs.runs.size();
    workload.by_rounds = runs.all_rounds;
    workload.tcg = std::any_of(runs.runs.begin(), runs.runs.end(), [](const WindowFigures& w) { return w.tcg; });
    std::vector<std::string> directions;
    for (const WindowFigures& run : runs.runs) {
      for (const DirectionFigures& figures : run.directions) {
        if (std::find(directions.begin(), directions.end(), figures.direction) == directions.end()) {
          directions.push_back(figures.direction);
        }
      }
    }
    if (directions.empty()) {
      workload.why_none = runs.runs.front().why_none;
    } else {
      for (const std::string& direction : directions) workload.directions.push_back(direction_spread(direction, runs.runs, runs.rounds, runs.all_rounds));
      workload.reading = reading_of(workload);
    }
    out.push_back(std::move(workload));
  }
  return out;
}

}  // namespace bench
