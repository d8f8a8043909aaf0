// Sequential Output, Rewrite (bonnie++'s "Rewrite" column): for each chunk, read(2) it, change one
// byte, lseek(2) back and write(2) it; then fsync + close, timed. One latency sample per
// read+lseek+write triple. The cache is dropped first unless --cache keep, so the reads reach the device.
// With --verify each chunk read is compared with the pattern written before it is changed.
#include "measure/stopwatch.h"
#include "phases/data_pattern.h"
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class RewritePhase final : public Phase {
 public:
  PhaseId id() const override { return PhaseId::kRewrite; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context); }

  WorkDone run(PhaseContext& context) const override {
    const IoSpec& io = context.settings.io;
    AlignedBuffer buffer(io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kReadWrite);
    const BlockVerifier verifier(context);
    const std::uint64_t chunks = chunk_count(io);
    const auto back = -static_cast<std::int64_t>(io.chunk_bytes);
    try {
      for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
        context.begin_operation();
        const SteadyTime start = std::chrono::steady_clock::now();
        if (file.read_full(buffer.data(), io.chunk_bytes) != io.chunk_bytes) {
          throw std::runtime_error("unexpected end of file in " + file.path().string());
        }
        verifier.check(buffer.data(), chunk * io.chunk_bytes);
        BlockPattern::touch(context.settings.data, buffer.data());
        file.seek(back, SEEK_CUR);
        file.write_all(buffer.data(), io.chunk_bytes);
        context.latency.record(nanos_between(start, std::chrono::steady_clock::now()));
      }
    } catch (const std::system_error&) {
      rethrow_with_direct_io_hint(context);
    }
    sync_and_close(file);
    return {chunks, chunks * io.chunk_bytes};
  }
};

}  // namespace

std::unique_ptr<Phase> make_rewrite_phase() { return std::make_unique<RewritePhase>(); }

}  // namespace bench
