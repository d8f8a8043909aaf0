#pragma once
// One edge of a window: the start or the end of one group of a run's plan (each of bonnie++'s tests alone, each run
// group of workloads up to a stonewall), from just before its measured I/O begins (its files laid out, caches
// dropped) to just after its last job ended. bench++'s --window-command hears each edge as BENCH_WINDOW_JSON
// (run/window_command.h), and `bench++ host-view snapshot` takes it back (report/json/host_view_snapshot.h), so that
// what the host saw is paired with the guest's tests. Plain data and its one JSON line, pure.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

enum class WindowEdgeKind { kStart, kEnd };

struct WindowEdge {
  WindowEdgeKind edge = WindowEdgeKind::kStart;
  std::uint32_t run = 0;     // RunInfo::run_index: the -x repeat
  std::uint64_t group = 0;   // the group's index in the plan (GroupStart::index)
  // The group's tests as the run's results name them (HostViewWindow::tests): a workload's name, or the key of the
  // bonnie++ test ("block_write").
  std::vector<std::string> tests;
  friend bool operator==(const WindowEdge&, const WindowEdge&) = default;
};

// "start" or "end".
std::string_view window_edge_word(WindowEdgeKind edge);

// The edge as one line of compact JSON, without a newline:
//   {"edge":"start","run":0,"group":1,"tests":["randread"]}
// Strings escaped as JSON requires (quote, backslash, control characters as \uXXXX); other bytes as given.
std::string window_edge_json(const WindowEdge& edge);

}  // namespace bench
