#pragma once
// The decomposition of guests' time (compare/host_view_decomposition.h, compare/host_view_figures.h) as text, within kHostViewTextWidth
// columns, one block per workload (a window's tests), a row per group (and per direction when the window had
// reads and writes), the median over the group's runs:
//
//   Where the guest's time went: randread
//     group      guest µs  guest side µs  above device µs  host device µs  dev req  dev B/B  QEMU req
//     raw             100      30.0 30 %        50.0 50 %       20.0 20 %     1.00     1.00      1.00
//     CPU µs per guest request: QEMU  vCPU  IOThread  main loop  worker  other  guest
//     raw                        100  60.0         –       40.0       –      –   50.0
//     raw: QEMU and the host above the device: 50 % of the guest's mean latency (rounds 40–55 %)
//
// "–" where a figure does not apply (no such thread, no latency), "not measured" for the host device's part when the
// image is on none. The notes (a negative part shown as 0) follow the readings. "" without any decomposition.
#include <cstddef>
#include <string>
#include <vector>

#include "compare/host_view_figures.h"

namespace bench {

inline constexpr std::size_t kHostViewTextWidth = 100;

std::string format_host_view_text(const std::vector<GroupDecomposition>& groups);

}  // namespace bench
