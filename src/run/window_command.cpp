#include "run/window_command.h"

#include <stdexcept>

#include <fmt/format.h>

#include "result/phase_id.h"

namespace bench {

WindowEdge window_edge(const Plan& plan, std::size_t g, std::uint32_t run, WindowEdgeKind edge) {
  WindowEdge window{.edge = edge, .run = run, .group = g, .tests = {}};
  for (const PlannedTest& test : plan.groups.at(g)) {
    window.tests.push_back(test.workload ? plan.workload(test).name : std::string(phase_key(test.bonnie_test)));
  }
  return window;
}

std::optional<std::string> window_command_failure(const WindowEdge& edge, const ShellStatus& status) {
  if (status.succeeded()) return std::nullopt;
  const std::string how = status.signal != 0 ? fmt::format("killed by signal {}", status.signal)
                                             : fmt::format("exit status {}", status.exit_status);
  return fmt::format("window command failed at the {} of group {}: {}", window_edge_word(edge.edge), edge.group, how);
}

void run_window_command(const std::string& command, const WindowEdge& edge) {
  const ShellStatus status = run_shell_command(command, {{kWindowJsonVariable, window_edge_json(edge)}});
  if (const std::optional<std::string> failure = window_command_failure(edge, status)) {
    throw std::runtime_error(*failure);
  }
}

}  // namespace bench
