#include "compare/base_placement.h"

#include <algorithm>

#include <fmt/format.h>

#include "compare/run_grouping.h"

namespace bench {
namespace {

bool named(std::string_view value) { return !value.empty() && value != "none" && value != "unknown"; }

bool ran_in_guest(const RunGroup& group) { return group.first.run.info.role == Role::kGuest; }

}  // namespace

std::string itself_a_guest_text(std::string_view hypervisor, std::string_view container) {
  std::string text = named(hypervisor) ? fmt::format("itself a {} guest", hypervisor) : std::string("itself a guest");
  if (named(container)) text += fmt::format(" in {}", container);
  return text;
}

void note_guest_base(const std::vector<RunGroup>& groups, std::vector<GroupInfo>& infos,
                     std::vector<std::string>& caveats) {
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const RunGroup& group = groups[g];
    if ((g != 0 && group.info.label != kHostLabel) || !ran_in_guest(group)) continue;
    bool other_guests = false;
    for (std::size_t o = 0; o < groups.size(); ++o) other_guests = other_guests || (o != g && ran_in_guest(groups[o]));
    // The script's host beside guests: the machine they ran on, so theirs are nested guests.
    const bool outer = group.info.label == kHostLabel && other_guests;
    const RunInfo& info = group.first.run.info;
    const std::string itself = itself_a_guest_text(info.hypervisor, info.container);
    infos[g].itself = outer ? "the machine the guests ran on, " + itself : itself;
    caveats.push_back(fmt::format("{} is {}: {}", group.info.name, itself,
                                  outer ? "its figures are a guest's disk too, so the ratios set nested guests against "
                                          "their outer guest, not against bare metal"
                                        : "its figures are a guest's disk, not bare metal's"));
  }
}

}  // namespace bench
