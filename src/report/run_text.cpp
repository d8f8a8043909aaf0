#include "report/run_text.h"

#include "report/bonnie_table.h"
#include "report/latency_table.h"
#include "report/placement_line.h"
#include "report/rank_table.h"

namespace bench {

std::string bonnie_table_legend(const RunSetup& setup) {
  const std::string rates = setup.io ? "Table rates: K = 1024 (515k = 515 KiB/s, 45.3m = 45.3 MiB/s, 3.0g = 3.0 GiB/s)\n" : "";
  return rates + "+++++: the test took under 0.5 s; Measured below has its rate\n";
}

std::string format_run_text(const RunResult& run) {
  return format_placement_line(run.info) + format_bonnie_table(run) + bonnie_table_legend(run.info.setup) + "\n" +
         format_latency_table(run) + format_rank_table(run);
}

}  // namespace bench
