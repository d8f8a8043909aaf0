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
//   as a base: a run here is itself a kvm guest in docker, not bare metal: beside guests started here (the "host"
//   of scripts/host-vs-guest.sh) it is their outer guest
// (the last line for a guest only: what compare's base would be, compare/base_placement.h).
std::string format_placement_report(const Placement& placement);

// Reads this machine, prints format_placement_report on stdout and returns the exit code (0).
int run_detect_command();

}  // namespace bench
