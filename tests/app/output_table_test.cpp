#include "app/output_table.h"

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "cli/compare_options.h"
#include "cli/fio_run_options.h"
#include "cli/shared_options.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/machine_readable_samples.h"
#include "report/text/run_text.h"

namespace bench {
namespace {

std::set<std::string_view> row_names(OutputAsked asked) {
  std::set<std::string_view> names;
  for (const OutputRow& row : output_rows()) {
    if (row.asked == asked) CHECK_MESSAGE(names.insert(row.name).second, "two rows named ", row.name);
  }
  return names;
}

std::vector<RunResult> first(const std::vector<RunResult>& runs, std::size_t count) {
  return {runs.begin(), runs.begin() + static_cast<std::ptrdiff_t>(count)};
}

}  // namespace

TEST_CASE("output table: each result file option of the run commands has its row, and each such row its option") {
  std::set<std::string_view> options;
  for (const SharedOption& option : shared_options()) {
    if (option.result_file) options.insert(option.name);
  }
  CHECK(options.count("csv") == 1);
  CHECK(row_names(OutputAsked::kResultFileOption) == options);
  CHECK(options.count(kDryRunPlanFile) == 1);
}

TEST_CASE("output table: each of fio's --output-format names has its row, and each row of fio's formats its name") {
  const std::span<const std::string_view> formats = fio_output_formats();
  CHECK(row_names(OutputAsked::kFioFormat) == std::set<std::string_view>(formats.begin(), formats.end()));
}

TEST_CASE("output table: each of compare's output options has its row, and each row its option") {
  std::set<std::string_view> rows;
  for (const CompareOutputRow& row : compare_output_rows()) CHECK(rows.insert(row.name).second);
  const std::span<const std::string_view> options = compare_output_names();
  CHECK(rows == std::set<std::string_view>(options.begin(), options.end()));
}

TEST_CASE("output table: fio's formats, a run's text and bonnie++'s line come in the order they share a stream in") {
  std::vector<std::string_view> order;
  for (const OutputRow& row : output_rows()) order.push_back(row.name);
  const auto place = [&](std::string_view name) { return std::find(order.begin(), order.end(), name) - order.begin(); };
  // fio 3.33 writes its formats as terse, json, normal, whatever --output-format's order (fio --output-format=
  // normal,json,terse); json+ is json's document. On their destination they all come at the end, as fio's, since
  // json renders only then (app/output_set.h).
  // fio says a stop signal's line as it comes, before any format's results (the normal format's header aside: its
  // writer puts the line after it, report/fio/fio_stop_line.h).
  CHECK(place("stop line") < place("terse"));
  CHECK(place("terse") < place("json"));
  CHECK(place("json") < place("json+"));
  CHECK(place("json+") < place("normal"));
  CHECK(place("text") < place("bonnie++ CSV"));
}

TEST_CASE("output table: a growing output's document starts with its document for the results before") {
  const std::vector<RunResult> runs = test::machine_readable_samples();
  const std::vector<std::string> kept = {"w.0.0"};
  Config config;
  config.repeats = static_cast<std::uint32_t>(runs.size());
  config.repeats_given = true;
  for (const OutputRow& row : output_rows()) {
    if (row.growth != Growth::kAppends) continue;
    CAPTURE(row.name);
    const auto writer = row.make_writer(config);
    std::string previous;
    for (std::size_t finished = 0; finished <= runs.size(); ++finished) {
      // Runs so far: `finished` of them, then the next one under way.
      const std::vector<RunResult> so_far = first(runs, std::min(finished + 1, runs.size()));
      const std::string document = writer->render(ResultsSoFar{so_far, finished, false, {}});
      CHECK(document.starts_with(previous));
      previous = document;
    }
    CHECK(writer->render(ResultsSoFar{runs, runs.size(), true, kept}).starts_with(previous));
  }
}

TEST_CASE("run text writer: each finished run's text, then after the last the summaries and the files kept") {
  const std::vector<RunResult> runs = test::machine_readable_samples();
  const RunTextWriter writer(2);
  const std::vector<RunResult> two = first(runs, 2);
  CHECK(writer.render(ResultsSoFar{two, 0, false, {}}).empty());
  CHECK(writer.render(ResultsSoFar{two, 1, false, {}}) == format_result_text(runs[0]));
  const std::vector<std::string> kept = {"a.0.0"};
  const std::string ended = writer.render(ResultsSoFar{two, 2, true, kept});
  CHECK(ended == format_result_text(runs[0]) + format_result_text(runs[1]) + format_repeat_summaries(two) +
                     "Kept (unlink=0): a.0.0\n");
}

TEST_CASE("spreadsheet CSV writer: nothing before the first test, then the header and a row per test so far") {
  const std::vector<RunResult> runs = test::machine_readable_samples();
  const SpreadsheetCsvWriter writer;
  std::vector<RunResult> so_far = {runs[0]};
  so_far[0].phases.clear();
  CHECK(writer.render(ResultsSoFar{so_far, 0, false, {}}).empty());
  so_far[0].phases.push_back(runs[0].phases.at(0));
  CHECK(writer.render(ResultsSoFar{so_far, 0, false, {}}) ==
        spreadsheet_csv_header() + format_spreadsheet_csv_row(runs[0].info, runs[0].phases[0]));
}

TEST_CASE("output table: fio's formats, and they alone, write the results so far at fio's --status-interval") {
  const RunResult run = test::workload_sample_run({WorkloadPart{}});
  Config config;
  config.persona = Persona::kFio;  // fio's normal output alone, without bench++'s text
  for (const OutputRow& row : output_rows()) {
    CAPTURE(row.name);
    CHECK((row.render_status != nullptr) == (row.asked == OutputAsked::kFioFormat));
    if (row.render_status == nullptr) continue;
    const std::string status = row.render_status(run, config);
    CHECK_FALSE(status.empty());
    // Each a whole document of its format: what the format writes of the run at the end, without what it writes
    // once before the jobs run (normal's header).
    const std::vector<RunResult> runs = {run};
    const std::string final_document = row.make_writer(config)->render(ResultsSoFar{runs, 1, true, {}});
    CHECK(final_document.ends_with(status));
    if (row.name == "normal") CHECK(status.find("Starting ") == std::string::npos);
  }
}

}  // namespace bench
