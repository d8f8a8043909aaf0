#pragma once
// Result files for `bench++ compare`: which of the three readable formats a text is in, and reading it.
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/fio/fio_json_reader.h"
#include "result/unrecorded_fields.h"
#include "result/run_result.h"

namespace bench {

enum class ResultFormat {
  kSpreadsheetCsv,  // report/csv/spreadsheet_csv.h
  kJson,            // report/json/json_report.h
  kBonnieCsv,       // report/bonnie/bonnie_csv_reader.h
  kFioJson,         // fio's JSON (json, json+): report/fio/fio_json_reader.h
};

struct ResultText {
  ResultFormat format = ResultFormat::kSpreadsheetCsv;
  std::vector<RunResult> runs;  // never empty
  // The setup fields the file does not record (a spreadsheet CSV or JSON report written before they existed); they
  // hold their defaults in `runs`. Empty for the other formats, whose readers say themselves what they lack.
  UnrecordedFields unrecorded;
};

// The format, from the first line that is not empty or a '#' comment (after a UTF-8 byte order mark):
// JSON when it starts with '{' (fio's JSON when it has "fio version"); bonnie++ CSV when it starts with "<digits>.<digits>," or "format_version,";
// spreadsheet CSV when it is a CSV header with "label" and "test" columns. nullopt for anything else.
std::optional<ResultFormat> detect_result_format(std::string_view text);

// Detects the format and reads the text. Throws std::runtime_error("<name>:<line>: <what is wrong>") on an
// empty text, an unknown format, lines of another format inside a spreadsheet CSV or a bonnie++ CSV file
// ("mixed formats"), and on everything the format's reader refuses.
// `make_spec` turns a fio job's options into its workload's spec (bench++ reads fio's options in cli/); without it
// a fio job's spec has its name alone. Throws InterruptedError when `interrupt` (the run's flag, run/interrupt.h)
// is set while it reads a JSON document (fio's or bench++'s) or a bonnie++ CSV.
ResultText parse_result_text(std::string_view text, const std::string& name, const FioSpecMaker& make_spec = {},
                             const std::atomic<int>* interrupt = nullptr);

// The path that names standard input.
inline constexpr std::string_view kStandardInputName = "-";

// Reads the file at `path` (standard input for "-", named "(standard input)" in errors; a device or FIFO until its
// end) for `bench++ compare`, handing each run to `take` with the file's format and unrecorded fields, and
// `make_spec` for fio's JSON (as parse_result_text). A spreadsheet CSV is streamed record by record
// (report/csv/spreadsheet_csv.h: stream_spreadsheet_csv), holding one record and one run: a record over 1 MiB or
// a text over 16 GiB is refused ("cannot read <path>: over 16384 MiB ..."); the other formats are documents, read
// whole under a 512 MiB bound (which applies while reading, so /dev/zero stops there) and parsed as
// parse_result_text parses them. Throws std::runtime_error ("cannot read <path>: <reason>") when the file cannot
// be opened or read, is a directory, or is over its bound, the errors of parse_result_text for its text, and
// InterruptedError as soon as `interrupt` (the run's flag, run/interrupt.h) is set: it is looked at when a stop
// signal interrupts the open or a read, before every read (64 KiB), every 64 KiB of a JSON document's parse and
// every line of a bonnie++ CSV, so a stop is seen within a fraction of a second, whatever the file's size.
void read_result_runs(const std::string& path, const FioSpecMaker& make_spec, const std::atomic<int>* interrupt,
                      const std::function<void(RunResult&&, ResultFormat, const UnrecordedFields&)>& take);

}  // namespace bench
