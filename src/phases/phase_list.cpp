#include "phases/phase_list.h"

#include "phases/file_phases.h"
#include "phases/io_phases.h"

namespace bench {

std::vector<std::unique_ptr<Phase>> make_phases(const PhaseSelection& selection) {
  std::vector<std::unique_ptr<Phase>> phases;
  if (selection.io_tests) {
    if (selection.per_char) phases.push_back(make_per_char_write_phase());
    phases.push_back(make_block_write_phase());
    phases.push_back(make_rewrite_phase());
    if (selection.per_char) phases.push_back(make_per_char_read_phase());
    phases.push_back(make_block_read_phase());
    phases.push_back(make_random_seeks_phase());
  }
  if (selection.file_tests) {
    phases.push_back(make_seq_create_phase());
    phases.push_back(make_seq_stat_phase());
    phases.push_back(make_seq_delete_phase());
    phases.push_back(make_random_create_phase());
    phases.push_back(make_random_stat_phase());
    phases.push_back(make_random_delete_phase());
  }
  if (selection.sync_test) phases.push_back(make_fsync_latency_phase());
  return phases;
}

PhaseSelection selection_from(const RunSetup& setup) {
  PhaseSelection selection;
  selection.io_tests = setup.io.has_value();
  selection.per_char = setup.io && setup.io->per_char_bytes >= setup.io->chunk_bytes;
  selection.file_tests = setup.files.has_value();
  selection.sync_test = setup.sync_test.has_value();
  return selection;
}

std::uint64_t expected_operations(PhaseId id, const RunSetup& setup) {
  switch (id) {
    case PhaseId::kPerCharWrite:
    case PhaseId::kPerCharRead:
      return setup.io.value().per_char_bytes / setup.io->chunk_bytes;  // one per chunk of one-byte calls
    case PhaseId::kBlockWrite:
    case PhaseId::kRewrite:
    case PhaseId::kBlockRead:
      return setup.io.value().file_size_bytes / setup.io->chunk_bytes;
    case PhaseId::kRandomSeeks:
      return setup.io.value().seeks;
    case PhaseId::kSeqCreate:
    case PhaseId::kSeqStat:
    case PhaseId::kSeqDelete:
    case PhaseId::kRandomCreate:
    case PhaseId::kRandomStat:
    case PhaseId::kRandomDelete:
      return setup.files.value().file_count();
    case PhaseId::kFsyncLatency:
      return setup.sync_test.value().write_count();
    case PhaseId::kWorkload:
      break;  // not a Phase: run/workload_runner.h runs workloads
  }
  return 0;
}

}  // namespace bench
