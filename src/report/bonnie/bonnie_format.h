#pragma once
// Pure formatting helpers shared by the two bonnie++-compatible writers (bonnie_table.h, bonnie_csv.h).
// They reproduce bonnie++ 2.00a's number and size formats (its print_size, and the formats of its table and CSV
// line).
// Units in these outputs: byte phases in KiB/s (K = 1024), seeks per second, files per second;
// latency is the phase's maximum single-operation time.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "result/phase_id.h"
#include "result/run_result.h"

namespace bench {

// Shown instead of a rate and a %CPU when the phase ran for less than kMinMeaningfulTime.
inline constexpr std::string_view kBonnieTooFastRate = "+++++";
inline constexpr std::string_view kBonnieTooFastCpu = "+++";

// The phases of the I/O section and of the file section, in bonnie++'s column order. The fsync latency
// phase belongs to neither.
inline constexpr std::array kBonnieIoPhases = {PhaseId::kPerCharWrite, PhaseId::kBlockWrite,
                                               PhaseId::kRewrite,      PhaseId::kPerCharRead,
                                               PhaseId::kBlockRead,    PhaseId::kRandomSeeks};
inline constexpr std::array kBonnieFilePhases = {PhaseId::kSeqCreate,    PhaseId::kSeqStat,
                                                 PhaseId::kSeqDelete,    PhaseId::kRandomCreate,
                                                 PhaseId::kRandomStat,   PhaseId::kRandomDelete};

// What the bonnie outputs show for one phase of a run.
struct BonnieCell {
  enum class State {
    kNotRun,    // the phase is absent from the run: blank cells, empty CSV fields
    kTooFast,   // ran under kMinMeaningfulTime (or for no measurable time): "+++++" / "+++"
    kMeasured,  // rate and cpu are valid
  };
  State state = State::kNotRun;
  double rate = 0;               // KiB/s for byte phases, seeks/s, files/s
  std::int64_t cpu_percent = 0;  // truncated toward zero, as bonnie++ does
  std::string latency;           // format_bonnie_latency of the max; empty when no latency was recorded
};

// The cell for phase `id` of `run` (looked up with RunResult::find).
BonnieCell make_bonnie_cell(const RunResult& run, PhaseId id);

// bonnie++'s print_size: `value` is divided by 1024 while it divides evenly and `units` has a larger unit;
// the result is the number followed by that unit's character, where ' ' means "no suffix".
// E.g. (512, "MG") -> "512M", (4096, "MG") -> "4G", (8192, " km") -> "8k", (256, " km") -> "256".
// REQUIRES: units is not empty.
std::string format_bonnie_size(std::uint64_t value, std::string_view units);
// The I/O file size: "512M", "4G", "1024G" for whole MiB (as bonnie++); other sizes as "1536k" or bytes.
std::string format_bonnie_file_size(std::uint64_t bytes);
// A chunk size in bytes: "8k", "1m", "256".
std::string format_bonnie_chunk_size(std::uint64_t bytes);

// A latency, truncated to whole units: >= 100 s as "120s", >= 100 ms as "947ms", else "36467us".
// Zero gives "" (bonnie++ shows no latency then).
std::string format_bonnie_latency(std::uint64_t max_ns);

// The text table's I/O rate (without its leading space): "%4dk" below 10000 KiB/s, then "%4.1fm" below
// 100 MiB/s, "%4dm" (rounded) below 1000 MiB/s, else "%4.1fg". E.g. "515k", "45.3m", "342m", "3.0g".
std::string format_bonnie_io_rate(double kib_per_second);
// Seeks per second: "%.0f" from 1000 up, else "%.1f" (e.g. "5218", "795.4").
std::string format_bonnie_seek_rate(double seeks_per_second);

}  // namespace bench
