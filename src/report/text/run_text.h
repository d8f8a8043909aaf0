#pragma once
// The human text of a run: each part is its own writer; this puts them in order.
#include <cstdint>
#include <string>
#include <vector>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

// A run's text as bench++ prints it after the run (and, for the tests that finished, after a failure), whatever
// its tests: the placement line; for bonnie++'s tests bonnie++'s table, the line saying what its units are and the
// measured section; for workloads the workload table; under MPI the ranks section; for the tart suite Tart's
// table; a note when the machine was busy (result/busy_machine.h). "" for a run without tests.
std::string format_result_text(const RunResult& run);

// What bench++ prints after the last of several runs (-x, a suite's repeat): for bonnie++'s tests the summary
// across repeats, for workloads theirs (the cdm suite: CrystalDiskMark's table). "" for a single run.
std::string format_repeat_summaries(const std::vector<RunResult>& runs);

// A finished run's text as printed after it: format_result_text, after "Run N of M" for the workloads of one of
// several runs (`repeats`).
std::string format_finished_run_text(const RunResult& run, std::uint32_t repeats);

// What is printed after the last run: the summaries across repeats, then "Kept (unlink=0): FILE" for each of
// `kept_files` (and under MPI a line saying the other ranks kept theirs).
std::string format_after_runs_text(const std::vector<RunResult>& runs, const std::vector<std::string>& kept_files);

// The run's text: each finished run's, then at the end what follows the runs.
class RunTextWriter final : public ResultWriter {
 public:
  explicit RunTextWriter(std::uint32_t repeats) : repeats_(repeats) {}
  std::string render(const ResultsSoFar& results) const override;

 private:
  std::uint32_t repeats_;
};

// The lines under bonnie++'s table that say what its cells mean: K = 1024 for the byte rates (with the I/O
// tests), what "+++++" is and, when -s was not given, how its default was chosen. Ends with '\n'.
std::string bonnie_table_legend(const RunSetup& setup);

}  // namespace bench
