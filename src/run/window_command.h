#pragma once
// --window-command (plan/plan.h Plan::window_command): the runner runs it at each window's start and end
// (result/window_edge.h), on rank 0, outside every measurement: the start after rank 0's jobs of the group are
// prepared (their files laid out, caches dropped) and before the agreement that releases every rank's, the end after every rank's jobs ended and the
// group's CPU time was read, before its results are made and written. It gets the edge as BENCH_WINDOW_JSON; one
// that exits non-zero or is killed fails the run, without results of that group.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "plan/plan.h"
#include "platform/shell_command.h"
#include "result/window_edge.h"

namespace bench {

// The environment variable that carries the edge's JSON line.
inline constexpr const char* kWindowJsonVariable = "BENCH_WINDOW_JSON";

// The edge of group `g` of `plan` in run `run`: its tests as the results name them. Pure.
WindowEdge window_edge(const Plan& plan, std::size_t g, std::uint32_t run, WindowEdgeKind edge);

// nullopt when `status` is success; else the one line that fails the run: "window command failed at the start of
// group 1: exit status 3" ("... killed by signal 9"). Pure.
std::optional<std::string> window_command_failure(const WindowEdge& edge, const ShellStatus& status);

// Runs `command` with the edge in BENCH_WINDOW_JSON and waits for it. Throws std::runtime_error (window_command_failure)
// when it fails, std::system_error when it cannot start.
void run_window_command(const std::string& command, const WindowEdge& edge);

}  // namespace bench
