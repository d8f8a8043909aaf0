#pragma once
// The spreadsheet CSV's workload columns (report/csv/spreadsheet_csv.h), in the files of runs that have workloads
// (bench++ job, suite), after the test columns: the row's workload spec as result/workload_fields.h names its
// columns (workload, workload_rw, workload_bs, ...), then its result's own: direction (read|write|sync), job
// (empty: all jobs), engine (io_uring|sync: what ran it), engine_depth, engine_note, mean_depth (the requests in
// flight per job it kept), steady (1, 0, or empty without a verdict), steady_first_third and steady_last_third
// (requests per second), cpu_sec_per_million_requests (the CPU seconds bench++ spent per million requests of the
// workload; optional when read: files written before it lack it), error_code and error, then the spec columns added
// since (workload_bs_per_direction, ..., workload_cpus_allowed: new columns go only at the end). Rows of the other
// tests leave them empty. The per-second series and the histogram are only in the JSON report.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "report/csv/csv_field.h"
#include "result/run_result.h"

namespace bench {

// The column names, in order.
std::vector<std::string_view> workload_column_names();
// The row's workload cells, unquoted (csv_record quotes them); all empty for a test that is not a workload's.
// REQUIRES: a workload result's workload is in setup.workloads.
std::vector<std::string> workload_cells(const RunSetup& setup, const PhaseResult& result);

// Where the workload columns sit in a record; found from the header's columns (name -> index).
struct WorkloadColumnPlaces {
  // The spec's columns in workload_fields() order, then the result's own (direction ... steady_last_third); nullopt
  // for a spec column the file lacks (written before the field existed: the field reads as its default and is listed
  // in `unrecorded`).
  std::vector<std::optional<std::size_t>> places;
  std::vector<std::size_t> unrecorded;  // indices into workload_fields() of the spec columns the file lacks
  std::optional<std::size_t> cpu_cost;  // cpu_sec_per_million_requests; nullopt in a file without it
  std::optional<std::size_t> error_code;  // a failed job's error number (WorkloadPart::failure); nullopt: no column
  std::optional<std::size_t> error;       // ... and its message
};
// nullopt when the header has no "workload" column (a file of bonnie++-style runs). A missing spec column
// (result/workload_fields.h, but the name's "workload") is recorded as unrecorded; throws std::runtime_error naming
// the first missing result column (direction, job, engine, ...) when the header has "workload" but lacks one.
std::optional<WorkloadColumnPlaces> place_workload_columns(const std::map<std::string_view, std::size_t>& place_of);

// Reads a row's workload cells: nullopt when they are all empty (another test); else the result's part, with
// the spec added to `setup` (or checked against the one of that name already there). Throws
// std::runtime_error("column <name>: <what is wrong>") for a bad cell or a spec that disagrees with an earlier row.
std::optional<WorkloadPart> read_workload_cells(const CsvRecord& record, const WorkloadColumnPlaces& places,
                                                RunSetup& setup);

}  // namespace bench
