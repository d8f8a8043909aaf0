#pragma once
// Where the guests' time went (compare/host_view_decomposition.h) as HTML: per workload a <figure> with a stacked
// horizontal bar per group, the guest's mean latency split into the guest's side, QEMU and the host above the
// device, and the host device (median over the group's runs, µs, with each part's share), on one scale for the
// workload; a host device not measured shows as such, never as 0. Under the bars each group's amplification, CPU
// per guest request and reading. Colours and escaping as the other charts (latency_cdf_svg.h, html_text.h).
#include <string>
#include <vector>

#include "compare/host_view_figures.h"

namespace bench {

// The <section> with one figure per workload; "" without any decomposition.
std::string host_view_section(const std::vector<GroupDecomposition>& groups);

}  // namespace bench
