#pragma once
// The tests bench++ runs, with stable keys used by every machine-readable output.
#include <array>
#include <optional>
#include <string_view>

namespace bench {

// In bonnie++'s order; the order of this enum is the order phases run and are reported.
enum class PhaseId {
  kPerCharWrite,
  kBlockWrite,
  kRewrite,
  kPerCharRead,
  kBlockRead,
  kRandomSeeks,
  kSeqCreate,
  kSeqStat,
  kSeqDelete,
  kRandomCreate,
  kRandomStat,
  kRandomDelete,
  kFsyncLatency,
  kWorkload,  // one direction of a workload (bench++ job, suite): PhaseResult::workload says which
};

inline constexpr std::array kAllPhaseIds = {
    PhaseId::kPerCharWrite, PhaseId::kBlockWrite,   PhaseId::kRewrite,      PhaseId::kPerCharRead,
    PhaseId::kBlockRead,    PhaseId::kRandomSeeks,  PhaseId::kSeqCreate,    PhaseId::kSeqStat,
    PhaseId::kSeqDelete,    PhaseId::kRandomCreate, PhaseId::kRandomStat,   PhaseId::kRandomDelete,
    PhaseId::kFsyncLatency,
};

// What one unit of a phase's work is, and so how its rate is expressed.
enum class WorkUnit {
  kBytes,  // rate in bytes/s (bonnie-compatible output shows KiB/s)
  kSeeks,  // random seeks per second
  kFiles,  // files per second
  kSyncs,  // write+fdatasync pairs per second
};

// kAllPhaseIds are bonnie++'s tests and the fsync test; kWorkload results are named by result/test_id.h.
// Stable snake_case key ("block_write"); never changes once released.
std::string_view phase_key(PhaseId id);
// Human title ("Sequential Output, Block").
std::string_view phase_title(PhaseId id);
// Short human name ("Block write"), at most 14 characters.
std::string_view phase_short_title(PhaseId id);
// The bonnie-style progress text ("Writing intelligently").
std::string_view phase_progress_text(PhaseId id);
WorkUnit phase_work_unit(PhaseId id);
bool is_file_test(PhaseId id);
std::optional<PhaseId> phase_from_key(std::string_view key);

}  // namespace bench
