#pragma once
// The line `bench++ host-view snapshot` prints and `bench++ host-view attach` reads (result/host_view_snapshot.h):
// one compact JSON object per window edge, internal to host-view, defined here once:
//   {"window":{"edge":"start","run":0,"group":1,"tests":["randread"]},"drive":"bench","monotonic_ns":N,
//    "qemu":null|{"read"|"write"|"flush":{"requests","bytes","merged","total_time_ns",
//                                        "histogram":null|{"boundaries_ns":[...],"bins":[...]}}},
//    "host_device":null|{"name","read_ios","read_merges","read_sectors","read_ticks","write_ios","write_merges",
//                        "write_sectors","write_ticks","io_ticks","time_in_queue"},
//    "qemu_cpu":null|{"user_ns","system_ns","threads":[{"tid","comm","kind","user_ns","system_ns"}]},
//    "guest_cpu":null|{"busy_ticks","total_ticks","ticks_per_second"}}
// The window is bench++'s BENCH_WINDOW_JSON (result/window_edge.h). Pure.
#include <string>
#include <string_view>

#include "result/host_view_snapshot.h"
#include "result/window_edge.h"

namespace bench {

// The window JSON as --window-command gives it. Throws std::invalid_argument with what is wrong: not JSON, a key
// missing or unknown, a value of the wrong kind.
WindowEdge read_window_edge(std::string_view text);

std::string snapshot_line(const HostViewSnapshot& snapshot);

// Throws std::invalid_argument with what is wrong (the caller names the file and line): not a JSON object, a key
// missing or unknown (at any depth), a value of the wrong kind or range, a histogram whose bins are not one more
// than its boundaries, an unknown thread kind.
HostViewSnapshot read_snapshot_line(std::string_view line);

}  // namespace bench
