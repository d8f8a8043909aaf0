#pragma once
// `bench++ host-view setup|snapshot|attach`: the host's side of a QEMU guest's benchmark (scripts/guest-run.sh).
// setup readies QEMU's drive over QMP, snapshot prints what the host reads at a window's edge (one line,
// report/json/host_view_snapshot_json.h), attach pairs the lines into each run's HostView and writes it into the
// guest's JSON report (bench++(1), HOST AND GUEST RUNS).
#include <string>
#include <vector>

namespace bench {

// `args` are the words after "host-view". Returns 0 when done. Throws UsageError for bad options (exit 2) and
// std::runtime_error for a QMP socket that cannot be reached or a file that cannot be read or is not valid, named
// with its line (exit 1; RESULT.json then as it was).
int run_host_view_command(const std::vector<std::string>& args);

}  // namespace bench
