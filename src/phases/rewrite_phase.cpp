// Sequential Output, Rewrite (bonnie++'s "Rewrite" column): for each chunk, read(2) it, change one
// byte and write it back in place; then fsync + close, timed. One latency sample per read + write.
// bonnie++ writes back with lseek(2) + write(2); bench++ with one pwrite(2) at the chunk's offset (the same
// I/O, one system call less per chunk; the file position stays after the read, where the next read
// starts). The cache is dropped first unless --cache keep, so the reads reach the device. With --verify
// each chunk read is compared with the pattern written before it is changed; that check is inside the
// timed phase but left out of the chunk's latency sample (read time + write time).
#include "phases/data_pattern.h"
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class RewritePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kRewrite; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context, context.io().file_size_bytes); }

  WorkDone measure(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    AlignedBuffer buffer(io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kReadWrite);
    const BlockVerifier verifier(context);
    return for_each_chunk(context, file, [&](std::uint64_t offset, ChunkTimer& timer) {
      timer.start();
      if (file.read_full(buffer.data(), io.chunk_bytes) != io.chunk_bytes) throw_unexpected_end_of_file(file);
      // Only under --verify: without it the sample keeps its two clock reads.
      if (verifier.enabled()) timer.exclude([&] { verifier.check(buffer.data(), offset); });
      BlockPattern::touch(context.setup.data, buffer.data());
      file.write_all_at(buffer.data(), io.chunk_bytes, offset);
      timer.record();
    });
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_rewrite_phase() { return std::make_unique<RewritePhase>(); }

}  // namespace bench
