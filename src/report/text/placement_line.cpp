#include "report/text/placement_line.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "result/result_keywords.h"

namespace bench {
namespace {

// For bonnie++'s tests each rank has -c workers; for workloads each rank runs every workload.
std::string ranks_line(const RunInfo& info) {
  if (info.ranks <= 1) return "";
  const RunSetup& setup = info.setup;
  const bool workloads = !setup.workloads.empty();
  const bool bonnie_tests = setup.io || setup.files || setup.sync_test;
  const std::string workers =
      bonnie_tests ? fmt::format(" x {} worker{}", setup.concurrency, setup.concurrency == 1 ? "" : "s") : "";
  return fmt::format("MPI: {} ranks{} on {} host{}: {}{}\n", info.ranks, workers, info.hosts.size(),
                     info.hosts.size() == 1 ? "" : "s", fmt::join(info.hosts, ", "),
                     workloads ? "; each rank runs every workload" : "");
}

}  // namespace

std::string format_placement_line(const RunInfo& info) {
  if (!info.role) return ranks_line(info);
  const std::string role(keyword(*info.role));
  const std::string where = *info.role == Role::kGuest ? role + " (" + info.hypervisor + ")" : role;
  return "Running on: " + where + ", container: " + info.container + "\n" + ranks_line(info);
}

}  // namespace bench
