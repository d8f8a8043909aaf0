#include "report/bonnie/bonnie_csv_reader.h"

#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "report/bonnie/bonnie_csv.h"
#include "report/bonnie/bonnie_format.h"
#include "report/csv/csv_field.h"
#include "result/errors.h"
#include "text/split.h"

namespace bench {
namespace {

// bonnie++ 1.96 and 1.97 wrote 48 fields: the 1.98 line without seeks and seekers (fields 7 and 8).
constexpr std::size_t kOldFormatFieldCount = 48;
constexpr std::size_t kOldFormatMissingAt = 7;

// What a field does not hold; the reader adds source, line and field.
struct FieldError {
  std::string what;
};


std::uint64_t to_count(std::string_view field) {
  const auto n = parse_unsigned(field);
  if (!n) throw FieldError{fmt::format("'{}' is not a whole number", cell_for_message(field))};
  return *n;
}

std::uint32_t to_u32(std::string_view field) {
  const std::uint64_t n = to_count(field);
  if (n > UINT32_MAX) throw FieldError{fmt::format("{} is above {}", n, UINT32_MAX)};
  return static_cast<std::uint32_t>(n);
}

// A non-negative decimal ("491135", "795.4"), exact to 1e-6.
double to_rate(std::string_view field) {
  const auto micro = parse_fixed_point(field, 6);
  if (!micro || *micro < 0) {
    throw FieldError{fmt::format("'{}' is not a rate (a number or +++++)", cell_for_message(field))};
  }
  return static_cast<double>(*micro) / 1e6;
}

// "16M", "4G", "8k", "1536k", "256": bonnie++'s print_size with its unit letters (either case).
std::uint64_t to_size(std::string_view field) {
  std::uint64_t multiplier = 1;
  std::string_view digits = field;
  if (!field.empty()) {
    switch (field.back()) {
      case 'k': case 'K': multiplier = std::uint64_t{1} << 10; break;
      case 'm': case 'M': multiplier = std::uint64_t{1} << 20; break;
      case 'g': case 'G': multiplier = std::uint64_t{1} << 30; break;
      case 't': case 'T': multiplier = std::uint64_t{1} << 40; break;
      default: break;
    }
    if (multiplier != 1) digits.remove_suffix(1);
  }
  const auto n = parse_unsigned(digits);
  if (!n || *n > UINT64_MAX / multiplier) {
    throw FieldError{fmt::format("'{}' is not a size (a number with an optional k, M, G or T)",
                                 cell_for_message(field))};
  }
  return *n * multiplier;
}

// "36467us", "947ms", "12s" -> nanoseconds.
std::uint64_t to_latency_ns(std::string_view field) {
  std::uint64_t unit_ns = 0;
  std::string_view digits = field;
  for (const auto& [suffix, ns] : {std::pair<std::string_view, std::uint64_t>{"us", 1'000},
                                   {"ms", 1'000'000}, {"s", 1'000'000'000}}) {
    if (field.ends_with(suffix)) {
      unit_ns = ns;
      digits.remove_suffix(suffix.size());
      break;
    }
  }
  const auto n = unit_ns == 0 ? std::nullopt : parse_unsigned(digits);
  if (!n || *n > UINT64_MAX / unit_ns) {
    throw FieldError{fmt::format("'{}' is not a latency (a whole number followed by us, ms or s)",
                                 cell_for_message(field))};
  }
  return *n * unit_ns;
}

class LineReader {
 public:
  // `fields` in the 1.98 layout; old_format: the line was 1.96/1.97 (two fields shorter), so that errors
  // name the field as the user's line numbers it.
  LineReader(std::span<const std::string_view> fields, std::string_view source, std::size_t line, bool old_format)
      : fields_(fields), source_(source), line_(line), old_format_(old_format) {}

  [[noreturn]] void fail(std::size_t index, const std::string& what) const {
    const std::size_t in_line = old_format_ && index >= kOldFormatMissingAt + 2 ? index - 2 : index;
    throw std::runtime_error(
        fmt::format("{}:{}: field {} ({}): {}", source_, line_, in_line, kBonnieCsvFieldNames.at(index), what));
  }

  std::string_view operator[](std::size_t index) const { return fields_[index]; }

  template <typename Parse>
  auto parse(std::size_t index, Parse parse_field) const {
    try {
      return parse_field(fields_[index]);
    } catch (const FieldError& e) {
      fail(index, e.what);
    }
  }

  // The phase at (rate, rate + 1, latency), or nullopt when it did not run.
  std::optional<PhaseResult> phase(PhaseId id, std::size_t rate_index, std::size_t latency_index) const {
    const std::string_view rate = fields_[rate_index];
    const std::string_view cpu = fields_[rate_index + 1];
    const std::string_view latency = fields_[latency_index];
    if (rate.empty() && cpu.empty() && latency.empty()) return std::nullopt;
    if (rate.empty()) fail(rate_index, "empty, while the %CPU or latency of this test is set");
    if (cpu.empty()) fail(rate_index + 1, "empty, while the rate of this test is set");
    PhaseResult phase;
    phase.bonnie_test = id;
    if (!latency.empty()) {
      LatencySummary summary;
      summary.max_ns = parse(latency_index, to_latency_ns);
      phase.latency = summary;
    }
    if (rate == kBonnieTooFastRate) {
      if (cpu != kBonnieTooFastCpu && cpu != kBonnieTooFastRate) fail(rate_index + 1, "expected +++ after +++++");
      return phase;
    }
    const double per_second = parse(rate_index, to_rate);
    const std::uint64_t cpu_percent = parse(rate_index + 1, to_count);
    constexpr double kSeconds = static_cast<double>(kBonnieLineElapsed.count());
    phase.elapsed = kBonnieLineElapsed;
    phase.cpu = std::chrono::duration_cast<std::chrono::nanoseconds>(kBonnieLineElapsed) * cpu_percent / 100;
    if (phase_work_unit(id) == WorkUnit::kBytes) {
      phase.bytes = static_cast<std::uint64_t>(std::llround(per_second * 1024 * kSeconds));
    } else {
      phase.operations = static_cast<std::uint64_t>(std::llround(per_second * kSeconds));
    }
    return phase;
  }

  void add_phases(std::span<const PhaseId> ids, std::size_t rates_at, std::size_t latency_at, RunResult& run) const {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (auto p = phase(ids[i], rates_at + 2 * i, latency_at + i)) run.phases.push_back(*p);
    }
  }

 private:
  std::span<const std::string_view> fields_;
  std::string_view source_;
  std::size_t line_;
  bool old_format_;
};

IoSpec read_io_spec(const LineReader& in) {
  IoSpec io;
  io.file_size_bytes = in.parse(kBonnieFileSizeField, to_size);
  if (!in[kBonnieFileSizeField + 1].empty()) {
    io.chunk_bytes = static_cast<std::uint32_t>(std::min<std::uint64_t>(in.parse(kBonnieFileSizeField + 1, to_size),
                                                                         UINT32_MAX));
  }
  if (!in[kBonnieFileSizeField + 2].empty()) io.seeks = in.parse(kBonnieFileSizeField + 2, to_u32);
  if (!in[kBonnieFileSizeField + 3].empty()) io.seekers = in.parse(kBonnieFileSizeField + 3, to_u32);
  // Per-char tests: bonnie++ runs them on 3 MiB; an empty rate field means they were skipped (-f).
  if (in[kBonnieIoRatesField].empty() && in[kBonnieIoRatesField + 6].empty()) io.per_char_bytes = 0;
  return io;
}

FileSpec read_file_spec(const LineReader& in, bool written_by_bench) {
  FileSpec files;
  files.count_k = in.parse(kBonnieNumFilesField, to_u32);
  const std::string_view max = in[kBonnieNumFilesField + 1];
  if (max == "link") {
    files.content = FileContent::kHardLink;
  } else if (max == "symlink") {
    files.content = FileContent::kSymLink;
  } else if (!max.empty()) {
    files.max_size_bytes = in.parse(kBonnieNumFilesField + 1, to_count);
    if (!in[kBonnieNumFilesField + 2].empty()) files.min_size_bytes = in.parse(kBonnieNumFilesField + 2, to_count);
  }
  // bench++ writes the directory count in field 24 and the chunk size in 25; bonnie++ 2.00a the count in 25.
  const std::size_t dirs_field = written_by_bench ? kBonnieNumFilesField + 3 : kBonnieNumFilesField + 4;
  if (!in[dirs_field].empty()) files.dirs = in.parse(dirs_field, to_u32);
  if (written_by_bench && !in[kBonnieNumFilesField + 4].empty()) {
    files.chunk_bytes = static_cast<std::uint32_t>(std::min<std::uint64_t>(in.parse(kBonnieNumFilesField + 4, to_size),
                                                                            UINT32_MAX));
  }
  return files;
}

// What a line that is not a 1.98 line looks like, for the error message.
std::string describe_foreign_line(std::string_view line) {
  if (line.starts_with('{') || line.starts_with('[')) return "a JSON document";
  if (line.find("label") != std::string_view::npos && line.find("test") != std::string_view::npos) {
    return "a bench++ spreadsheet CSV header";
  }
  return fmt::format("'{}'", cell_for_message(line));
}

bool is_old_format_tag(std::string_view tag) { return tag == "1.96" || tag == "1.97"; }

RunResult read_line(std::string_view line, std::string_view source, std::size_t line_number) {
  std::vector<std::string_view> fields = split(line, ',');
  const bool old_format = is_old_format_tag(fields.front());
  if (fields.front() != kBonnieCsvFormatTag && !old_format) {
    throw std::runtime_error(fmt::format("{}:{}: expected a bonnie++ CSV line starting with '{},' (or 1.96/1.97), "
                                         "found {}",
                                         source, line_number, kBonnieCsvFormatTag, describe_foreign_line(line)));
  }
  const std::size_t expected_fields = old_format ? kOldFormatFieldCount : kBonnieCsvFieldCount;
  if (fields.size() != expected_fields) {
    throw std::runtime_error(fmt::format("{}:{}: expected {} fields for format {}, found {}", source, line_number,
                                         expected_fields, fields.front(), fields.size()));
  }
  // An old line gets empty seeks and seekers fields, so that it reads as a 1.98 line (the defaults apply).
  if (old_format) fields.insert(fields.begin() + kOldFormatMissingAt, 2, std::string_view());
  const LineReader in(fields, source, line_number, old_format);
  RunResult run;
  run.info.version = std::string(fields[1]);
  run.info.label = std::string(fields[2]);
  run.info.host_name = run.info.label;
  run.info.setup.concurrency = in.parse(3, to_u32);
  // bonnie++ -Z writes the random-number file's name here: no seed then.
  const std::uint64_t seed = parse_unsigned(fields[4]).value_or(0);
  run.info.setup.seed = seed <= UINT32_MAX ? static_cast<std::uint32_t>(seed) : 0;
  if (!fields[kBonnieFileSizeField].empty()) {
    run.info.setup.io = read_io_spec(in);
    in.add_phases(kBonnieIoPhases, kBonnieIoRatesField, kBonnieIoLatencyField, run);
  }
  if (!fields[kBonnieNumFilesField].empty()) {
    run.info.setup.files = read_file_spec(in, run.info.version.starts_with("bench++"));
    in.add_phases(kBonnieFilePhases, kBonnieFileRatesField, kBonnieFileLatencyField, run);
  }
  return run;
}

}  // namespace

std::vector<RunResult> read_bonnie_csv(std::string_view text, const std::string& source_name,
                                       const std::atomic<int>* interrupt) {
  std::vector<RunResult> runs;
  std::map<std::string, std::uint32_t> lines_of_name;
  std::size_t line_number = 0;
  for_each_line(text, [&](std::string_view line) {
    ++line_number;
    if (interrupt != nullptr && interrupt->load() != 0) throw InterruptedError(interrupt->load());
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line_number == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
    if (line.find('\0') != std::string_view::npos) {
      throw std::runtime_error(fmt::format("{}:{}: NUL byte in the text", source_name, line_number));
    }
    if (line.empty() || line.starts_with('#') || line.starts_with("format_version,")) return;
    RunResult run = read_line(line, source_name, line_number);
    run.info.run_index = lines_of_name[run.info.label]++;
    runs.push_back(std::move(run));
  });
  if (runs.empty()) {
    throw std::runtime_error(fmt::format("{}:{}: no bonnie++ result line (a line starting with '{},')", source_name,
                                         std::max<std::size_t>(line_number, 1), kBonnieCsvFormatTag));
  }
  return runs;
}

}  // namespace bench
