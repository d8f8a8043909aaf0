// Sequential Input, Block (bonnie++'s "Block" read column): the whole file read in chunk_bytes read(2)
// calls from offset 0, then fsync + close (as bonnie++), timed. One latency sample per read(). The cache
// is dropped first unless --cache keep, so a file smaller than RAM still measures the device. With --verify
// each chunk is compared with the pattern written, after its latency sample but inside the timed phase.
#include "measure/stopwatch.h"
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class BlockReadPhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kBlockRead; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context); }

  WorkDone run(PhaseContext& context) const override {
    const IoSpec& io = context.settings.io;
    AlignedBuffer buffer(io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kReadOnly);
    const BlockVerifier verifier(context);
    const std::uint64_t chunks = chunk_count(io);
    try {
      for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
        context.begin_operation();
        const SteadyTime start = std::chrono::steady_clock::now();
        const std::size_t got = file.read_full(buffer.data(), io.chunk_bytes);
        context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
        if (got != io.chunk_bytes) throw std::runtime_error("unexpected end of file in " + file.path().string());
        verifier.check(buffer.data(), chunk * io.chunk_bytes);
      }
    } catch (const std::system_error&) {
      rethrow_with_direct_io_hint(context);
    }
    sync_and_close(file);
    return {chunks, chunks * io.chunk_bytes};
  }
};

}  // namespace

std::unique_ptr<Phase> make_block_read_phase() { return std::make_unique<BlockReadPhase>(); }

}  // namespace bench
