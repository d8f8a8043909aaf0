#pragma once
// The one table of a run command's outputs (hyperfine's ExportType -> exporter): a row per output, saying how the
// user asks for it, which writer renders it (report/result_writer.h), where its documents go and when. Everything
// about the outputs is read from the rows: which are open (app/output_set.h), what takes standard output, what
// --dry-run probes, what the tests check against the options (tests/app/output_table_test.cpp).
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/config.h"
#include "compare/comparison.h"
#include "report/result_writer.h"
#include "report/text/suite_tables.h"

namespace bench {

// How the user asks for an output.
enum class OutputAsked {
  kResultFileOption,  // --NAME FILE, a shared option marked result_file (cli/shared_options.cpp): Config::result_files
  kFioFormat,         // fio's --output-format=NAME (cli/fio_run_options.h: fio_output_formats; --minimal is terse)
  kAlways,            // every run command
  kFioPersona,        // fio's persona: what fio writes on its output besides its formats (a stop signal's line)
  kWithBonnieTests,   // a run with bonnie++'s tests
};

// Where an output's documents go.
enum class OutputDestination {
  kNamedFile,   // the option's FILE, replaced whole (app/document_output.h); "-": standard output, as a stream
  kFioOutput,   // fio's --output FILE, replaced whole, else standard output: one destination for all of fio's
                // formats, each one's new part after the one above it in the table (fio 3.33's order: terse,
                // json, normal); with a format rendered only at the end (json), all of them at the end, as fio
                // writes its formats once every job is done
  kRunText,     // standard output; standard error with -q, when another output takes standard output, and with -x
                // when the run has bonnie++'s tests (stdout then carries bonnie++'s CSV lines, as bonnie++ -x's);
                // nowhere when fio's normal output carries the text (without -q), and nowhere in fio's persona
  kFreeStdout,  // standard output, unless another output takes it: then nowhere
};

// When an output is rendered (and its new part written). Every output is rendered once more at the end.
enum class OutputWhen { kEachTest, kEachRun, kEnd };

struct OutputRow {
  OutputAsked asked;
  std::string_view name;  // the option's or fio's format's name ("csv", "json+"); what the row is called
  std::unique_ptr<ResultWriter> (*make_writer)(const Config& config);
  OutputDestination destination;
  Growth growth;  // how its documents change (report/result_writer.h)
  OutputWhen when;
  // What it writes at each of fio's --status-interval (the results so far, a whole document of its format, as
  // fio's __show_running_run_stats), to its destination; nullptr: nothing (all but fio's formats).
  std::string (*render_status)(const RunResult& run_so_far, const Config& config);
};

// Every output, in the order they are rendered at each moment (so, on a stream they share, the order of their
// parts: fio's terse lines, its JSON, then its normal text; a run's text before bonnie++'s CSV line).
std::span<const OutputRow> output_rows();

// compare's outputs (bench++ compare --NAME FILE: cli/compare_options.h, compare_output_names), a row each: its
// writer of a comparison (report/: comparison_csv, comparison_json, comparison_html), and its writer of one input's
// runs shown alone (nullptr: it needs runs to compare). Each is written once, after the table, in the table's order,
// to its FILE replaced whole (app/document_output.h), or to standard output for "-" (the table then on stderr).
// `suite`: the groups as a suite table's executors (report/text/suite_tables.h), empty unless every run is a suite's.
struct CompareOutputRow {
  std::string_view name;
  std::string (*render)(const Comparison& comparison, const std::vector<Executor>& suite);
  std::string (*render_alone)(const std::vector<RunResult>& runs);
};
std::span<const CompareOutputRow> compare_output_rows();

// The result file --dry-run writes its plan to (report/json/plan_json.h), as JSON; it probes the others.
inline constexpr std::string_view kDryRunPlanFile = "json";

}  // namespace bench
