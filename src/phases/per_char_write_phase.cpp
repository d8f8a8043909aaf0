// Sequential Output, Per Chr (bonnie++'s "putc" column): the first per_char_bytes of a new file written
// with one write(2) call per byte. It measures system-call overhead more than storage. One latency
// sample per chunk of chunk_bytes one-byte calls, as bonnie++. One-byte writes cannot use O_DIRECT, so
// this phase stays buffered under -D; its fsync + close are timed.
#include "measure/stopwatch.h"
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class PerCharWritePhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kPerCharWrite; }

  WorkDone run(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    PosixFile file = open_data_file(context, OpenMode::kCreate, /*allow_direct=*/false);
    const std::uint64_t chunks = io.per_char_bytes / io.chunk_bytes;
    std::uint64_t written = 0;
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
      context.begin_operation();
      const SteadyTime start = std::chrono::steady_clock::now();
      for (std::uint32_t i = 0; i < io.chunk_bytes; ++i, ++written) {
        file.write_byte(static_cast<unsigned char>(written & 0x7f));
      }
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
    }
    sync_and_close(file);
    return {written, written};
  }
};

}  // namespace

std::unique_ptr<Phase> make_per_char_write_phase() { return std::make_unique<PerCharWritePhase>(); }

}  // namespace bench
