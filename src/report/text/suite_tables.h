#pragma once
// The published tables the suites reproduce, from runs of those suites (RunSetup::suite), built once as a table
// (SuiteTable) that each output renders: as text here (the run's text, compare's text), as HTML in
// report/html/suite_table_html.h (the run's page, compare's page).
// - tart: Tart's host-vs-guest table, one row per workload and executor (a group of runs: host, a guest, a disk
//   setting) with its columns, B/W (read, write), I/O (read, write), latency (read, write, sync), but bandwidth in
//   true MB/s (10^6 bytes/s; Tart multiplies fio's KiB/s by 1000) and each latency's p99 beside its mean;
// - openstack: the bare-metal-versus-VM report's, one row per workload and executor: the workload's IOPS, MB/s
//   and latency mean (p99) in the direction it moves data;
// - cdm: CrystalDiskMark's, per executor each test's best run in MB/s (CrystalDiskMark's figure) beside the mean ±
//   standard deviation of the runs, and IOPS.
// A failed job (WorkloadPart::failure) shows no figures: tart's and openstack's cells say FAILED, with a line
// naming the executor, the workload and its error under the table; CrystalDiskMark's leaves the failed runs out of
// the best and the mean, says how many failed with the first one's error under the test's row, and FAILED where
// every run did.
#include <optional>
#include <string>
#include <vector>

#include "result/run_result.h"

namespace bench {

// A column of the tables: a named group of runs of one suite (repeats).
struct Executor {
  std::string name;
  std::vector<const RunResult*> runs;
};

struct SuiteTableColumn {
  std::string title;
  std::size_t width = 0;  // the text's: at least this many characters (a longer cell overflows it)
  bool left = false;      // aligned left in the text (else right)
  bool widens = false;    // the text's width is the widest cell's, the title's or `width`, whichever is widest
};

struct SuiteTableRow {
  std::vector<std::string> cells;  // the first cells.size() columns
  bool failed = false;             // a failed job's row (every run of it failed)
  std::string note;                // a line under the row ("" without)
};

// Rows under a heading (CrystalDiskMark's executor, "host (3 runs)"); one group with no heading for the others.
struct SuiteTableGroup {
  std::string heading;
  std::vector<SuiteTableRow> rows;
};

struct SuiteTable {
  std::string name;         // "Tart's table"
  std::string explanation;  // what follows the name on the text's first line, its punctuation first
  std::string separator;    // between the text's columns
  std::vector<SuiteTableColumn> columns;
  std::vector<SuiteTableGroup> groups;
  std::vector<std::string> notes;  // lines under the table
};

// The suite's table for these executors; nullopt unless every executor's runs are of one suite that has one.
std::optional<SuiteTable> suite_table(const std::vector<Executor>& executors);

// The table as text: a blank line, the name and explanation, then per group its heading and the column titles,
// its rows each with its note under it, and the notes.
std::string format_suite_table_text(const SuiteTable& table);

// format_suite_table_text of the suite's table; "" unless every executor's runs are of a suite with one.
std::string format_suite_table(const std::vector<Executor>& executors);

// Whether runs of `suite` have a table (print it).
bool suite_has_table(const std::string& suite);

}  // namespace bench
