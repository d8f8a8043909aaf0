#include "app/output_table.h"

#include <unistd.h>

#include <vector>

#include "report/bonnie/bonnie_csv.h"
#include "report/csv/comparison_csv.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/fio/fio_json.h"
#include "report/fio/fio_normal.h"
#include "report/fio/fio_stop_line.h"
#include "report/fio/fio_terse.h"
#include "report/html/comparison_html.h"
#include "report/html/run_html.h"
#include "report/json/comparison_json.h"
#include "report/json/json_report.h"
#include "report/text/run_text.h"

namespace bench {
namespace {

template <typename Writer, auto... Arguments>
std::unique_ptr<ResultWriter> plain(const Config& /*config*/) {
  return std::make_unique<Writer>(Arguments...);
}

std::unique_ptr<ResultWriter> run_text(const Config& config) { return std::make_unique<RunTextWriter>(config.repeats); }
std::unique_ptr<ResultWriter> bonnie_csv(const Config& config) {
  return std::make_unique<BonnieCsvWriter>(config.repeats_given);
}
std::unique_ptr<ResultWriter> fio_terse(const Config& config) {
  return std::make_unique<FioTerseWriter>(config.fio_output.terse_version);
}
std::unique_ptr<ResultWriter> fio_stop_line(const Config& /*config*/) {
  return std::make_unique<FioStopLineWriter>();
}
std::unique_ptr<ResultWriter> fio_normal(const Config& config) {
  // bench++'s text beside fio's lines, unless -q; never in fio's persona, whose normal output is fio's alone, and
  // whose header and "Laying out" lines are written as the jobs start, as fio's (app/run_outputs.h).
  const bool persona = config.persona == Persona::kFio;
  return std::make_unique<FioNormalWriter>(config.repeats, !config.quiet && !persona, persona);
}

// fio's status output (--status-interval) in each of its formats: what it prints of a run's results at its end,
// without the header normal output begins with (fio prints that once, as the jobs start).
std::string fio_terse_status(const RunResult& run, const Config& config) {
  return format_fio_terse(run, config.fio_output.terse_version);
}
template <FioJsonKind Kind>
std::string fio_json_status(const RunResult& run, const Config& /*config*/) {
  return format_fio_json({run}, Kind);
}
std::string fio_normal_status(const RunResult& run, const Config& /*config*/) {
  return format_fio_normal_stats(run, static_cast<int>(::getpid()));
}

using enum OutputAsked;
using enum OutputDestination;
using enum OutputWhen;
using enum Growth;

const std::vector<OutputRow> kRows = {
    // asked             name            writer                                        destination  growth     when
    //  then what it writes at --status-interval (render_status)
    {kFioPersona,       "stop line",    fio_stop_line,                                kFioOutput,  kAppends,  kEachRun,
     nullptr},
    {kFioFormat,        "terse",        fio_terse,                                    kFioOutput,  kAppends,  kEachRun,
     fio_terse_status},
    {kFioFormat,        "json",         plain<FioJsonWriter, FioJsonKind::kJson>,     kFioOutput,  kAppends,  kEnd,
     fio_json_status<FioJsonKind::kJson>},
    {kFioFormat,        "json+",        plain<FioJsonWriter, FioJsonKind::kJsonPlus>, kFioOutput,  kAppends,  kEnd,
     fio_json_status<FioJsonKind::kJsonPlus>},
    {kFioFormat,        "normal",       fio_normal,                                   kFioOutput,  kAppends,  kEachRun,
     fio_normal_status},
    {kAlways,           "text",         run_text,                                     kRunText,    kAppends,  kEachRun,
     nullptr},
    {kWithBonnieTests,  "bonnie++ CSV", bonnie_csv,                                   kFreeStdout, kAppends,  kEachRun,
     nullptr},
    {kResultFileOption, "csv",          plain<SpreadsheetCsvWriter>,                  kNamedFile,  kAppends,  kEachTest,
     nullptr},
    {kResultFileOption, "json",         plain<JsonReportWriter>,                      kNamedFile,  kReplaces, kEachTest,
     nullptr},
    {kResultFileOption, "html",         plain<RunHtmlWriter>,                         kNamedFile,  kReplaces, kEachTest,
     nullptr},
};

// A comparison's writer that has no place for a suite's table (its figures are the comparison's rows).
template <std::string (*format)(const Comparison&)>
std::string without_suite(const Comparison& comparison, const std::vector<Executor>&) {
  return format(comparison);
}

const std::vector<CompareOutputRow> kCompareRows = {
    // name   comparison              runs alone
    {"csv",   without_suite<format_comparison_csv>,  nullptr},
    {"json",  without_suite<format_comparison_json>, nullptr},
    {"html",  format_comparison_html, format_run_html},
};

}  // namespace

std::span<const OutputRow> output_rows() { return kRows; }

std::span<const CompareOutputRow> compare_output_rows() { return kCompareRows; }

}  // namespace bench
