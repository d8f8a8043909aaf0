#include "report/text/run_text.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/bonnie/bonnie_table.h"
#include "report/text/latency_table.h"
#include "report/text/placement_line.h"
#include "report/text/rank_table.h"
#include "report/text/suite_tables.h"
#include "report/text/workload_table.h"
#include "result/busy_machine.h"

namespace bench {

std::string bonnie_table_legend(const RunSetup& setup) {
  const std::string rates = setup.io ? "Table rates: K = 1024 (515k = 515 KiB/s, 45.3m = 45.3 MiB/s, 3.0g = 3.0 GiB/s)\n" : "";
  std::string size;
  if (setup.io && !setup.file_size_choice.empty()) {
    size = fmt::format("-s {} MiB by default: {}\n", setup.io->file_size_bytes >> 20, setup.file_size_choice);
  }
  return rates + "+++++: the test took under 0.5 s; Measured below has its rate\n" + size;
}

namespace {

bool has_bonnie_tests(const RunResult& run) {
  return std::any_of(run.phases.begin(), run.phases.end(), [](const PhaseResult& p) { return !p.workload; });
}

}  // namespace

std::string format_result_text(const RunResult& run) {
  if (run.phases.empty()) return {};
  std::string text = format_placement_line(run.info);
  if (has_bonnie_tests(run)) {
    text += format_bonnie_table(run) + bonnie_table_legend(run.info.setup) + "\n" + format_latency_table(run);
  }
  text += format_workload_table(run) + format_rank_table(run);
  // CrystalDiskMark's table is of the runs together (format_repeat_summaries).
  if (run.info.setup.suite != "cdm") text += format_suite_table({{run.info.label, {&run}}});
  if (const std::optional<std::string> busy = busy_machine_note(run.info)) text += "Note: " + *busy + "\n";
  return text;
}

std::string format_repeat_summaries(const std::vector<RunResult>& runs) {
  if (runs.empty()) return {};
  if (runs.front().info.setup.suite == "cdm") {
    Executor all{runs.front().info.label, {}};
    for (const RunResult& run : runs) all.runs.push_back(&run);
    return format_suite_table({all});
  }
  return format_repeat_summary(runs) + format_workload_repeat_summary(runs);
}

std::string format_finished_run_text(const RunResult& run, std::uint32_t repeats) {
  const bool workloads = !run.info.setup.workloads.empty();
  const std::string repeat =
      workloads && repeats > 1 ? fmt::format("Run {} of {}\n", run.info.run_index + 1, repeats) : "";
  return repeat + format_result_text(run);
}

std::string format_after_runs_text(const std::vector<RunResult>& runs, const std::vector<std::string>& kept_files) {
  std::string text = format_repeat_summaries(runs);
  for (const std::string& file : kept_files) text += fmt::format("Kept (unlink=0): {}\n", file);
  const std::uint32_t ranks = runs.empty() ? 1 : runs.front().info.ranks;
  if (!kept_files.empty() && ranks > 1) {
    const std::string others = ranks == 2 ? "rank 1" : fmt::format("ranks 1 to {}", ranks - 1);
    text += fmt::format("Kept (unlink=0) by {} as well: theirs, in their own bench++-job.rank-R.* directories\n",
                        others);
  }
  return text;
}

std::string RunTextWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (std::size_t i = 0; i < results.finished; ++i) text += format_finished_run_text(results.runs[i], repeats_);
  if (results.ended) text += format_after_runs_text(results.runs, results.kept_files);
  return text;
}

}  // namespace bench
