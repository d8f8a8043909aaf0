#include "app/compare_command.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

#include <fmt/format.h>

#include "app/document_output.h"
#include "app/output_table.h"
#include "app/text_sink.h"
#include "cli/compare_options.h"
#include "cli/fio_job_file.h"
#include "compare/compare_runs.h"
#include "compare/run_grouping.h"
#include "platform/system_info.h"
#include "report/result_file.h"
#include "report/text/comparison_text.h"
#include "report/text/host_view_text.h"
#include "report/text/run_text.h"
#include "report/text/suite_tables.h"
#include "result/errors.h"
#include "run/interrupt.h"
#include "text/printable.h"

namespace bench {
namespace {

// This machine's name and memory, for a bonnie++ line's reads (compare/bonnie_cache_note.h); memory as bonnie++
// reckons it, the figure its own twice-the-memory rule uses.
LocalMachine local_machine() {
  const SystemFacts facts = read_system_facts();
  return LocalMachine{facts.host_name, facts.ram_mib << 20};
}

// The inputs read run by run and folded into the comparison's groups (compare/run_grouping.h: RunFolder). Runs
// are held whole only while something may still show them all: one input whose runs have one label so far (shown
// alone), or runs that are all of a suite so far (its table): the one case holds one file's runs, as before; a
// comparison of two files of a million rows holds none.
struct ReadInputs {
  explicit ReadInputs(const CompareConfig& config)
      : folder(CompareOptions{config.group_by_label, config.base, local_machine()}) {}
  RunFolder folder;
  std::vector<SourcedRun> held;
  std::optional<std::string> first_label;
  bool one_label = true;  // every run read has the first run's label
  bool all_suite = true;  // every run read is of a suite
  std::size_t runs = 0;
};

// Throws InterruptedError when a stop signal came: compare looks between its steps too, so that a stop during the
// comparison of a million workloads writes nothing.
void check_interrupt() {
  if (const int signal_number = interrupt_signal().load(); signal_number != 0) throw InterruptedError(signal_number);
}

void read_inputs(const CompareConfig& config, ReadInputs& inputs) {
  const std::vector<std::string>& files = config.files;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string shown_name = files[i] == kStandardInputName ? "stdin" : files[i];
    std::shared_ptr<const UnrecordedFields> unrecorded;
    bool first_of_file = true;
    read_result_runs(files[i], workload_of_recorded_options, &interrupt_signal(),
                     [&](RunResult&& run, ResultFormat format, const UnrecordedFields& fields) {
      check_interrupt();
      if (first_of_file && !fields.empty()) unrecorded = std::make_shared<const UnrecordedFields>(fields);
      first_of_file = false;
      const RunSource source = format == ResultFormat::kBonnieCsv ? RunSource::kBonnieLine : RunSource::kBenchResult;
      SourcedRun sourced{std::move(run), shown_name, i, source, unrecorded};
      if (!inputs.first_label) inputs.first_label = sourced.run.info.label;
      inputs.one_label = inputs.one_label && sourced.run.info.label == *inputs.first_label;
      inputs.all_suite = inputs.all_suite && !sourced.run.info.setup.suite.empty();
      ++inputs.runs;
      inputs.folder.add(sourced);
      const bool may_be_alone = files.size() == 1 && inputs.one_label;
      if (may_be_alone || inputs.all_suite) {
        inputs.held.push_back(std::move(sourced));
      } else {
        inputs.held.clear();
      }
    });
  }
}

// A file is replaced whole (app/document_output.h): a failed write never leaves a broken one in its place.
void write_output(const std::optional<std::string>& destination, const std::string& text) {
  if (!destination) return;
  DocumentOutput output(*destination, Growth::kReplaces);
  output.update(text);
  output.finish();
}

// The groups as the executors of the suites' own table (report/text/suite_tables.h), in the groups' order, the base
// first; none for other runs.
std::vector<Executor> suite_executors(const ReadInputs& inputs, const std::vector<RunGroup>& groups) {
  if (!inputs.all_suite || inputs.held.size() != inputs.runs) return {};
  std::vector<Executor> executors;
  for (const RunGroup& group : groups) executors.push_back(Executor{group.info.name, {}});
  for (const SourcedRun& run : inputs.held) {
    const std::size_t folded = inputs.folder.group_of(run);
    const auto found = std::find_if(groups.begin(), groups.end(),
                                    [&](const RunGroup& group) { return group.folded_index == folded; });
    executors[static_cast<std::size_t>(found - groups.begin())].runs.push_back(&run.run);
  }
  return executors;
}

// One input whose runs all have one label: nothing to compare them with, so they are shown alone.
bool is_one_group(const CompareConfig& config, const ReadInputs& inputs) {
  return config.files.size() == 1 && inputs.runs > 0 && inputs.one_label;
}

// "--csv and --json": the options of the rows `pick` picks, in the table's order.
template <typename Pick>
std::string option_names(Pick pick) {
  std::vector<std::string> names;
  for (const CompareOutputRow& row : compare_output_rows()) {
    if (pick(row)) names.push_back(fmt::format("--{}", row.name));
  }
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  }
  return text;
}

// The table goes to standard output, or to standard error when an output takes standard output: a terminal, most
// often, so every control byte a result file's names and labels may hold is escaped (text/printable.h), whichever
// part of the table shows it.
void write_table(const CompareConfig& config, std::string_view table) {
  const bool stdout_taken =
      std::any_of(config.outputs.begin(), config.outputs.end(), [](const auto& output) { return output.second == "-"; });
  (stdout_taken ? TextSink::standard_error() : TextSink("-")).write(printable_lines(table));
}

// The runs as bench++ printed them, and the outputs that show runs alone (--html: the run's own report); the
// others need a second group.
int render_alone(const CompareConfig& config, const std::vector<SourcedRun>& sourced) {
  for (const CompareOutputRow& row : compare_output_rows()) {
    if (row.render_alone == nullptr && config.output(row.name)) {
      throw UsageError(fmt::format("compare: {} need runs to compare, and every run of {} has the label '{}'; alone, a "
                                   "file shows as text and with {}",
                                   option_names([](const CompareOutputRow& r) { return r.render_alone == nullptr; }),
                                   config.files.front(), printable(sourced.front().run.info.label),
                                   option_names([](const CompareOutputRow& r) { return r.render_alone != nullptr; })));
    }
  }
  std::vector<RunResult> runs;
  std::string text;
  HostViewFold host_view;
  for (const SourcedRun& run : sourced) {
    runs.push_back(run.run);
    text += format_result_text(run.run);
    host_view.add(run.run);
  }
  // CrystalDiskMark's table, of the runs together, as bench++ printed it after them.
  if (runs.front().info.setup.suite == "cdm") text += format_repeat_summaries(runs);
  // A guest's runs: where their time went (compare/host_view_decomposition.h).
  if (!host_view.empty()) text += format_host_view_text({{sourced.front().run.info.label, host_view.result()}});
  check_interrupt();
  write_table(config, text);
  for (const CompareOutputRow& row : compare_output_rows()) {
    const std::optional<std::string> path = config.output(row.name);
    if (row.render_alone != nullptr && path) write_output(path, row.render_alone(runs));
  }
  return 0;
}

}  // namespace

namespace {

int compare(const CompareConfig& config) {
  ReadInputs inputs(config);
  read_inputs(config, inputs);
  check_interrupt();
  if (is_one_group(config, inputs)) return render_alone(config, inputs.held);
  const std::vector<RunGroup> groups = inputs.folder.groups();
  const Comparison comparison = compare_folded(inputs.folder);
  const std::vector<Executor> suite = suite_executors(inputs, groups);
  const std::string table = format_comparison_text(comparison) + format_suite_table(suite);
  check_interrupt();
  write_table(config, table);
  for (const CompareOutputRow& row : compare_output_rows()) {
    if (const std::optional<std::string> path = config.output(row.name)) write_output(path, row.render(comparison, suite));
  }
  return 0;
}

}  // namespace

int run_compare_command(const std::vector<std::string>& args) {
  const ParsedCompareCommand command = parse_compare_command_line(args);
  if (command.action == CompareAction::kHelp) {
    write_standard_output(compare_help_text());
    return 0;
  }
  // Errors quote what the files hold (a label, a name, a value): escaped for the terminal, as the table is.
  try {
    return compare(command.config);
  } catch (const InterruptedError&) {
    throw;
  } catch (const UsageError& error) {
    throw UsageError(printable(error.what()));
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(printable(error.what()));
  }
}

}  // namespace bench
