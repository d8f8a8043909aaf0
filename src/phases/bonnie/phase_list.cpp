#include "phases/bonnie/phase_list.h"

#include <stdexcept>

#include "phases/bonnie/file_phases.h"
#include "phases/bonnie/io_phases.h"

namespace bench {

std::vector<PhaseId> bonnie_tests(const RunSetup& setup) {
  std::vector<PhaseId> tests;
  if (setup.io) {
    const bool per_char = setup.io->per_char_bytes >= setup.io->chunk_bytes;
    if (per_char) tests.push_back(PhaseId::kPerCharWrite);
    tests.insert(tests.end(), {PhaseId::kBlockWrite, PhaseId::kRewrite});
    if (per_char) tests.push_back(PhaseId::kPerCharRead);
    tests.insert(tests.end(), {PhaseId::kBlockRead, PhaseId::kRandomSeeks});
  }
  if (setup.files) {
    tests.insert(tests.end(), {PhaseId::kSeqCreate, PhaseId::kSeqStat, PhaseId::kSeqDelete, PhaseId::kRandomCreate,
                               PhaseId::kRandomStat, PhaseId::kRandomDelete});
  }
  if (setup.sync_test) tests.push_back(PhaseId::kFsyncLatency);
  return tests;
}

std::unique_ptr<BonnieTest> make_bonnie_test(PhaseId id) {
  switch (id) {
    case PhaseId::kPerCharWrite: return make_per_char_write_phase();
    case PhaseId::kBlockWrite: return make_block_write_phase();
    case PhaseId::kRewrite: return make_rewrite_phase();
    case PhaseId::kPerCharRead: return make_per_char_read_phase();
    case PhaseId::kBlockRead: return make_block_read_phase();
    case PhaseId::kRandomSeeks: return make_random_seeks_phase();
    case PhaseId::kSeqCreate: return make_seq_create_phase();
    case PhaseId::kSeqStat: return make_seq_stat_phase();
    case PhaseId::kSeqDelete: return make_seq_delete_phase();
    case PhaseId::kRandomCreate: return make_random_create_phase();
    case PhaseId::kRandomStat: return make_random_stat_phase();
    case PhaseId::kRandomDelete: return make_random_delete_phase();
    case PhaseId::kFsyncLatency: return make_fsync_latency_phase();
    case PhaseId::kWorkload: break;
  }
  throw std::invalid_argument("make_bonnie_test: a workload is not one of bonnie++'s tests");
}

}  // namespace bench
