#pragma once
// The runs of one invocation (a bonnie-style run and its -x repeats, or bench++ job and suite) as one
// self-contained HTML page, drawn from the same pieces as compare's (report/html/html_page.h): a suite's own table
// of every run first (report/html/suite_table_html.h), with repeats each test's mean ± sample standard deviation
// over the runs, then per run its human text as bench++ prints it (bonnie++'s table and the measured section; or
// the workload table), then one table of every test's rate, %CPU and latency percentiles, and per test its latency
// CDF with a line per run (each its own colour and dashes). A failed job (WorkloadPart::failure) is marked FAILED with its error number and message in its
// row, and left out of its test's charts with the same words in their place. Also what `bench++ compare` writes
// for a single input.
#include <string>
#include <vector>

#include "report/result_writer.h"
#include "result/run_result.h"

namespace bench {

// REQUIRES: runs not empty.
std::string format_run_html(const std::vector<RunResult>& runs);

// --html: the page of the runs so far (the run under way with the tests it finished); "" before the first.
class RunHtmlWriter final : public ResultWriter {
 public:
  std::string render(const ResultsSoFar& results) const override {
    return results.runs.empty() ? std::string() : format_run_html(results.runs);
  }
};

}  // namespace bench
