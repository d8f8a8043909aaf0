#pragma once
// `bench++ host-view attach`'s arithmetic: the snapshots of a guest's runs, in the order they were taken, paired
// start with end and made into each run's HostView (result/host_view.h). Pure.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "result/host_view.h"
#include "result/host_view_snapshot.h"

namespace bench {

// A snapshot and the line of the file it came from (1-based), for the errors.
struct NumberedSnapshot {
  std::size_t line = 0;
  HostViewSnapshot snapshot;
};

// One window's figures: what changed from `start` to `end` (the same run and group). A reading missing at either
// end is missing in the window (but QEMU's drive statistics, which the window cannot be without); a thread counts
// in its kind when it lived at both ends. Throws std::invalid_argument with what is wrong (no place): a counter that
// went back, the drive's statistics missing, the host's clock going back.
HostViewWindow window_difference(const HostViewSnapshot& start, const HostViewSnapshot& end);

// The HostView of each run (RunInfo::run_index) that has windows, its windows in the order they began. Throws
// std::runtime_error "SOURCE:LINE: what" for a start without its end (another start, or the end of the file, before
// it), an end without its start, edges of one window that disagree on its tests, snapshots of different drives, and
// window_difference's failures (at the end's line).
std::map<std::uint32_t, HostView> pair_windows(const std::vector<NumberedSnapshot>& snapshots,
                                               const std::string& source);

}  // namespace bench
