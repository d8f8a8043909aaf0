#pragma once
// The base side named for what it is. scripts/host-vs-guest.sh labels the machine its guests run on "host", and
// compare sets the others against the base; when that machine is itself a guest (a cloud VM, a KVM guest in
// docker), its figures are a guest's disk too, and its own guests are nested guests. Pure.
#include <string>
#include <string_view>
#include <vector>

#include "compare/comparison.h"

namespace bench {

struct RunGroup;

// "itself a kvm guest in docker", "itself a guest" (hypervisor unknown), "itself a kvm guest" (no container):
// what a run recorded as a guest is, for the side called the host or the base ("none"/"unknown"/"" left out).
std::string itself_a_guest_text(std::string_view hypervisor, std::string_view container);

// The label scripts/host-vs-guest.sh gives the machine its guests run on.
inline constexpr std::string_view kHostLabel = "host";

// For the base and each group labelled "host" whose first run was recorded as a guest: sets GroupInfo::itself in
// `infos` (in the groups' order): "itself a kvm guest in docker", and for a group labelled "host" beside groups
// that ran in guests "the machine the guests ran on, itself a kvm guest in docker"; and appends a caveat: its
// figures are a guest's disk, not bare metal's, and for that host, that they are a guest's disk too, so the
// ratios set nested guests against their outer guest.
void note_guest_base(const std::vector<RunGroup>& groups, std::vector<GroupInfo>& infos,
                     std::vector<std::string>& caveats);

}  // namespace bench
