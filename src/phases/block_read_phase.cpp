// Sequential Input, Block (bonnie++'s "Block" read column): the whole file read in chunk_bytes read(2)
// calls from offset 0, then fsync + close (as bonnie++), timed. One latency sample per read(). The cache
// is dropped first unless --cache keep, so a file smaller than RAM still measures the device. With --verify
// each chunk is compared with the pattern written, after its latency sample (never inside one) but inside
// the timed phase.
#include "phases/io_phase_common.h"
#include "phases/io_phases.h"

namespace bench {
namespace {

class BlockReadPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kBlockRead; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context, context.io().file_size_bytes); }

  WorkDone measure(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    AlignedBuffer buffer(io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kReadOnly);
    const BlockVerifier verifier(context);
    return for_each_chunk(context, file, [&](std::uint64_t offset, ChunkTimer& timer) {
      timer.start();
      const std::size_t got = file.read_full(buffer.data(), io.chunk_bytes);
      timer.record();
      if (got != io.chunk_bytes) throw_unexpected_end_of_file(file);
      verifier.check(buffer.data(), offset);
    });
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_block_read_phase() { return std::make_unique<BlockReadPhase>(); }

}  // namespace bench
