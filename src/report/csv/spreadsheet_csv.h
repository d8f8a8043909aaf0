#pragma once
// The spreadsheet CSV: a header row, then one row per (run, test), for spreadsheets, scripts and
// `bench++ compare`. RFC 4180 fields (report/csv/csv_field.h), records end in "\n".
//
// Columns (stable snake_case names; the unit is in the name; never renamed once released):
//   run:   one per field of result/run_fields.h that has a CSV name, named and ordered as there (man/bench++.1
//          lists them): when and where the run ran, and its setup, whose -s spec columns are all empty with -s 0
//          and -n spec columns all empty with -n 0. Text cells as they are, numbers in digits, flags 0|1,
//          keywords as result/result_keywords.h spells them (a role not recorded is empty);
//   test:  test (the phase key, e.g. block_write), unit (bytes|seeks|files|syncs), operations, bytes,
//          elapsed_sec and cpu_sec (nanosecond precision), cpu_percent (may exceed 100 with several workers),
//          kib_per_sec (bytes / 1024 / elapsed; bytes tests only, empty otherwise),
//          ops_per_sec (operations / elapsed, every test; for bytes tests the operations are system calls),
//          too_fast (1 when the test ran under 0.5 s; its numbers are given anyway),
//          lat_count, lat_min_us, lat_mean_us, lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us, lat_max_us
//          (microseconds with 3 decimals, i.e. exact nanoseconds; all empty when no latency was recorded),
//          workers (a workload result's test is "<workload>.<direction>", e.g. randrw-4k.read: see
//          result/test_id.h);
//   workload: the columns of a workload test's spec and part (report/csv/workload_columns.h), empty in the rows of
//          bonnie++'s tests (files of earlier bench++ versions had them only with workloads; read either way).
// Cells hold plain numbers (no "+++++", no unit suffixes); rates are empty when elapsed is zero. Text cells are
// written as they are (a label starting with '=' is a formula to some spreadsheets), but for lists of the kernel's
// (mount_options: FieldFormat::csv_spaced_list), whose commas become spaces: bench++'s own cells need no quotes, so
// `cut -d,` finds every column unless user text holds a comma. The header's first name is quoted ("label"), which
// makes gnumeric guess ',' as the separator (spreadsheet_csv.cpp says how); gnumeric and LibreOffice then open
// files of real runs with every field in its own cell (tests/app/spreadsheet_import_test.cpp).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/csv/csv_field.h"
#include "report/result_writer.h"
#include "result/unrecorded_fields.h"
#include "result/run_result.h"

namespace bench {

// The header row, ending in '\n': the run, test and workload columns (the last empty in rows of bonnie++'s tests).
std::string spreadsheet_csv_header();
// One data row for one test of one run, ending in '\n' (a newline inside a quoted label does not end it).
std::string format_spreadsheet_csv_row(const RunInfo& info, const PhaseResult& phase);

// --csv: the header and a row for each finished test of every run so far (the run under way too); "" before the
// first test.
class SpreadsheetCsvWriter final : public ResultWriter {
 public:
  std::string render(const ResultsSoFar& results) const override;
};

// Reads a spreadsheet CSV back into runs, for `bench++ compare`: `next` gives the records one at a time (the
// header first, then nullopt at the end), `check_record(header, record)` sees each record first (and may throw),
// and each run is handed to `take` with the file's unrecorded fields as soon as a row of another run follows it,
// or at the end. Memory grows with one run and a hash per run read, not with the text.
// Columns are found by header name: unknown columns are ignored (files from a later bench++ stay readable). A
// setup column (result/run_fields.h, result/workload_fields.h) the file lacks, as a file written before the field
// existed does, leaves the field at its default and is named in the unrecorded fields (result/unrecorded_fields.h),
// but the label, which names the format. Every result column is required but the derived ones (unit,
// cpu_percent, kib_per_sec, ops_per_sec, too_fast), which are not read. Rows are grouped into runs by (label,
// run_index, started_utc), phases in file order; a run's rows must follow each other (as bench++ writes them and
// `cat a.csv b.csv` keeps them). A row repeating the header (as `cat a.csv b.csv` makes) is skipped.
// Throws std::runtime_error("<source_name>:<line>: <what is wrong>") on: an empty text, a first row that is not
// a header, a missing required or duplicated column, a row with the wrong number of fields, a cell that is not
// the number, flag or keyword its column needs (numbers are range-checked), an unknown test key, a partly
// empty -s/-n/latency group, rows of one run that disagree on run metadata, a test twice in a run, a row of a run
// already handed over (naming that run), no data rows, and the CSV syntax errors of CsvSplitter (NUL byte,
// unterminated quote...).
void stream_spreadsheet_csv(const std::function<std::optional<CsvRecord>()>& next, const std::string& source_name,
                            const std::function<void(const CsvRecord&, const CsvRecord&)>& check_record,
                            const std::function<void(RunResult&&, const UnrecordedFields&)>& take);

}  // namespace bench
