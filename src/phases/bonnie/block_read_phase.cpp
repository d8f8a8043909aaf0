// Sequential Input, Block (bonnie++'s "Block" read column): the whole file read in chunk_bytes read(2)
// calls from offset 0, then fsync + close (as bonnie++), timed. One latency sample per read(). The cache
// is dropped first unless --cache keep, so a file smaller than RAM still measures the device. With --verify
// each chunk is compared with the pattern written, after its latency sample (never inside one) but inside
// the timed phase.
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"

namespace bench {
namespace {

void read_chunk(const PhaseContext& /*context*/, const ReadBackChunk& chunk) {
  chunk.timer.start();
  const std::size_t got = chunk.file.read_full(chunk.buffer, chunk.chunk_bytes);
  chunk.timer.record();
  if (got != chunk.chunk_bytes) throw_unexpected_end_of_file(chunk.file);
  chunk.verifier.check(chunk.buffer, chunk.offset);
}

}  // namespace

std::unique_ptr<BonnieTest> make_block_read_phase() {
  return std::make_unique<ReadBackTest<PhaseId::kBlockRead, OpenMode::kReadOnly, read_chunk>>();
}

}  // namespace bench
