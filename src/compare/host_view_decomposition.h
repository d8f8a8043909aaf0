#pragma once
// Where a guest's time goes: a guest run's host view (result/host_view.h: QEMU's, the host device's and the CPU's
// figures per window of the guest's plan) set beside the guest's own results, per window and so per workload, then
// over a group's runs (its rounds, as scripts/host-vs-guest.sh makes them). Pure.
//
// One window of one run: its tests' results are those whose test key is NAME.read, NAME.write, NAME.sync or
// NAME.trim (a workload's whole parts, not a job's own) for a NAME among HostViewWindow::tests, or a bonnie++ test
// whose key is there. Over them: guest requests R (their operations summed), guest bytes B, and the guest's mean
// latency L_g (the request-weighted mean of their latency means). Then, per guest request:
//   T_q  QEMU's time: the drive's rd + wr + flush total_time_ns / R. QEMU's block layer times each request from
//        the virtual device's submission into it to its completion, so T_q holds the host kernel's and the device's
//        time too.
//   T_d  the host device's time: (read_ticks + write_ticks) ms / R; requests the host's page cache served never
//        reach it.
//   the stack, outermost first: the guest's side L_g - T_q (the guest kernel, the virtual device's queue,
//        notifications and interrupts, vCPU exits; under TCG the emulation of the guest's CPU too), QEMU and the
//        host above the device T_q - T_d (QEMU's block layer, the image format, the host's file system and page
//        cache), the host device T_d. A part that comes out negative (requests that overlap in QEMU at depth > 1,
//        the clocks' granularity) is shown as 0 with a note. Without a host device (an image on tmpfs) the device
//        part is not measured and the middle part holds the device's time too. Each part's share is its part of
//        the parts' sum (L_g when none was negative).
//   amplification: host device requests per guest request, host bytes (sectors × 512) per guest byte, QEMU
//        requests (rd + wr + flush operations) per guest request: near 1 for direct I/O, far from it when the
//        guest merged or split.
//   CPU: QEMU's process (user + system) by thread kind and in all, and the guest's busy CPU, µs per guest request.
// The same per direction (read: QEMU's rd_*, the device's read counters; write: wr_* and write counters) when the
// window's tests have both reads and writes. Over a group's runs, each figure's median and range (lowest to
// highest) over its rounds (each round's runs averaged, as compare takes rounds: compare/round_pairing.h) when every
// run carries one, else over its runs, and one reading naming the largest share.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/host_view_figures.h"
#include "result/run_result.h"

namespace bench {

// One direction of a window in one run ("all", "read" or "write").
struct DirectionFigures {
  std::string direction;
  std::uint64_t guest_requests = 0;
  std::uint64_t guest_bytes = 0;
  HostViewValues values;
  std::vector<std::string> notes;  // a part that came out negative, shown as 0
};

// One window of one run.
struct WindowFigures {
  std::string workload;            // its tests joined with "+": "randread", "seqwrite+seqread"
  std::vector<std::string> tests;
  bool tcg = false;                // the run's tags hold accel=tcg
  std::optional<std::string> why_none;  // why it has no figures: its tests are not in the results, no requests
  std::vector<DirectionFigures> directions;  // "all" first; empty with why_none
};

// Every window of the run, in its order; empty without a host view.
std::vector<WindowFigures> decompose_run(const RunResult& run);

// The runs of one group folded one by one, as compare reads them (compare/run_grouping.h): keeps each run's
// window figures (a few per guest run), and nothing for runs without a host view.
class HostViewFold {
 public:
  void add(const RunResult& run);
  bool empty() const { return workloads_.empty(); }
  // Per workload, in order of first appearance.
  std::vector<WorkloadDecomposition> result() const;

 private:
  struct Runs {
    std::string workload;
    std::vector<WindowFigures> runs;
    std::vector<std::uint64_t> rounds;  // each run's round (0 without one: all_rounds is then false)
    bool all_rounds = true;
  };
  std::vector<Runs> workloads_;
};

}  // namespace bench
