#include "phases/bonnie/bonnie_test.h"

namespace bench {

std::string BonnieTest::progress_text() const { return std::string(phase_progress_text(id())); }

std::uint64_t BonnieTest::expected_operations(const RunSetup& setup) const {
  switch (id()) {
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
      break;  // not one of bonnie++'s tests
  }
  return 0;
}

void BonnieTest::run(PhaseContext& context) const {
  context.wait_for_start();
  const auto start = std::chrono::steady_clock::now();
  const WorkDone work = measure(context);
  JobMeasurement& measurement = *context.measurement;
  measurement.measured_from = start;
  measurement.elapsed = std::chrono::steady_clock::now() - start;
  measurement.parts.at(0).operations += work.operations;
  measurement.parts.at(0).bytes += work.bytes;
}

}  // namespace bench
