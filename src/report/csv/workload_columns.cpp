#include "report/csv/workload_columns.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "report/csv/record_csv.h"
#include "result/result_keywords.h"
#include "result/workload_fields.h"

namespace bench {
namespace {

// The part's columns, after the spec's.
constexpr std::array<std::string_view, 9> kPartColumns = {"direction",   "job",          "engine",
                                                          "engine_depth", "engine_note", "mean_depth",
                                                          "steady",      "steady_first_third", "steady_last_third"};

// The measurer's own cost (WorkloadPart::cpu_per_million_requests), last; a file written before it lacks it.
constexpr std::string_view kCpuCostColumn = "cpu_sec_per_million_requests";
// A failed job's error (WorkloadPart::failure): its number and message, empty for one that ran to its end; after
// the cost, and lacking in a file written before.
constexpr std::string_view kErrorCodeColumn = "error_code";
constexpr std::string_view kErrorColumn = "error";

// The spec columns that come before the result's own: those of the files written before the result's columns had
// any after them. Every spec column added since goes after the last result column (new columns only at the end).
constexpr std::string_view kLastSpecColumnBeforeResults = "workload_hipri";

// How many of workload_fields() have their columns before the result's own.
std::size_t spec_columns_before_results() {
  const auto fields = workload_fields();
  std::size_t count = 0;
  while (count < fields.size() && fields[count].csv_column != kLastSpecColumnBeforeResults) ++count;
  if (count == fields.size()) throw std::logic_error("workload_fields() lacks " + std::string(kLastSpecColumnBeforeResults));
  return count + 1;
}

// The column names in the reader's order: the spec's (in workload_fields() order), then the result's own.
std::vector<std::string_view> columns_by_field() {
  std::vector<std::string_view> names;
  for (const WorkloadField& field : workload_fields()) names.push_back(field.csv_column);
  names.insert(names.end(), kPartColumns.begin(), kPartColumns.end());
  names.push_back(kCpuCostColumn);
  names.push_back(kErrorCodeColumn);
  names.push_back(kErrorColumn);
  return names;
}

// The cells of `spec` in workload_fields() order.
std::vector<std::string> spec_cells(const WorkloadSpec& spec) {
  std::vector<std::string> cells;
  for (const WorkloadField& field : workload_fields()) cells.push_back(record_cell(field, spec));
  return cells;
}

// Puts `by_field` (the spec's cells or names, then the result's) in the file's column order: the spec's first
// ones, the result's, the spec's later ones.
template <typename T>
std::vector<T> in_file_order(std::vector<T> by_field) {
  const std::size_t first = spec_columns_before_results();
  const std::size_t spec = workload_fields().size();
  std::vector<T> ordered(std::make_move_iterator(by_field.begin()),
                         std::make_move_iterator(by_field.begin() + static_cast<std::ptrdiff_t>(first)));
  ordered.insert(ordered.end(), std::make_move_iterator(by_field.begin() + static_cast<std::ptrdiff_t>(spec)),
                 std::make_move_iterator(by_field.end()));
  ordered.insert(ordered.end(), std::make_move_iterator(by_field.begin() + static_cast<std::ptrdiff_t>(first)),
                 std::make_move_iterator(by_field.begin() + static_cast<std::ptrdiff_t>(spec)));
  return ordered;
}

const WorkloadSpec* find_spec(const RunSetup& setup, const std::string& name) {
  const auto found = std::find_if(setup.workloads.begin(), setup.workloads.end(),
                                  [&](const WorkloadSpec& spec) { return spec.name == name; });
  return found == setup.workloads.end() ? nullptr : &*found;
}

std::string decimal(double x) { return fmt::format("{:.3f}", x); }

[[noreturn]] void fail(std::string_view column, const std::string& what) {
  throw std::runtime_error(fmt::format("column {}: {}", column, what));
}

template <typename Enum>
Enum keyword_cell(std::string_view column, const std::string& cell) {
  const std::optional<Enum> value = enum_from_keyword<Enum>(cell);
  if (!value) fail(column, fmt::format("'{}' is not one of {}", cell_for_message(cell), keyword_choices<Enum>()));
  return *value;
}

double real_cell(std::string_view column, const std::string& cell) {
  const auto thousandths = parse_fixed_point(cell, 3);
  if (!thousandths || *thousandths < 0) fail(column, fmt::format("'{}' is not a number, 0 or more", cell_for_message(cell)));
  return static_cast<double>(*thousandths) / 1000;
}

// The text of the row's cell for `column` (WorkloadColumnPlaces' order: the spec's fields, then the part's
// columns); "" for a column the file lacks.
const std::string& cell_at(const CsvRecord& record, const WorkloadColumnPlaces& places, std::size_t column) {
  static const std::string kNoCell;
  const auto& place = places.places[column];
  return place ? record.fields.at(*place) : kNoCell;
}

// The spec a row's cells give; a field the file lacks keeps its default. Fails naming the column of a cell that
// is not a value of its field.
WorkloadSpec read_spec_cells(const CsvRecord& record, const WorkloadColumnPlaces& places) {
  const auto cell = [&](std::size_t column) -> const std::string& { return cell_at(record, places, column); };
  WorkloadSpec spec;
  const auto fields = workload_fields();
  for (std::size_t c = 0; c < fields.size(); ++c) {
    if (!places.places[c]) continue;  // not recorded: the default stays
    std::optional<FieldValue> value;
    try {
      value = parse_record_cell(fields[c].access.format, cell(c));
    } catch (const CellError& error) {
      fail(fields[c].csv_column, error.what);
    }
    if (value && !fields[c].access.set(spec, std::move(*value))) {
      fail(fields[c].csv_column, fmt::format("'{}' is not {}", cell_for_message(cell(c)), fields[c].rule));
    }
  }
  return spec;
}

// The first row of a workload adds its spec to the setup; every later row must repeat it (fails naming the first
// column that differs).
void add_or_match_spec(const WorkloadSpec& spec, RunSetup& setup) {
  const WorkloadSpec* earlier = find_spec(setup, spec.name);
  if (earlier == nullptr) {
    setup.workloads.push_back(spec);
    return;
  }
  for (const WorkloadField& field : workload_fields()) {
    if (record_cell(field, *earlier) != record_cell(field, spec)) {
      fail(field.csv_column, fmt::format("differs from an earlier row of workload '{}'", cell_for_message(spec.name)));
    }
  }
}

// The part of workload `name` a row's own columns give (kPartColumns, then the cost and the error when the file
// has them). Fails naming the column of a cell out of its range.
WorkloadPart read_part_cells(const CsvRecord& record, const WorkloadColumnPlaces& places, const std::string& name) {
  const std::size_t part = workload_fields().size();
  const auto cell = [&](std::size_t k) -> const std::string& { return cell_at(record, places, part + k); };
  WorkloadPart result;
  result.workload = name;
  result.direction = keyword_cell<IoDirection>(kPartColumns[0], cell(0));
  if (!cell(1).empty()) {
    const auto job = parse_unsigned(cell(1));
    if (!job || *job > UINT32_MAX) fail(kPartColumns[1], fmt::format("'{}' is not a job number", cell_for_message(cell(1))));
    result.job = static_cast<std::uint32_t>(*job);
  }
  result.engine = keyword_cell<EngineKind>(kPartColumns[2], cell(2));
  const auto depth = parse_unsigned(cell(3));
  if (!depth || *depth < 1 || *depth > kMaxIoDepth) {
    fail(kPartColumns[3], fmt::format("'{}' is not a depth from 1 to {}", cell_for_message(cell(3)), kMaxIoDepth));
  }
  result.engine_depth = static_cast<std::uint32_t>(*depth);
  result.engine_note = cell(4);
  result.mean_depth = real_cell(kPartColumns[5], cell(5));
  const std::string& steady = cell(6);
  if (!steady.empty()) {
    if (steady != "0" && steady != "1") fail(kPartColumns[6], fmt::format("'{}' is not 0, 1 or empty", cell_for_message(steady)));
    result.steady = SteadyState{real_cell(kPartColumns[7], cell(7)), real_cell(kPartColumns[8], cell(8)),
                                0, steady == "1"};
  }
  if (places.cpu_cost && !record.fields.at(*places.cpu_cost).empty()) {
    result.cpu_per_million_requests = real_cell(kCpuCostColumn, record.fields.at(*places.cpu_cost));
  }
  if (places.error_code && !record.fields.at(*places.error_code).empty()) {
    const std::string& code = record.fields.at(*places.error_code);
    const auto number = parse_unsigned(code);
    if (!number || *number == 0 || *number > INT32_MAX) {
      fail(kErrorCodeColumn, fmt::format("'{}' is not an error number, 1 or more", cell_for_message(code)));
    }
    result.failure = JobFailure{static_cast<int>(*number), places.error ? record.fields.at(*places.error) : ""};
  }
  return result;
}

}  // namespace

std::vector<std::string_view> workload_column_names() { return in_file_order(columns_by_field()); }

std::vector<std::string> workload_cells(const RunSetup& setup, const PhaseResult& result) {
  std::vector<std::string> cells;
  if (!result.workload) {
    cells.resize(workload_fields().size() + kPartColumns.size() + 3);
    return cells;
  }
  const WorkloadPart& part = *result.workload;
  const WorkloadSpec* spec = find_spec(setup, part.workload);
  if (spec == nullptr) throw std::logic_error("workload_cells: no spec named " + part.workload);
  cells = spec_cells(*spec);
  cells.emplace_back(keyword(part.direction));
  cells.push_back(part.job ? fmt::format("{}", *part.job) : "");
  cells.emplace_back(keyword(part.engine));
  cells.push_back(fmt::format("{}", part.engine_depth));
  cells.push_back(part.engine_note);
  cells.push_back(decimal(part.mean_depth));
  cells.push_back(part.steady ? (part.steady->steady ? "1" : "0") : "");
  cells.push_back(part.steady ? decimal(part.steady->first_third_mean) : "");
  cells.push_back(part.steady ? decimal(part.steady->last_third_mean) : "");
  cells.push_back(part.cpu_per_million_requests ? decimal(*part.cpu_per_million_requests) : "");
  cells.push_back(part.failure ? fmt::format("{}", part.failure->error) : "");
  cells.push_back(part.failure ? part.failure->message : "");
  return in_file_order(std::move(cells));
}

std::optional<WorkloadColumnPlaces> place_workload_columns(const std::map<std::string_view, std::size_t>& place_of) {
  if (!place_of.contains("workload")) return std::nullopt;
  WorkloadColumnPlaces places;
  const std::size_t spec_columns = workload_fields().size();
  const std::vector<std::string_view> names = columns_by_field();
  for (std::size_t c = 0; c < names.size(); ++c) {
    const auto found = place_of.find(names[c]);
    if (names[c] == kCpuCostColumn) {  // the later additions, last, optional
      if (found != place_of.end()) places.cpu_cost = found->second;
      continue;
    }
    if (names[c] == kErrorCodeColumn) {
      if (found != place_of.end()) places.error_code = found->second;
      continue;
    }
    if (names[c] == kErrorColumn) {
      if (found != place_of.end()) places.error = found->second;
      continue;
    }
    if (found != place_of.end()) {
      places.places.emplace_back(found->second);
      continue;
    }
    if (c >= spec_columns) throw std::runtime_error(fmt::format("the header lacks the column '{}'", names[c]));
    places.places.emplace_back(std::nullopt);  // a spec field newer than the file
    places.unrecorded.push_back(c);
  }
  return places;
}

std::optional<WorkloadPart> read_workload_cells(const CsvRecord& record, const WorkloadColumnPlaces& places,
                                                RunSetup& setup) {
  const bool all_empty = std::all_of(places.places.begin(), places.places.end(), [&](const auto& place) {
    return !place || record.fields.at(*place).empty();
  });
  if (all_empty) return std::nullopt;
  const WorkloadSpec spec = read_spec_cells(record, places);
  add_or_match_spec(spec, setup);
  return read_part_cells(record, places, spec.name);
}

}  // namespace bench
