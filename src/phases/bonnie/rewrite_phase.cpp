// Sequential Output, Rewrite (bonnie++'s "Rewrite" column): for each chunk, read(2) it, change one
// byte and write it back in place; then fsync + close, timed. One latency sample per read + write.
// bonnie++ writes back with lseek(2) + write(2); bench++ with one pwrite(2) at the chunk's offset (the same
// I/O, one system call less per chunk; the file position stays after the read, where the next read
// starts). The cache is dropped first unless --cache keep, so the reads reach the device. With --verify
// each chunk read is compared with the pattern written before it is changed; that check is inside the
// timed phase but left out of the chunk's latency sample (read time + write time).
#include "phases/bonnie/data_pattern.h"
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"

namespace bench {
namespace {

void rewrite_chunk(const PhaseContext& context, const ReadBackChunk& chunk) {
  chunk.timer.start();
  if (chunk.file.read_full(chunk.buffer, chunk.chunk_bytes) != chunk.chunk_bytes) {
    throw_unexpected_end_of_file(chunk.file);
  }
  // Only under --verify: without it the sample keeps its two clock reads.
  if (chunk.verifier.enabled()) chunk.timer.exclude([&] { chunk.verifier.check(chunk.buffer, chunk.offset); });
  BlockPattern::touch(context.setup.data, chunk.buffer);
  chunk.file.write_all_at(chunk.buffer, chunk.chunk_bytes, chunk.offset);
  chunk.timer.record();
}

}  // namespace

std::unique_ptr<BonnieTest> make_rewrite_phase() {
  return std::make_unique<ReadBackTest<PhaseId::kRewrite, OpenMode::kReadWrite, rewrite_chunk>>();
}

}  // namespace bench
