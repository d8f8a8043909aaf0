#include "report/bonnie_csv.h"

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "report/bonnie_format.h"

namespace bench {
namespace {

constexpr std::string_view kFormatVersion = "1.98";

constexpr std::array<std::string_view, kBonnieCsvFieldCount> kFieldNames = {
    "format_version",     "bonnie_version",    "name",            "concurrency",      "seed",
    "file_size",          "io_chunk_size",     "seeks",           "seek_proc_count",  "putc",
    "putc_cpu",           "put_block",         "put_block_cpu",   "rewrite",          "rewrite_cpu",
    "getc",               "getc_cpu",          "get_block",       "get_block_cpu",    "seeks",
    "seeks_cpu",          "num_files",         "max_size",        "min_size",         "num_dirs",
    "file_chunk_size",    "seq_create",        "seq_create_cpu",  "seq_stat",         "seq_stat_cpu",
    "seq_del",            "seq_del_cpu",       "ran_create",      "ran_create_cpu",   "ran_stat",
    "ran_stat_cpu",       "ran_del",           "ran_del_cpu",     "putc_latency",     "put_block_latency",
    "rewrite_latency",    "getc_latency",      "get_block_latency", "seeks_latency",  "seq_create_latency",
    "seq_stat_latency",   "seq_del_latency",   "ran_create_latency", "ran_stat_latency", "ran_del_latency",
};

// Field indices (bonnie-reference §7).
constexpr std::size_t kFileSizeField = 5;
constexpr std::size_t kIoRatesField = 9;
constexpr std::size_t kNumFilesField = 21;
constexpr std::size_t kFileRatesField = 26;
constexpr std::size_t kIoLatencyField = 38;
constexpr std::size_t kFileLatencyField = 44;

using Fields = std::array<std::string, kBonnieCsvFieldCount>;

std::string csv_safe(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c == ',' || c == '\n' || c == '\r') c = '_';
  }
  return out;
}

std::string csv_rate(PhaseId id, double rate) {
  if (phase_work_unit(id) == WorkUnit::kSeeks) return format_bonnie_seek_rate(rate);
  return std::to_string(static_cast<std::int64_t>(rate));
}

// Rate and %CPU pairs from `rates_at`, latencies from `latency_at`, one per phase.
void put_phases(const RunResult& run, std::span<const PhaseId> phases, std::size_t rates_at,
                std::size_t latency_at, Fields& fields) {
  for (std::size_t i = 0; i < phases.size(); ++i) {
    const BonnieCell cell = make_bonnie_cell(run, phases[i]);
    std::string& rate = fields[rates_at + 2 * i];
    std::string& cpu = fields[rates_at + 2 * i + 1];
    if (cell.state == BonnieCell::State::kTooFast) {
      rate = kBonnieTooFastRate;
      cpu = kBonnieTooFastCpu;
    } else if (cell.state == BonnieCell::State::kMeasured) {
      rate = csv_rate(phases[i], cell.rate);
      cpu = std::to_string(cell.cpu_percent);
    }
    fields[latency_at + i] = cell.latency;
  }
}

void put_io(const RunResult& run, const IoSpec& io, Fields& fields) {
  fields[kFileSizeField] = format_bonnie_file_size(io.file_size_bytes);
  fields[kFileSizeField + 1] = format_bonnie_chunk_size(io.chunk_bytes);
  fields[kFileSizeField + 2] = std::to_string(io.seeks);
  fields[kFileSizeField + 3] = std::to_string(io.seekers);
  put_phases(run, kBonnieIoPhases, kIoRatesField, kIoLatencyField, fields);
}

void put_files(const RunResult& run, const FileSpec& files, Fields& fields) {
  fields[kNumFilesField] = std::to_string(files.count_k);
  switch (files.content) {
    case FileContent::kHardLink:
      fields[kNumFilesField + 1] = "link";
      break;
    case FileContent::kSymLink:
      fields[kNumFilesField + 1] = "symlink";
      break;
    case FileContent::kData:
      if (files.max_size_bytes != 0) {
        fields[kNumFilesField + 1] = std::to_string(files.max_size_bytes);
        fields[kNumFilesField + 2] = std::to_string(files.min_size_bytes);
        fields[kNumFilesField + 4] = format_bonnie_chunk_size(files.chunk_bytes);
      }
      break;
  }
  if (files.dirs > 1) fields[kNumFilesField + 3] = std::to_string(files.dirs);
  put_phases(run, kBonnieFilePhases, kFileRatesField, kFileLatencyField, fields);
}

std::string join_line(const auto& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) line += ',';
    line += fields[i];
  }
  return line + '\n';
}

}  // namespace

std::string format_bonnie_csv_line(const RunResult& run) {
  Fields fields;
  fields[0] = kFormatVersion;
  fields[1] = run.info.version.empty() ? "bench++" : "bench++-" + csv_safe(run.info.version);
  fields[2] = csv_safe(run.info.label);
  fields[3] = std::to_string(concurrent_workers(run.info));
  fields[4] = std::to_string(run.info.setup.seed);
  if (run.info.setup.io) put_io(run, *run.info.setup.io, fields);
  if (run.info.setup.files) put_files(run, *run.info.setup.files, fields);
  return join_line(fields);
}

std::string bonnie_csv_header() { return join_line(kFieldNames); }

}  // namespace bench
