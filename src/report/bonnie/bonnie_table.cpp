#include "report/bonnie/bonnie_table.h"

#include <fmt/format.h>

#include <span>
#include <string_view>

#include "report/bonnie/bonnie_format.h"

namespace bench {
namespace {

// The left column (name, spec, row labels) is 19 characters wide plus one separating space.
constexpr std::size_t kIdWidth = 19;
constexpr std::string_view kIoGroups = "------Sequential Output------ --Sequential Input- --Random-\n";
constexpr std::string_view kIoTests = "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--\n";
constexpr std::string_view kFileGroups = "------Sequential Create------ --------Random Create--------\n";
constexpr std::string_view kFileTests = "-Create-- --Read--- -Delete-- -Create-- --Read--- -Delete--\n";
constexpr std::string_view kUnits = " /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP\n";
constexpr std::string_view kLatencyLabel = "Latency          ";  // then " %9s" per phase

// `text` cut to at most `width` bytes (never inside a UTF-8 sequence), then padded with spaces to `width`.
std::string fit(std::string_view text, std::size_t width) {
  if (text.size() > width) {
    std::size_t cut = width;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut);
  }
  std::string out(text);
  out.resize(width, ' ');
  return out;
}

// bonnie++ prints "Version %5s" and pads to the 20-character left column; a longer version is cut.
std::string version_prefix(std::string_view version) {
  return fit(fmt::format("Version {:>5}", version), kIdWidth) + ' ';
}

// size[:chunk][:concurrency][:seeks][:seekers]: defaults left empty (colons kept), trailing colons dropped.
std::string io_spec(const RunInfo& info, const IoSpec& io) {
  const IoSpec kDefault{};
  std::string spec = format_bonnie_file_size(io.file_size_bytes);
  spec += ':';
  if (io.chunk_bytes != kDefault.chunk_bytes) spec += format_bonnie_chunk_size(io.chunk_bytes);
  spec += ':';
  if (concurrent_workers(info) != 1) spec += std::to_string(concurrent_workers(info));
  spec += ':';
  if (io.seeks != kDefault.seeks) spec += std::to_string(io.seeks);
  spec += ':';
  if (io.seekers != kDefault.seekers) spec += std::to_string(io.seekers);
  while (!spec.empty() && spec.back() == ':') spec.pop_back();
  return spec;
}

// The name, cut so that " " + spec ends at column 19; a spec of 19 characters or more stands alone.
std::string id_field(std::string_view name, const std::string& spec) {
  if (spec.size() + 1 > kIdWidth) return spec;
  return fit(name, kIdWidth - 1 - spec.size()) + ' ' + spec;
}

// n, n:max:min, n:link or n:symlink, then /dirs when there are several.
std::string file_spec(const FileSpec& files) {
  std::string spec = std::to_string(files.count_k);
  switch (files.content) {
    case FileContent::kHardLink:
      spec += ":link";
      break;
    case FileContent::kSymLink:
      spec += ":symlink";
      break;
    case FileContent::kData:
      if (files.max_size_bytes != 0) spec += fmt::format(":{}:{}", files.max_size_bytes, files.min_size_bytes);
      break;
  }
  if (files.dirs > 1) spec += fmt::format("/{}", files.dirs);
  return spec;
}

std::string_view file_units_label(const FileSpec& files) {
  const bool data = files.content == FileContent::kData;
  if (data && files.min_size_bytes != 0) return "files:max:min       ";
  if (!data || files.max_size_bytes != 0) return "files:max           ";
  return "              files ";
}

// One " rate %CP" cell (6 + 4 characters) per phase.
std::string cells(const RunResult& run, std::span<const PhaseId> phases) {
  std::string row;
  for (PhaseId id : phases) {
    const BonnieCell cell = make_bonnie_cell(run, id);
    switch (cell.state) {
      case BonnieCell::State::kNotRun:
        row += std::string(10, ' ');
        break;
      case BonnieCell::State::kTooFast:
        row += fmt::format(" {} {}", kBonnieTooFastRate, kBonnieTooFastCpu);
        break;
      case BonnieCell::State::kMeasured: {
        std::string rate;
        switch (phase_work_unit(id)) {
          case WorkUnit::kBytes:
            rate = format_bonnie_io_rate(cell.rate);
            break;
          case WorkUnit::kSeeks:
            rate = format_bonnie_seek_rate(cell.rate);
            break;
          default:
            rate = std::to_string(static_cast<std::int64_t>(cell.rate));
            break;
        }
        row += fmt::format(" {:>5} {:3d}", rate, cell.cpu_percent);
        break;
      }
    }
  }
  return row;
}

std::string latency_row(const RunResult& run, std::span<const PhaseId> phases) {
  std::string row(kLatencyLabel);
  for (PhaseId id : phases) row += fmt::format(" {:>9}", make_bonnie_cell(run, id).latency);
  return row + '\n';
}

std::string io_section(const RunResult& run, const IoSpec& io) {
  std::string out = version_prefix(run.info.version) + std::string(kIoGroups);
  out += std::string(kIdWidth + 1, ' ') + std::string(kIoTests);
  out += fit("Name:Size etc", kIdWidth + 1) + std::string(kUnits);
  out += id_field(run.info.label, io_spec(run.info, io)) + cells(run, kBonnieIoPhases) + '\n';
  return out + latency_row(run, kBonnieIoPhases);
}

std::string file_section(const RunResult& run, const FileSpec& files) {
  std::string out = version_prefix(run.info.version) + std::string(kFileGroups);
  out += fit(run.info.label, kIdWidth) + ' ' + std::string(kFileTests);
  out += std::string(file_units_label(files)) + std::string(kUnits);
  out += fmt::format("{:>19}", file_spec(files)) + cells(run, kBonnieFilePhases) + '\n';
  return out + latency_row(run, kBonnieFilePhases);
}

}  // namespace

std::string format_bonnie_table(const RunResult& run) {
  std::string out;
  if (run.info.setup.io) out += io_section(run, *run.info.setup.io);
  out += run.info.setup.files ? file_section(run, *run.info.setup.files) : std::string("\n");
  return out;
}

}  // namespace bench
