// Sequential Input, Per Chr (bonnie++'s "getc" column): the first per_char_bytes of the file read with
// one read(2) call per byte. One latency sample per chunk of chunk_bytes calls. Buffered even under -D
// (one-byte reads cannot be direct); the cache is dropped first unless --cache keep. With --verify the bytes
// of each chunk are collected and compared with the pattern written once the chunk is complete, after its
// latency sample (never inside one).
#include "measure/stopwatch.h"
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class PerCharReadPhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kPerCharRead; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context); }

  WorkDone run(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    PosixFile file = open_data_file(context, OpenMode::kReadOnly, /*allow_direct=*/false);
    const BlockVerifier verifier(context);
    AlignedBuffer bytes(verifier.enabled() ? io.chunk_bytes : 1);
    const std::size_t step = verifier.enabled() ? 1 : 0;  // without --verify every byte lands in bytes[0]
    const std::uint64_t chunks = io.per_char_bytes / io.chunk_bytes;
    std::uint64_t read = 0;
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
      context.begin_operation();
      const SteadyTime start = std::chrono::steady_clock::now();
      for (std::uint32_t i = 0; i < io.chunk_bytes; ++i, ++read) {
        if (!file.read_byte(bytes.data()[i * step])) throw_unexpected_end_of_file(file);
      }
      context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
      verifier.check(bytes.data(), chunk * io.chunk_bytes);
    }
    sync_and_close(file);
    return {read, read};
  }
};

}  // namespace

std::unique_ptr<Phase> make_per_char_read_phase() { return std::make_unique<PerCharReadPhase>(); }

}  // namespace bench
