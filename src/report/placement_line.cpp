#include "report/placement_line.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "result/result_keywords.h"

namespace bench {
namespace {

std::string ranks_line(const RunInfo& info) {
  if (info.ranks <= 1) return "";
  return fmt::format("MPI: {} ranks x {} worker{} on {} host{}: {}\n", info.ranks, info.setup.concurrency,
                     info.setup.concurrency == 1 ? "" : "s", info.hosts.size(), info.hosts.size() == 1 ? "" : "s",
                     fmt::join(info.hosts, ", "));
}

}  // namespace

std::string format_placement_line(const RunInfo& info) {
  if (!info.role) return ranks_line(info);
  const std::string role(keyword(*info.role));
  const std::string where = *info.role == Role::kGuest ? role + " (" + info.hypervisor + ")" : role;
  return "Running on: " + where + ", container: " + info.container + "\n" + ranks_line(info);
}

}  // namespace bench
