#include "result/phase_id.h"

namespace bench {
namespace {

struct PhaseFacts {
  PhaseId id;
  std::string_view key;
  std::string_view title;
  std::string_view short_title;
  std::string_view progress;
  WorkUnit unit;
};

constexpr std::array<PhaseFacts, kAllPhaseIds.size() + 1> kPhaseFacts = {{
    {PhaseId::kPerCharWrite, "per_char_write", "Sequential Output, Per Chr", "Per Chr write", "Writing a byte at a time",
     WorkUnit::kBytes},
    {PhaseId::kBlockWrite, "block_write", "Sequential Output, Block", "Block write", "Writing intelligently", WorkUnit::kBytes},
    {PhaseId::kRewrite, "rewrite", "Sequential Output, Rewrite", "Rewrite", "Rewriting", WorkUnit::kBytes},
    {PhaseId::kPerCharRead, "per_char_read", "Sequential Input, Per Chr", "Per Chr read", "Reading a byte at a time",
     WorkUnit::kBytes},
    {PhaseId::kBlockRead, "block_read", "Sequential Input, Block", "Block read", "Reading intelligently", WorkUnit::kBytes},
    {PhaseId::kRandomSeeks, "random_seeks", "Random Seeks", "Random seeks", "Seeking randomly", WorkUnit::kSeeks},
    {PhaseId::kSeqCreate, "seq_create", "Sequential Create", "Seq create", "Create files in sequential order", WorkUnit::kFiles},
    {PhaseId::kSeqStat, "seq_stat", "Sequential Stat", "Seq stat", "Stat files in sequential order", WorkUnit::kFiles},
    {PhaseId::kSeqDelete, "seq_delete", "Sequential Delete", "Seq delete", "Delete files in sequential order", WorkUnit::kFiles},
    {PhaseId::kRandomCreate, "random_create", "Random Create", "Random create", "Create files in random order", WorkUnit::kFiles},
    {PhaseId::kRandomStat, "random_stat", "Random Stat", "Random stat", "Stat files in random order", WorkUnit::kFiles},
    {PhaseId::kRandomDelete, "random_delete", "Random Delete", "Random delete", "Delete files in random order", WorkUnit::kFiles},
    {PhaseId::kFsyncLatency, "fsync_latency", "Fsync Latency", "Fsync latency", "Writing with fdatasync", WorkUnit::kSyncs},
    {PhaseId::kWorkload, "workload", "Workload", "Workload", "Running workloads", WorkUnit::kBytes},
}};

const PhaseFacts& facts(PhaseId id) { return kPhaseFacts[static_cast<std::size_t>(id)]; }

}  // namespace

std::string_view phase_key(PhaseId id) { return facts(id).key; }
std::string_view phase_title(PhaseId id) { return facts(id).title; }
std::string_view phase_short_title(PhaseId id) { return facts(id).short_title; }
std::string_view phase_progress_text(PhaseId id) { return facts(id).progress; }
WorkUnit phase_work_unit(PhaseId id) { return facts(id).unit; }
bool is_file_test(PhaseId id) { return phase_work_unit(id) == WorkUnit::kFiles; }

std::optional<PhaseId> phase_from_key(std::string_view key) {
  for (const auto& f : kPhaseFacts) {
    if (f.key == key && f.id != PhaseId::kWorkload) return f.id;
  }
  return std::nullopt;
}

}  // namespace bench
