#include "report/spreadsheet_csv.h"

#include <array>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "report/csv_field.h"
#include "result/result_keywords.h"
#include "result/metrics.h"

namespace bench {
namespace {

// A cell that does not hold what its column needs; the reader adds source, line and column.
struct CellError {
  std::string what;
};

// A row being read: the run and test it describes, with the optional groups counted as they fill.
struct RowDraft {
  RunInfo info;
  PhaseResult phase;
  IoSpec io;
  FileSpec files;
  LatencySummary latency;
  int io_cells = 0, file_cells = 0, latency_cells = 0;
};

// Which part of the result a column belongs to. Cells of the optional parts (-s spec, -n spec, latency) are
// all empty or all set.
enum class Part { kRun, kRunIo, kRunFiles, kTest, kTestLatency };

struct Column {
  std::string_view name;
  Part part;
  std::string (*format)(const RunInfo&, const PhaseResult&);
  void (*parse)(std::string_view cell, RowDraft& row);  // nullptr: derived from other columns, not read
  bool optional = false;  // read when present; files written before the column existed lack it
};

// A cell's text for an error message: short, and without control characters.
std::string shown(std::string_view cell) {
  std::string out;
  for (const char c : cell.substr(0, 40)) out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  return cell.size() > 40 ? out + "..." : out;
}

std::string text(std::string_view s) { return quote_csv_field(s); }
std::string number(std::uint64_t n) { return fmt::format("{}", n); }
std::string flag(bool b) { return b ? "1" : "0"; }
std::string seconds(std::chrono::nanoseconds d) { return format_fixed_point(d.count(), 9); }
std::string microseconds(std::uint64_t ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }
std::string decimal(std::optional<double> x, int digits) { return x ? fmt::format("{:.{}f}", *x, digits) : ""; }

std::string io_cell(const RunInfo& info, std::uint64_t (*get)(const IoSpec&)) {
  return info.setup.io ? number(get(*info.setup.io)) : "";
}
std::string file_cell(const RunInfo& info, std::uint64_t (*get)(const FileSpec&)) {
  return info.setup.files ? number(get(*info.setup.files)) : "";
}
std::string latency_cell(const PhaseResult& p, std::uint64_t LatencySummary::*field) {
  return p.latency ? microseconds(p.latency.value().*field) : "";
}

std::optional<double> ops_per_second(const PhaseResult& p) {
  if (p.elapsed.count() <= 0) return std::nullopt;
  return static_cast<double>(p.operations) / std::chrono::duration<double>(p.elapsed).count();
}
std::optional<double> kib_per_second(const PhaseResult& p) {
  if (phase_work_unit(p.id) != WorkUnit::kBytes) return std::nullopt;
  const auto rate = rate_per_second(p);
  return rate ? std::optional(*rate / 1024) : std::nullopt;
}

std::uint64_t to_u64(std::string_view cell) {
  const auto n = parse_unsigned(cell);
  if (!n) throw CellError{fmt::format("'{}' is not a whole number from 0 to {}", shown(cell), UINT64_MAX)};
  return *n;
}
std::uint32_t to_u32(std::string_view cell) {
  const auto n = parse_unsigned(cell);
  if (!n || *n > UINT32_MAX) {
    throw CellError{fmt::format("'{}' is not a whole number from 0 to {}", shown(cell), UINT32_MAX)};
  }
  return static_cast<std::uint32_t>(*n);
}
std::uint32_t to_percent(std::string_view cell) {
  const auto n = parse_unsigned(cell);
  if (!n || *n > 100) throw CellError{fmt::format("'{}' is not a whole percent from 0 to 100", shown(cell))};
  return static_cast<std::uint32_t>(*n);
}
bool to_flag(std::string_view cell) {
  if (cell != "0" && cell != "1") throw CellError{fmt::format("'{}' is not 0 or 1", shown(cell))};
  return cell == "1";
}
std::chrono::nanoseconds to_duration(std::string_view cell) {
  const auto ns = parse_fixed_point(cell, 9);
  if (!ns || *ns < 0) throw CellError{fmt::format("'{}' is not a number of seconds from 0 to 9e9", shown(cell))};
  return std::chrono::nanoseconds{*ns};
}
std::uint64_t to_ns(std::string_view cell) {
  const auto ns = parse_fixed_point(cell, 3);
  if (!ns || *ns < 0) throw CellError{fmt::format("'{}' is not a number of microseconds from 0 to 9e15", shown(cell))};
  return static_cast<std::uint64_t>(*ns);
}
std::optional<Role> to_role(std::string_view cell) {
  if (cell.empty()) return std::nullopt;
  const auto role = enum_from_keyword<Role>(cell);
  if (!role) throw CellError{fmt::format("'{}' is not host, guest, unknown or empty", shown(cell))};
  return role;
}
template <typename Enum>
Enum to_keyword(std::string_view cell) {
  const auto value = enum_from_keyword<Enum>(cell);
  if (!value) throw CellError{fmt::format("'{}' is not one of {}", shown(cell), keyword_choices<Enum>())};
  return *value;
}

using I = const RunInfo&;
using P = const PhaseResult&;
using C = std::string_view;
using R = RowDraft&;

// The one list of columns: the header, the rows and the reader all follow it. A column added later is optional:
// the reader takes files without it (as role, hypervisor and container, added after the first files were written).
const std::array<Column, 50> kColumns = {{
    {"label", Part::kRun, [](I i, P) { return text(i.label); }, [](C c, R r) { r.info.label = c; }},
    {"run_index", Part::kRun, [](I i, P) { return number(i.run_index); },
     [](C c, R r) { r.info.run_index = to_u32(c); }},
    {"started_utc", Part::kRun, [](I i, P) { return text(i.started_utc); }, [](C c, R r) { r.info.started_utc = c; }},
    {"bench_version", Part::kRun, [](I i, P) { return text(i.version); }, [](C c, R r) { r.info.version = c; }},
    {"host_name", Part::kRun, [](I i, P) { return text(i.host_name); }, [](C c, R r) { r.info.host_name = c; }},
    {"kernel", Part::kRun, [](I i, P) { return text(i.kernel); }, [](C c, R r) { r.info.kernel = c; }},
    {"filesystem", Part::kRun, [](I i, P) { return text(i.filesystem); }, [](C c, R r) { r.info.filesystem = c; }},
    {"mount_options", Part::kRun, [](I i, P) { return text(i.mount_options); },
     [](C c, R r) { r.info.mount_options = c; }},
    {"directory", Part::kRun, [](I i, P) { return text(i.directory); }, [](C c, R r) { r.info.directory = c; }},
    {"concurrency", Part::kRun, [](I i, P) { return number(i.setup.concurrency); },
     [](C c, R r) { r.info.setup.concurrency = to_u32(c); }},
    {"seed", Part::kRun, [](I i, P) { return number(i.setup.seed); }, [](C c, R r) { r.info.setup.seed = to_u32(c); }},
    {"file_size_bytes", Part::kRunIo,
     [](I i, P) { return io_cell(i, [](const IoSpec& s) { return s.file_size_bytes; }); },
     [](C c, R r) { r.io.file_size_bytes = to_u64(c); }},
    {"io_chunk_bytes", Part::kRunIo,
     [](I i, P) { return io_cell(i, [](const IoSpec& s) { return std::uint64_t{s.chunk_bytes}; }); },
     [](C c, R r) { r.io.chunk_bytes = to_u32(c); }},
    {"seeks", Part::kRunIo, [](I i, P) { return io_cell(i, [](const IoSpec& s) { return std::uint64_t{s.seeks}; }); },
     [](C c, R r) { r.io.seeks = to_u32(c); }},
    {"seekers", Part::kRunIo,
     [](I i, P) { return io_cell(i, [](const IoSpec& s) { return std::uint64_t{s.seekers}; }); },
     [](C c, R r) { r.io.seekers = to_u32(c); }},
    {"seek_write_percent", Part::kRunIo,
     [](I i, P) { return io_cell(i, [](const IoSpec& s) { return std::uint64_t{s.seek_write_percent}; }); },
     [](C c, R r) { r.io.seek_write_percent = to_percent(c); }, true},
    {"per_char_bytes", Part::kRunIo,
     [](I i, P) { return io_cell(i, [](const IoSpec& s) { return s.per_char_bytes; }); },
     [](C c, R r) { r.io.per_char_bytes = to_u64(c); }},
    {"file_count", Part::kRunFiles,
     [](I i, P) { return file_cell(i, [](const FileSpec& s) { return s.file_count(); }); },
     [](C c, R r) {
       const std::uint64_t n = to_u64(c);
       if (n % 1024 != 0 || n / 1024 > UINT32_MAX) {
         throw CellError{fmt::format("{} is not a multiple of 1024 files", n)};
       }
       r.files.count_k = static_cast<std::uint32_t>(n / 1024);
     }},
    {"file_max_bytes", Part::kRunFiles,
     [](I i, P) { return file_cell(i, [](const FileSpec& s) { return s.max_size_bytes; }); },
     [](C c, R r) { r.files.max_size_bytes = to_u64(c); }},
    {"file_min_bytes", Part::kRunFiles,
     [](I i, P) { return file_cell(i, [](const FileSpec& s) { return s.min_size_bytes; }); },
     [](C c, R r) { r.files.min_size_bytes = to_u64(c); }},
    {"file_content", Part::kRunFiles,
     [](I i, P) { return i.setup.files ? std::string(keyword(i.setup.files->content)) : std::string(); },
     [](C c, R r) { r.files.content = to_keyword<FileContent>(c); }},
    {"file_dirs", Part::kRunFiles,
     [](I i, P) { return file_cell(i, [](const FileSpec& s) { return std::uint64_t{s.dirs}; }); },
     [](C c, R r) { r.files.dirs = to_u32(c); }},
    {"file_chunk_bytes", Part::kRunFiles,
     [](I i, P) { return file_cell(i, [](const FileSpec& s) { return std::uint64_t{s.chunk_bytes}; }); },
     [](C c, R r) { r.files.chunk_bytes = to_u32(c); }},
    {"cache", Part::kRun, [](I i, P) { return std::string(keyword(i.setup.cache)); },
     [](C c, R r) { r.info.setup.cache = to_keyword<CacheMode>(c); }},
    {"data", Part::kRun, [](I i, P) { return std::string(keyword(i.setup.data)); },
     [](C c, R r) { r.info.setup.data = to_keyword<DataPattern>(c); }},
    {"direct_io", Part::kRun, [](I i, P) { return flag(i.setup.direct_io); },
     [](C c, R r) { r.info.setup.direct_io = to_flag(c); }},
    {"fsync_each", Part::kRun, [](I i, P) { return flag(i.setup.fsync_each); },
     [](C c, R r) { r.info.setup.fsync_each = to_flag(c); }},
    {"verify", Part::kRun, [](I i, P) { return flag(i.setup.verify); }, [](C c, R r) { r.info.setup.verify = to_flag(c); }, true},
    {"role", Part::kRun, [](I i, P) { return i.role ? std::string(keyword(*i.role)) : std::string(); }, [](C c, R r) { r.info.role = to_role(c); }, true},
    {"hypervisor", Part::kRun, [](I i, P) { return text(i.hypervisor); }, [](C c, R r) { r.info.hypervisor = c; },
     true},
    {"container", Part::kRun, [](I i, P) { return text(i.container); }, [](C c, R r) { r.info.container = c; },
     true},
    {"test", Part::kTest, [](I, P p) { return std::string(phase_key(p.id)); },
     [](C c, R r) {
       const auto id = phase_from_key(c);
       if (!id) throw CellError{fmt::format("unknown test '{}'", shown(c))};
       r.phase.id = *id;
     }},
    {"unit", Part::kTest, [](I, P p) { return std::string(keyword(phase_work_unit(p.id))); }, nullptr},
    {"operations", Part::kTest, [](I, P p) { return number(p.operations); },
     [](C c, R r) { r.phase.operations = to_u64(c); }},
    {"bytes", Part::kTest, [](I, P p) { return number(p.bytes); }, [](C c, R r) { r.phase.bytes = to_u64(c); }},
    {"elapsed_sec", Part::kTest, [](I, P p) { return seconds(p.elapsed); },
     [](C c, R r) { r.phase.elapsed = to_duration(c); }},
    {"cpu_sec", Part::kTest, [](I, P p) { return seconds(p.cpu); }, [](C c, R r) { r.phase.cpu = to_duration(c); }},
    {"cpu_percent", Part::kTest, [](I, P p) { return decimal(cpu_percent(p), 2); }, nullptr},
    {"kib_per_sec", Part::kTest, [](I, P p) { return decimal(kib_per_second(p), 3); }, nullptr},
    {"ops_per_sec", Part::kTest, [](I, P p) { return decimal(ops_per_second(p), 3); }, nullptr},
    {"too_fast", Part::kTest, [](I, P p) { return flag(too_fast(p)); }, nullptr},
    {"lat_count", Part::kTestLatency, [](I, P p) { return p.latency ? number(p.latency->count) : ""; },
     [](C c, R r) { r.latency.count = to_u64(c); }},
    {"lat_min_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::min_ns); },
     [](C c, R r) { r.latency.min_ns = to_ns(c); }},
    {"lat_mean_us", Part::kTestLatency,
     [](I, P p) { return p.latency ? decimal(p.latency->mean_ns / 1000, 3) : ""; },
     [](C c, R r) { r.latency.mean_ns = static_cast<double>(to_ns(c)); }},
    {"lat_p50_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::p50_ns); },
     [](C c, R r) { r.latency.p50_ns = to_ns(c); }},
    {"lat_p90_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::p90_ns); },
     [](C c, R r) { r.latency.p90_ns = to_ns(c); }},
    {"lat_p99_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::p99_ns); },
     [](C c, R r) { r.latency.p99_ns = to_ns(c); }},
    {"lat_p999_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::p999_ns); },
     [](C c, R r) { r.latency.p999_ns = to_ns(c); }},
    {"lat_max_us", Part::kTestLatency, [](I, P p) { return latency_cell(p, &LatencySummary::max_ns); },
     [](C c, R r) { r.latency.max_ns = to_ns(c); }},
    {"workers", Part::kTest, [](I, P p) { return number(p.workers); }, [](C c, R r) { r.phase.workers = to_u32(c); }},
}};

bool is_run_part(Part part) { return part == Part::kRun || part == Part::kRunIo || part == Part::kRunFiles; }

[[noreturn]] void fail(const std::string& source, std::size_t line, const std::string& what) {
  throw std::runtime_error(fmt::format("{}:{}: {}", source, line, what));
}

// Where each column of kColumns sits in the file's records; nullopt for columns the file lacks.
using ColumnPlaces = std::array<std::optional<std::size_t>, kColumns.size()>;

ColumnPlaces place_columns(const CsvRecord& header, const std::string& source) {
  ColumnPlaces places;
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < header.fields.size(); ++i) {
    const std::string& name = header.fields[i];
    if (!seen.insert(name).second) fail(source, header.line, fmt::format("column '{}' appears twice", shown(name)));
    for (std::size_t c = 0; c < kColumns.size(); ++c) {
      if (kColumns[c].name == name) places[c] = i;
    }
  }
  if (!seen.contains("label") || !seen.contains("test")) {
    fail(source, header.line, "not a bench++ spreadsheet CSV header (it has no 'label' and 'test' columns)");
  }
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    if (kColumns[c].parse != nullptr && !kColumns[c].optional && !places[c]) {
      fail(source, header.line, fmt::format("the header lacks the column '{}'", kColumns[c].name));
    }
  }
  return places;
}

// All cells of an optional part empty (nullopt), or all set (of the part's columns the file has).
template <typename T>
std::optional<T> finish_part(const T& value, int cells_set, Part part, const CsvRecord& record,
                             const ColumnPlaces& places, const std::string& source) {
  int cells = 0;
  std::string names;
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    const Column& column = kColumns[c];
    if (column.part != part || column.parse == nullptr || !places[c]) continue;
    ++cells;
    names += (names.empty() ? "" : ", ") + std::string(column.name);
  }
  if (cells_set == 0) return std::nullopt;
  if (cells_set != cells) fail(source, record.line, fmt::format("the cells {} must be all empty or all set", names));
  return value;
}

RunResult read_row(const CsvRecord& record, const ColumnPlaces& places, const std::string& source) {
  RowDraft row;
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    const Column& column = kColumns[c];
    if (column.parse == nullptr || !places[c]) continue;  // derived, or an optional column the file lacks
    const std::string& cell = record.fields[*places[c]];
    int* counter = column.part == Part::kRunIo         ? &row.io_cells
                   : column.part == Part::kRunFiles    ? &row.file_cells
                   : column.part == Part::kTestLatency ? &row.latency_cells
                                                       : nullptr;
    if (counter != nullptr && cell.empty()) continue;
    try {
      column.parse(cell, row);
    } catch (const CellError& e) {
      fail(source, record.line, fmt::format("column {}: {}", column.name, e.what));
    }
    if (counter != nullptr) ++*counter;
  }
  row.info.setup.io = finish_part(row.io, row.io_cells, Part::kRunIo, record, places, source);
  row.info.setup.files = finish_part(row.files, row.file_cells, Part::kRunFiles, record, places, source);
  row.phase.latency = finish_part(row.latency, row.latency_cells, Part::kTestLatency, record, places, source);
  return RunResult{row.info, {row.phase}};
}

// The first run-metadata column whose cell differs between the two runs, or nullptr.
const Column* first_difference(const RunInfo& a, const RunInfo& b) {
  const PhaseResult none;
  for (const auto& column : kColumns) {
    if (is_run_part(column.part) && column.format(a, none) != column.format(b, none)) return &column;
  }
  return nullptr;
}

}  // namespace

std::string spreadsheet_csv_header() {
  std::string line;
  for (const auto& column : kColumns) {
    if (!line.empty()) line += ',';
    line += column.name;
  }
  return line + '\n';
}

std::string format_spreadsheet_csv_row(const RunInfo& info, const PhaseResult& phase) {
  std::string line;
  for (std::size_t c = 0; c < kColumns.size(); ++c) {
    if (c > 0) line += ',';
    line += kColumns[c].format(info, phase);
  }
  return line + '\n';
}

std::vector<RunResult> read_spreadsheet_csv(std::string_view text, const std::string& source_name) {
  CsvSplitter splitter(text, source_name);
  const auto header = splitter.next();
  if (!header) fail(source_name, 1, "empty text: expected the spreadsheet CSV header");
  const ColumnPlaces places = place_columns(*header, source_name);

  std::vector<RunResult> runs;
  std::map<std::tuple<std::string, std::uint32_t, std::string>, std::size_t> run_of_key;
  std::size_t last_line = header->line;
  while (const auto record = splitter.next()) {
    last_line = record->line;
    if (record->fields == header->fields) continue;
    if (record->fields.size() != header->fields.size()) {
      fail(source_name, record->line,
           fmt::format("{} fields where the header has {}", record->fields.size(), header->fields.size()));
    }
    RunResult row = read_row(*record, places, source_name);
    const auto key = std::make_tuple(row.info.label, row.info.run_index, row.info.started_utc);
    const auto [found, inserted] = run_of_key.try_emplace(key, runs.size());
    if (inserted) {
      runs.push_back(std::move(row));
      continue;
    }
    RunResult& run = runs[found->second];
    if (const Column* column = first_difference(run.info, row.info)) {
      fail(source_name, record->line,
           fmt::format("column {} differs from an earlier row of the same run", column->name));
    }
    if (run.find(row.phases.front().id) != nullptr) {
      fail(source_name, record->line,
           fmt::format("test {} appears twice in one run", phase_key(row.phases.front().id)));
    }
    run.phases.push_back(row.phases.front());
  }
  if (runs.empty()) fail(source_name, last_line, "no result rows after the header");
  return runs;
}

}  // namespace bench
