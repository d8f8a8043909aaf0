#include "app/compare_command.h"

#include <algorithm>

#include <fmt/format.h>

#include "report/result_file.h"
#include "app/document_output.h"
#include "app/text_sink.h"
#include "cli/compare_options.h"
#include "cli/fio_job_file.h"
#include "compare/comparison.h"
#include "compare/run_grouping.h"
#include "report/csv/comparison_csv.h"
#include "report/html/comparison_html.h"
#include "report/json/comparison_json.h"
#include "report/text/comparison_text.h"
#include "report/html/run_html.h"
#include "report/text/run_text.h"
#include "report/text/suite_tables.h"
#include "result/errors.h"
#include "run/interrupt.h"

namespace bench {
namespace {

std::vector<SourcedRun> read_inputs(const std::vector<std::string>& files) {
  std::vector<SourcedRun> runs;
  for (std::size_t i = 0; i < files.size(); ++i) {
    ResultText text = read_result_file(files[i], workload_of_recorded_options, &interrupt_signal());
    const RunSource source =
        text.format == ResultFormat::kBonnieCsv ? RunSource::kBonnieLine : RunSource::kBenchResult;
    const std::string shown_name = files[i] == kStandardInputName ? "stdin" : files[i];
    const auto unrecorded =
        text.unrecorded.empty() ? nullptr : std::make_shared<const UnrecordedFields>(std::move(text.unrecorded));
    for (auto& run : text.runs) runs.push_back(SourcedRun{std::move(run), shown_name, i, source, unrecorded});
  }
  return runs;
}

// A file is replaced whole (app/document_output.h): a failed write never leaves a broken one in its place.
void write_output(const std::optional<std::string>& destination, const std::string& text) {
  if (!destination) return;
  DocumentOutput output(*destination, DocumentOutput::Growth::kReplaces);
  output.update(text);
  output.finish();
}

// The suites' own table (report/text/suite_tables.h), with the groups as its executors; "" for other runs.
std::string suite_table(const std::vector<SourcedRun>& runs, const CompareConfig& config) {
  std::vector<Executor> executors;
  for (const RunGroup& group : group_runs(runs, CompareOptions{config.group_by_label})) {
    Executor executor{group.info.name, {}};
    for (const SourcedRun* run : group.runs) executor.runs.push_back(&run->run);
    executors.push_back(std::move(executor));
  }
  return format_suite_table(executors);
}

// One input whose runs all have one label: nothing to compare them with, so they are shown alone.
bool is_one_group(const CompareConfig& config, const std::vector<SourcedRun>& runs) {
  if (config.files.size() != 1 || runs.empty()) return false;
  return std::all_of(runs.begin(), runs.end(),
                     [&](const SourcedRun& run) { return run.run.info.label == runs.front().run.info.label; });
}

// The runs as bench++ printed them, and --html as the run's own report (report/html/run_html.h); a comparison's CSV
// and JSON need a second group.
int render_alone(const CompareConfig& config, const std::vector<SourcedRun>& sourced) {
  if (config.csv_output || config.json_output) {
    throw UsageError(fmt::format("compare: --csv and --json need runs to compare, and every run of {} has the "
                                 "label '{}'; alone, a file shows as text and with --html",
                                 config.files.front(), sourced.front().run.info.label));
  }
  std::vector<RunResult> runs;
  std::string text;
  for (const SourcedRun& run : sourced) {
    runs.push_back(run.run);
    text += format_result_text(run.run);
  }
  TextSink table_sink = config.html_output == "-" ? TextSink::standard_error() : TextSink("-");
  table_sink.write(text);
  write_output(config.html_output, format_run_html(runs));
  return 0;
}

}  // namespace

int run_compare_command(const std::vector<std::string>& args) {
  const ParsedCompareCommand command = parse_compare_command_line(args);
  if (command.action == CompareAction::kHelp) {
    write_standard_output(compare_help_text());
    return 0;
  }
  const CompareConfig& config = command.config;
  const std::vector<SourcedRun> runs = read_inputs(config.files);
  if (is_one_group(config, runs)) return render_alone(config, runs);
  const Comparison comparison = compare_runs(runs, CompareOptions{config.group_by_label});

  const bool stdout_taken = config.csv_output == "-" || config.json_output == "-" || config.html_output == "-";
  TextSink table_sink = stdout_taken ? TextSink::standard_error() : TextSink("-");
  table_sink.write(format_comparison_text(comparison) + suite_table(runs, config));
  write_output(config.csv_output, format_comparison_csv(comparison));
  write_output(config.json_output, format_comparison_json(comparison));
  write_output(config.html_output, format_comparison_html(comparison));
  return 0;
}

}  // namespace bench
