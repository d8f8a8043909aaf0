#include "app/detect_command.h"

#include <fmt/format.h>

#include "app/text_sink.h"
#include "compare/base_placement.h"
#include "result/result_keywords.h"

namespace bench {

std::string format_placement_report(const Placement& placement) {
  std::string text = fmt::format("role: {}\nhypervisor: {}\ncontainer: {}\nevidence:\n", keyword(placement.role),
                                 placement.hypervisor, placement.container);
  for (const auto& line : placement.evidence) text += "  " + line + "\n";
  if (placement.role == Role::kGuest) {
    text += fmt::format("as a base: a run here is {}, not bare metal: beside guests started here (the \"host\" of "
                        "scripts/host-vs-guest.sh) it is their outer guest\n",
                        itself_a_guest_text(placement.hypervisor, placement.container));
  }
  return text;
}

int run_detect_command() {
  write_standard_output(format_placement_report(classify_placement(read_virt_evidence())));
  return 0;
}

}  // namespace bench
