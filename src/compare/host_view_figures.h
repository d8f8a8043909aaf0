#pragma once
// The figures of where a guest's time went, as compare keeps them (Comparison::host_views) and its writers show
// them: what each figure is (compare/host_view_decomposition.h says how it is computed) and its median and range
// over a group's runs. Plain data.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

// The figures of one window, per guest request unless said otherwise.
enum class HostViewFigure {
  kGuestLatency,       // L_g, ns
  kQemuTime,           // T_q, ns
  kQemuMean,           // QEMU's own mean per QEMU request, ns
  kDeviceTime,         // T_d, ns
  kGuestSide,          // the stack's three parts, ns (a negative part is 0)
  kAboveDevice,
  kHostDevice,
  kGuestSideShare,     // each part's share of the stack, percent
  kAboveDeviceShare,
  kHostDeviceShare,
  kDeviceRequests,     // host device requests per guest request
  kDeviceBytes,        // host device bytes per guest byte
  kQemuRequests,       // QEMU requests per guest request
  kQemuCpu,            // CPU per guest request, µs: QEMU's process, then by thread kind, then the guest's busy CPU
  kVcpuCpu,
  kIothreadCpu,
  kMainLoopCpu,
  kWorkerCpu,
  kOtherCpu,
  kGuestCpu,
};
inline constexpr std::size_t kHostViewFigureCount = 20;

// How every output names a figure (the rows are defined beside the decomposition, in its order): its keyword (CSV, JSON), its unit's keyword ("ns", "percent", "ratio",
// "us"), and its title in words.
struct HostViewFigureRow {
  HostViewFigure figure;
  std::string_view keyword;
  std::string_view unit;
  std::string_view title;
};
const std::array<HostViewFigureRow, kHostViewFigureCount>& host_view_figure_rows();

using HostViewValues = std::array<std::optional<double>, kHostViewFigureCount>;  // nullopt: not measured

// A figure over a group's runs.
struct FigureSpread {
  double median = 0;
  double low = 0;
  double high = 0;
  std::size_t runs = 0;    // the runs that measured it
  std::size_t values = 0;  // what median and range are over: one per round when by rounds (the mean of the
                           // round's runs, as compare's rounds take it), else one per run
};

struct DirectionSpread {
  std::string direction;
  std::array<std::optional<FigureSpread>, kHostViewFigureCount> figures;  // nullopt: no run measured it
  std::vector<std::string> notes;  // each run's notes, once each, "(in N of M runs)" when not in every one
};

// One workload (a window's tests) of one group, over its runs that ran it.
struct WorkloadDecomposition {
  std::string workload;
  std::vector<std::string> tests;
  std::size_t runs = 0;
  bool by_rounds = false;  // every one of those runs carries a round (--tag round=N): the spread is the rounds'
                           // (each round's value the mean of its runs')
  bool tcg = false;
  std::optional<std::string> why_none;   // the first run's, when no run has figures
  std::vector<DirectionSpread> directions;  // "all" first
  // "QEMU and the host above the device: 71 % of the guest's mean latency (rounds 65–74 %)", with the
  // amplification where it is far from 1 and what TCG adds; empty with why_none.
  std::string reading;
};

// The decomposition of one group of a comparison (Comparison::host_views), or of a lone file's runs.
struct GroupDecomposition {
  std::string group;  // its name
  std::vector<WorkloadDecomposition> workloads;
};

// "guest side", "QEMU and host above the device", "host device": the stack's parts in words, outermost first.
inline constexpr std::array<std::string_view, 3> kStackPartTitles = {
    "the guest's side", "QEMU and the host above the device", "the host device"};

}  // namespace bench
