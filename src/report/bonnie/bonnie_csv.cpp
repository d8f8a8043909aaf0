#include "report/bonnie/bonnie_csv.h"

#include <array>
#include <span>
#include <string_view>
#include <vector>

#include "report/bonnie/bonnie_format.h"

namespace bench {
namespace {

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
  fields[kBonnieFileSizeField] = format_bonnie_file_size(io.file_size_bytes);
  fields[kBonnieFileSizeField + 1] = format_bonnie_chunk_size(io.chunk_bytes);
  fields[kBonnieFileSizeField + 2] = std::to_string(io.seeks);
  fields[kBonnieFileSizeField + 3] = std::to_string(io.seekers);
  put_phases(run, kBonnieIoPhases, kBonnieIoRatesField, kBonnieIoLatencyField, fields);
}

void put_files(const RunResult& run, const FileSpec& files, Fields& fields) {
  fields[kBonnieNumFilesField] = std::to_string(files.count_k);
  switch (files.content) {
    case FileContent::kHardLink:
      fields[kBonnieNumFilesField + 1] = "link";
      break;
    case FileContent::kSymLink:
      fields[kBonnieNumFilesField + 1] = "symlink";
      break;
    case FileContent::kData:
      if (files.max_size_bytes != 0) {
        fields[kBonnieNumFilesField + 1] = std::to_string(files.max_size_bytes);
        fields[kBonnieNumFilesField + 2] = std::to_string(files.min_size_bytes);
        fields[kBonnieNumFilesField + 4] = format_bonnie_chunk_size(files.chunk_bytes);
      }
      break;
  }
  if (files.dirs > 1) fields[kBonnieNumFilesField + 3] = std::to_string(files.dirs);
  put_phases(run, kBonnieFilePhases, kBonnieFileRatesField, kBonnieFileLatencyField, fields);
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
  fields[0] = kBonnieCsvFormatTag;
  fields[1] = run.info.version.empty() ? "bench++" : "bench++-" + csv_safe(run.info.version);
  fields[2] = csv_safe(run.info.label);
  fields[3] = std::to_string(concurrent_workers(run.info));
  fields[4] = std::to_string(run.info.setup.seed);
  if (run.info.setup.io) put_io(run, *run.info.setup.io, fields);
  if (run.info.setup.files) put_files(run, *run.info.setup.files, fields);
  return join_line(fields);
}

std::string bonnie_csv_header() { return join_line(kBonnieCsvFieldNames); }

std::string BonnieCsvWriter::render(const ResultsSoFar& results) const {
  std::string text = with_header_ && results.finished > 0 ? bonnie_csv_header() : std::string();
  for (std::size_t i = 0; i < results.finished; ++i) text += format_bonnie_csv_line(results.runs[i]);
  return text;
}

}  // namespace bench
