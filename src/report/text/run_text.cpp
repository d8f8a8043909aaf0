#include "report/text/run_text.h"

#include <fmt/format.h>

#include "report/bonnie/bonnie_table.h"
#include "report/text/latency_table.h"
#include "report/text/placement_line.h"
#include "report/text/rank_table.h"
#include "report/text/suite_tables.h"
#include "report/text/workload_table.h"

namespace bench {

std::string bonnie_table_legend(const RunSetup& setup) {
  const std::string rates = setup.io ? "Table rates: K = 1024 (515k = 515 KiB/s, 45.3m = 45.3 MiB/s, 3.0g = 3.0 GiB/s)\n" : "";
  std::string size;
  if (setup.io && !setup.file_size_choice.empty()) {
    size = fmt::format("-s {} MiB by default: {}\n", setup.io->file_size_bytes >> 20, setup.file_size_choice);
  }
  return rates + "+++++: the test took under 0.5 s; Measured below has its rate\n" + size;
}

std::string format_run_text(const RunResult& run) {
  return format_placement_line(run.info) + format_bonnie_table(run) + bonnie_table_legend(run.info.setup) + "\n" +
         format_latency_table(run) + format_rank_table(run);
}

std::string format_result_text(const RunResult& run) {
  if (run.phases.empty()) return {};
  if (run.info.setup.workloads.empty()) return format_run_text(run);
  const std::string suite = run.info.setup.suite.empty() ? "" : format_suite_table({{run.info.label, {&run}}});
  return format_placement_line(run.info) + format_workload_table(run) + suite;
}

}  // namespace bench
