// Sequential Output, Block (bonnie++'s "Block" write column): a new file written in chunk_bytes
// write(2) calls, then fsync + close, all timed, so the rate includes flushing to the device (as
// fio's end_fsync=1). One latency sample per write(). Data per BlockPattern (incompressible by default).
#include "phases/bonnie/data_pattern.h"
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"

namespace bench {
namespace {

class BlockWritePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kBlockWrite; }

  WorkDone measure(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    BlockPattern pattern(context.setup.data, context.pattern_seed, io.chunk_bytes);
    PosixFile file = open_data_file(context, OpenMode::kCreate);
    return for_each_chunk(context, file, [&](std::uint64_t offset, ChunkTimer& timer) {
      const unsigned char* block = pattern.block_for(offset);
      timer.start();
      file.write_all(block, io.chunk_bytes);
      timer.record();
    });
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_block_write_phase() { return std::make_unique<BlockWritePhase>(); }

}  // namespace bench
