#include "app/detect_command.h"

#include <fmt/format.h>

#include "app/text_sink.h"
#include "result/result_keywords.h"

namespace bench {

std::string format_placement_report(const Placement& placement) {
  std::string text = fmt::format("role: {}\nhypervisor: {}\ncontainer: {}\nevidence:\n", keyword(placement.role),
                                 placement.hypervisor, placement.container);
  for (const auto& line : placement.evidence) text += "  " + line + "\n";
  return text;
}

int run_detect_command() {
  write_standard_output(format_placement_report(classify_placement(read_virt_evidence())));
  return 0;
}

}  // namespace bench
