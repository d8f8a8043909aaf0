// When a run counts as made on a busy machine, and the note that says so (result/busy_machine.h).
#include "result/busy_machine.h"

#include <doctest/doctest.h>

namespace bench {

TEST_CASE("busy machine: above 25 % of the CPUs' time used by others a run gets a note with the figure") {
  RunInfo info;
  CHECK_FALSE(ran_on_busy_machine(info));  // not recorded (an older result, MPI, a short run): no note
  CHECK_FALSE(busy_machine_note(info));
  info.other_cpu_percent = kBusyMachinePercent;
  CHECK_FALSE(busy_machine_note(info));  // at the threshold: not yet
  info.other_cpu_percent = kBusyMachinePercent + 1;
  CHECK(ran_on_busy_machine(info));
  info.other_cpu_percent = 87;
  CHECK(busy_machine_note(info) ==
        "other processes used 87 % of the machine's CPU time during the run (bench++'s own not counted): its "
        "figures may show the load as much as the disk");
}

}  // namespace bench
