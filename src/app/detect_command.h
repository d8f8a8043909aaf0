#pragma once
// `bench++ --detect`: where this runs (host or guest, hypervisor, container) and why.
#include <string>

#include "platform/virt_detect.h"

namespace bench {

// The report --detect prints, ending in '\n':
//   role: guest
//   hypervisor: kvm
//   container: none
//   evidence:
//     CPUID: hypervisor bit set, leaf 0x40000000 vendor 'KVMKVMKVM' (kvm)
//     ...
std::string format_placement_report(const Placement& placement);

// Reads this machine, prints format_placement_report on stdout and returns the exit code (0).
int run_detect_command();

}  // namespace bench
