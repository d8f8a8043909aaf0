#pragma once
// The comparison as a text table for a terminal (UTF-8: "×", "±", "µ"), one block per test:
//
//   Block write (block_write)
//     metric        host                guest               guest vs host
//     throughput    512 ± 4.1 MiB/s     215 ± 3.0 MiB/s     guest 0.42× host (worse, beyond noise)
//
// preceded by the groups (base first, with files and run counts) and the rule for noise, followed by the
// notes. A value marked '*' comes from at least one run shorter than 0.5 s. Control characters in labels
// show as spaces. A run whose job failed in a test is named under the test's rows, with its error (its cells
// say FAILED where every run of the group failed, and their phrases why there is no ratio):
//     FAILED: guest run 1 (guest.json): error 84: verify: ...; its figures are left out
#include <string>

#include "compare/comparison.h"

namespace bench {

std::string format_comparison_text(const Comparison& comparison);

}  // namespace bench
