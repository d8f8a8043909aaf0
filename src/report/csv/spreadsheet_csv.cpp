#include "report/csv/spreadsheet_csv.h"

#include <functional>
#include <unordered_set>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "report/csv/csv_field.h"
#include "report/csv/record_csv.h"
#include "report/csv/workload_columns.h"
#include "result/unrecorded_fields.h"
#include "result/metrics.h"
#include "result/result_keywords.h"
#include "result/run_fields.h"
#include "result/test_id.h"

namespace bench {
namespace {

std::string number(std::uint64_t n) { return fmt::format("{}", n); }
std::string flag(bool b) { return b ? "1" : "0"; }

// The run fields with a column, in column order.
const std::vector<const RunField*>& run_columns() {
  static const std::vector<const RunField*> columns = [] {
    std::vector<const RunField*> out;
    for (const RunField& field : run_fields()) {
      if (!field.csv_column.empty()) out.push_back(&field);
    }
    return out;
  }();
  return columns;
}

// ---- the test columns ----

// A test being read: the phase and its latency, whose cells are all empty or all set.
struct TestDraft {
  PhaseResult phase;
  std::string key;  // the test column's: a phase key, or a workload test's key (resolved by its workload cells)
  LatencySummary latency;
  int latency_cells = 0;
};

struct TestColumn {
  std::string_view name;
  bool latency;  // one of the latency group's columns
  std::string (*format)(const PhaseResult&);
  void (*parse)(std::string_view cell, TestDraft& test);  // nullptr: derived from other columns, not read
};

std::string seconds(std::chrono::nanoseconds d) { return format_fixed_point(d.count(), 9); }
std::string microseconds(std::uint64_t ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }
std::string decimal(std::optional<double> x, int digits) { return x ? fmt::format("{:.{}f}", *x, digits) : ""; }
std::string latency_cell(const PhaseResult& p, std::uint64_t LatencySummary::*field) {
  return p.latency ? microseconds(p.latency.value().*field) : "";
}

std::optional<double> ops_per_second(const PhaseResult& p) {
  if (p.elapsed.count() <= 0) return std::nullopt;
  return static_cast<double>(p.operations) / std::chrono::duration<double>(p.elapsed).count();
}
std::optional<double> kib_per_second(const PhaseResult& p) {
  if (test_work_unit(p) != WorkUnit::kBytes) return std::nullopt;
  const auto rate = rate_per_second(p);
  return rate ? std::optional(*rate / kKibPerSecond.bytes_per_second) : std::nullopt;
}

std::uint64_t to_u64(std::string_view cell) {
  const auto n = parse_unsigned(cell);
  if (!n) throw CellError{fmt::format("'{}' is not a whole number from 0 to {}", cell_for_message(cell), UINT64_MAX)};
  return *n;
}
std::uint32_t to_u32(std::string_view cell) {
  const auto n = parse_unsigned(cell);
  if (!n || *n > UINT32_MAX) {
    throw CellError{fmt::format("'{}' is not a whole number from 0 to {}", cell_for_message(cell), UINT32_MAX)};
  }
  return static_cast<std::uint32_t>(*n);
}
std::chrono::nanoseconds to_duration(std::string_view cell) {
  const auto ns = parse_fixed_point(cell, 9);
  if (!ns || *ns < 0) {
    throw CellError{fmt::format("'{}' is not a number of seconds from 0 to 9e9", cell_for_message(cell))};
  }
  return std::chrono::nanoseconds{*ns};
}
std::uint64_t to_ns(std::string_view cell) {
  const auto ns = parse_fixed_point(cell, 3);
  if (!ns || *ns < 0) {
    throw CellError{fmt::format("'{}' is not a number of microseconds from 0 to 9e15", cell_for_message(cell))};
  }
  return static_cast<std::uint64_t>(*ns);
}

using P = const PhaseResult&;
using C = std::string_view;
using T = TestDraft&;

// After the run columns, in this order.
const std::array<TestColumn, 19> kTestColumns = {{
    {"test", false, [](P p) { return test_key(test_id(p)); },
     [](C c, T t) {
       t.key = c;
       if (const auto id = phase_from_key(c)) t.phase.bonnie_test = *id;
     }},
    {"unit", false, [](P p) { return std::string(keyword(test_work_unit(p))); }, nullptr},
    {"operations", false, [](P p) { return number(p.operations); }, [](C c, T t) { t.phase.operations = to_u64(c); }},
    {"bytes", false, [](P p) { return number(p.bytes); }, [](C c, T t) { t.phase.bytes = to_u64(c); }},
    {"elapsed_sec", false, [](P p) { return seconds(p.elapsed); }, [](C c, T t) { t.phase.elapsed = to_duration(c); }},
    {"cpu_sec", false, [](P p) { return seconds(p.cpu); }, [](C c, T t) { t.phase.cpu = to_duration(c); }},
    {"cpu_percent", false, [](P p) { return decimal(cpu_percent(p), 2); }, nullptr},
    {"kib_per_sec", false, [](P p) { return decimal(kib_per_second(p), 3); }, nullptr},
    {"ops_per_sec", false, [](P p) { return decimal(ops_per_second(p), 3); }, nullptr},
    {"too_fast", false, [](P p) { return flag(too_fast(p)); }, nullptr},
    {"lat_count", true, [](P p) { return p.latency ? number(p.latency->count) : ""; },
     [](C c, T t) { t.latency.count = to_u64(c); }},
    {"lat_min_us", true, [](P p) { return latency_cell(p, &LatencySummary::min_ns); },
     [](C c, T t) { t.latency.min_ns = to_ns(c); }},
    {"lat_mean_us", true, [](P p) { return p.latency ? decimal(p.latency->mean_ns / 1000, 3) : ""; },
     [](C c, T t) { t.latency.mean_ns = static_cast<double>(to_ns(c)); }},
    {"lat_p50_us", true, [](P p) { return latency_cell(p, &LatencySummary::p50_ns); },
     [](C c, T t) { t.latency.p50_ns = to_ns(c); }},
    {"lat_p90_us", true, [](P p) { return latency_cell(p, &LatencySummary::p90_ns); },
     [](C c, T t) { t.latency.p90_ns = to_ns(c); }},
    {"lat_p99_us", true, [](P p) { return latency_cell(p, &LatencySummary::p99_ns); },
     [](C c, T t) { t.latency.p99_ns = to_ns(c); }},
    {"lat_p999_us", true, [](P p) { return latency_cell(p, &LatencySummary::p999_ns); },
     [](C c, T t) { t.latency.p999_ns = to_ns(c); }},
    {"lat_max_us", true, [](P p) { return latency_cell(p, &LatencySummary::max_ns); },
     [](C c, T t) { t.latency.max_ns = to_ns(c); }},
    {"workers", false, [](P p) { return number(p.workers); }, [](C c, T t) { t.phase.workers = to_u32(c); }},
}};

// ---- reading ----

[[noreturn]] void fail(const std::string& source, std::size_t line, const std::string& what) {
  throw std::runtime_error(fmt::format("{}:{}: {}", source, line, what));
}

// Where each column sits in the file's records: every run column, and the test columns that are read; the
// derived test columns and unknown columns are not read.
struct ColumnPlaces {
  std::vector<std::optional<std::size_t>> run;  // as run_columns(); nullopt: a setup column the file lacks
  UnrecordedFields unrecorded;                  // the setup columns the file lacks
  std::array<std::optional<std::size_t>, kTestColumns.size()> test;  // nullopt: a derived column the file lacks
  std::optional<WorkloadColumnPlaces> workload;                           // nullopt: no workload columns
};

ColumnPlaces place_columns(const CsvRecord& header, const std::string& source) {
  std::map<std::string_view, std::size_t> place_of;
  for (std::size_t i = 0; i < header.fields.size(); ++i) {
    const std::string& name = header.fields[i];
    if (!place_of.try_emplace(name, i).second) {
      fail(source, header.line, fmt::format("column '{}' appears twice", cell_for_message(name)));
    }
  }
  if (!place_of.contains("label") || !place_of.contains("test")) {
    fail(source, header.line, "not a bench++ spreadsheet CSV header (it has no 'label' and 'test' columns)");
  }
  const auto place = [&](std::string_view name, bool required) -> std::optional<std::size_t> {
    const auto it = place_of.find(name);
    if (it != place_of.end()) return it->second;
    if (required) fail(source, header.line, fmt::format("the header lacks the column '{}'", cell_for_message(name)));
    return std::nullopt;
  };
  ColumnPlaces places;
  // A setup column the file lacks was added after the file was written: not recorded (result/unrecorded_fields.h).
  // The label is what tells the file's format (report/result_file.h), so it is there.
  for (const RunField* field : run_columns()) {
    places.run.push_back(place(field->csv_column, false));
    if (!places.run.back()) UnrecordedFields::add(places.unrecorded.run, static_cast<std::size_t>(field - run_fields().data()));
  }
  for (std::size_t c = 0; c < kTestColumns.size(); ++c) {
    places.test[c] = place(kTestColumns[c].name, kTestColumns[c].parse != nullptr);
  }
  try {
    places.workload = place_workload_columns(place_of);
    if (places.workload) places.unrecorded.workload = places.workload->unrecorded;
  } catch (const std::runtime_error& e) {
    fail(source, header.line, e.what());
  }
  return places;
}

// The run columns of a record into `info`. The cells of a group that may be absent (-s 0, -n 0) are all empty
// (no group) or all set.
void read_run_cells(const CsvRecord& record, const ColumnPlaces& places, const std::string& source, RunInfo& info) {
  const auto& columns = run_columns();
  std::vector<std::optional<FieldValue>> values(columns.size());
  std::map<const FieldGroup<RunInfo>*, int> cells_set;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const RunField& field = *columns[c];
    if (!places.run[c]) continue;  // not recorded: the default stays
    const std::string& cell = record.fields[*places.run[c]];
    const bool may_be_absent = field.group != nullptr && field.group->present != nullptr;
    if (may_be_absent && cell.empty()) continue;
    try {
      values[c] = parse_record_cell(field.access.format, cell);
    } catch (const CellError& e) {
      fail(source, record.line, fmt::format("column {}: {}", field.csv_column, e.what));
    }
    if (may_be_absent) ++cells_set[field.group];
  }
  for (const auto& [group, set] : cells_set) {
    std::string names;
    int cells = 0;
    for (std::size_t f = 0; f < columns.size(); ++f) {
      const RunField* field = columns[f];
      if (field->group != group || !places.run[f]) continue;
      ++cells;
      names += (names.empty() ? "" : ", ") + std::string(field->csv_column);
    }
    if (set != cells) fail(source, record.line, fmt::format("the cells {} must be all empty or all set", names));
    group->make_present(info);
  }
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (!values[c]) continue;
    const std::string cell = record.fields[*places.run[c]];
    if (!columns[c]->access.set(info, std::move(*values[c]))) {
      fail(source, record.line, fmt::format("column {}: {} is not {}", columns[c]->csv_column, cell_for_message(cell),
                                            columns[c]->rule));
    }
  }
}

PhaseResult read_test_cells(const CsvRecord& record, const ColumnPlaces& places, const std::string& source,
                            RunSetup& setup) {
  TestDraft test;
  int latency_columns = 0;
  for (std::size_t c = 0; c < kTestColumns.size(); ++c) {
    const TestColumn& column = kTestColumns[c];
    if (column.parse == nullptr) continue;  // derived
    const std::string& cell = record.fields[*places.test[c]];
    if (column.latency) ++latency_columns;
    if (column.latency && cell.empty()) continue;
    try {
      column.parse(cell, test);
    } catch (const CellError& e) {
      fail(source, record.line, fmt::format("column {}: {}", column.name, e.what));
    }
    if (column.latency) ++test.latency_cells;
  }
  if (test.latency_cells != 0 && test.latency_cells != latency_columns) {
    std::string names;
    for (const TestColumn& column : kTestColumns) {
      if (column.latency) names += (names.empty() ? "" : ", ") + std::string(column.name);
    }
    fail(source, record.line, fmt::format("the cells {} must be all empty or all set", names));
  }
  if (test.latency_cells != 0) test.phase.latency = test.latency;
  if (places.workload) {
    try {
      test.phase.workload = read_workload_cells(record, *places.workload, setup);
    } catch (const std::runtime_error& e) {
      fail(source, record.line, e.what());
    }
  }
  if (test.phase.workload) {
    if (test_key(test_id(test.phase)) != test.key) {
      fail(source, record.line,
           fmt::format("column test: '{}' is not the key of the row's workload result ({})", cell_for_message(test.key),
                       test_key(test_id(test.phase))));
    }
  } else if (!phase_from_key(test.key)) {
    fail(source, record.line, fmt::format("column test: unknown test '{}'", cell_for_message(test.key)));
  }
  return test.phase;
}

// The first run column whose cell differs between the two runs, or nullptr.
const RunField* first_difference(const RunInfo& a, const RunInfo& b) {
  for (const RunField* field : run_columns()) {
    if (record_cell(*field, a) != record_cell(*field, b)) return field;
  }
  return nullptr;
}

// A further row of `run` (same label, run_index and start): its workload if new to the run, and its test.
void merge_row(RunResult& run, RunResult row, const std::string& source_name, std::size_t line) {
  for (const WorkloadSpec& spec : row.info.setup.workloads) {  // the row's workload, if new to the run
    const bool known = std::any_of(run.info.setup.workloads.begin(), run.info.setup.workloads.end(),
                                   [&](const WorkloadSpec& w) { return w.name == spec.name; });
    if (!known) run.info.setup.workloads.push_back(spec);
  }
  if (const RunField* field = first_difference(run.info, row.info)) {
    fail(source_name, line, fmt::format("column {} differs from an earlier row of the same run", field->csv_column));
  }
  if (find_test(run, test_id(row.phases.front())) != nullptr) {
    fail(source_name, line, fmt::format("test {} appears twice in one run", test_key(test_id(row.phases.front()))));
  }
  run.phases.push_back(std::move(row.phases.front()));
}


}  // namespace

std::string spreadsheet_csv_header() {
  std::string line;
  for (const RunField* field : run_columns()) {
    // The first name is quoted (RFC 4180 allows any field to be): gnumeric guesses the separator from the first
    // line that starts with a quote, a data row's before the header's, as the character after that quoted field.
    // Here that is ',' (before "run_index", or before a row's run index when its label is quoted). Without a quote
    // at the start of a line it used the first quoted field anywhere, and a quoted tag or directory followed by a
    // path ('/') made it split every row at '/' (tests/app/spreadsheet_import_test.cpp).
    line += line.empty() ? "\"" + std::string(field->csv_column) + "\"," : std::string(field->csv_column) + ',';
  }
  for (const TestColumn& column : kTestColumns) line += std::string(column.name) + ',';
  for (const std::string_view name : workload_column_names()) line += std::string(name) + ',';
  line.back() = '\n';
  return line;
}

std::string format_spreadsheet_csv_row(const RunInfo& info, const PhaseResult& phase) {
  std::vector<std::string> cells;
  for (const RunField* field : run_columns()) cells.push_back(record_cell(*field, info));
  for (const TestColumn& column : kTestColumns) cells.push_back(column.format(phase));
  for (std::string& cell : workload_cells(info.setup, phase)) cells.push_back(std::move(cell));
  return csv_record(cells);
}

void stream_spreadsheet_csv(const std::function<std::optional<CsvRecord>()>& next, const std::string& source_name,
                            const std::function<void(const CsvRecord&, const CsvRecord&)>& check_record,
                            const std::function<void(RunResult&&, const UnrecordedFields&)>& take) {
  const auto header = next();
  if (!header) fail(source_name, 1, "empty text: expected the spreadsheet CSV header");
  // A parsing step; on its error, a bonnie++ line further on (check_record throws for it) is the error given
  // instead, as a text checked whole first gives it (report/result_file.cpp): the rest is read record by record
  // for one.
  const auto parse = [&](const auto& step) {
    try {
      return step();
    } catch (const std::runtime_error&) {
      while (const auto record = next()) check_record(*header, *record);
      throw;
    }
  };
  const ColumnPlaces places = parse([&] { return place_columns(*header, source_name); });
  std::optional<RunResult> run;  // the run whose rows are being read
  std::unordered_set<std::uint64_t> finished;  // hashes of the keys of the runs handed over
  const auto key_hash = [](const RunInfo& info) {
    return std::hash<std::string>{}(fmt::format("{}\n{}\n{}", info.label, info.run_index, info.started_utc));
  };
  std::size_t last_line = header->line;
  while (const auto record = next()) {
    last_line = record->line;
    check_record(*header, *record);
    if (record->fields == header->fields) continue;
    RunResult row = parse([&] {
      if (record->fields.size() != header->fields.size()) {
        fail(source_name, record->line,
             fmt::format("{} fields where the header has {}", record->fields.size(), header->fields.size()));
      }
      RunResult cells;
      read_run_cells(*record, places, source_name, cells.info);
      cells.phases.push_back(read_test_cells(*record, places, source_name, cells.info.setup));
      return cells;
    });
    const bool same_run = run && run->info.label == row.info.label && run->info.run_index == row.info.run_index &&
                          run->info.started_utc == row.info.started_utc;
    if (same_run) {
      parse([&] { merge_row(*run, std::move(row), source_name, record->line); });
      continue;
    }
    if (run) {
      finished.insert(key_hash(run->info));
      take(std::move(*run), places.unrecorded);
    }
    if (finished.contains(key_hash(row.info))) {
      parse([&] {
        fail(source_name, record->line,
             fmt::format("a row of run {} (label '{}') after rows of another run: compare reads a run's rows "
                         "together, as bench++ writes them",
                         row.info.run_index, cell_for_message(row.info.label)));
      });
    }
    run = std::move(row);
  }
  if (!run) fail(source_name, last_line, "no result rows after the header");
  take(std::move(*run), places.unrecorded);
}

std::string SpreadsheetCsvWriter::render(const ResultsSoFar& results) const {
  std::string text;
  for (const RunResult& run : results.runs) {
    for (const PhaseResult& phase : run.phases) text += format_spreadsheet_csv_row(run.info, phase);
  }
  return text.empty() ? text : spreadsheet_csv_header() + text;
}

}  // namespace bench
