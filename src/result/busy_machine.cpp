#include "result/busy_machine.h"

#include <fmt/format.h>

namespace bench {

bool ran_on_busy_machine(const RunInfo& info) {
  return info.other_cpu_percent && *info.other_cpu_percent > kBusyMachinePercent;
}

std::optional<std::string> busy_machine_note(const RunInfo& info) {
  if (!ran_on_busy_machine(info)) return std::nullopt;
  return fmt::format("other processes used {} % of the machine's CPU time during the run (bench++'s own not "
                     "counted): its figures may show the load as much as the disk",
                     *info.other_cpu_percent);
}

}  // namespace bench
