// Sequential Output, Per Chr (bonnie++'s "putc" column): the first per_char_bytes of a new file written
// with one write(2) call per byte. It measures system-call overhead more than storage, so nothing but the
// call is done per byte: the bytes of a chunk are laid out once, and the operation count, the stop check and
// the clock reads happen once per chunk. One latency sample per chunk of chunk_bytes one-byte calls, as
// bonnie++. One-byte writes cannot use O_DIRECT, so this phase stays buffered under -D; its fsync + close
// are timed.
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"

namespace bench {
namespace {

// Byte n of the file is n mod 128 (bonnie++'s bytes). A chunk is a multiple of 128 bytes (256 at least), so
// every chunk holds the same bytes.
AlignedBuffer per_char_chunk(std::size_t chunk_bytes) {
  AlignedBuffer chunk(chunk_bytes);
  for (std::size_t i = 0; i < chunk_bytes; ++i) chunk.data()[i] = static_cast<unsigned char>(i & 0x7f);
  return chunk;
}

class PerCharWritePhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kPerCharWrite; }

  WorkDone measure(PhaseContext& context) const override {
    const IoSpec& io = context.io();
    PosixFile file = open_data_file(context, OpenMode::kCreate, /*allow_direct=*/false);
    const AlignedBuffer chunk = per_char_chunk(io.chunk_bytes);
    const std::uint64_t written = for_each_per_char_chunk(context, [&](std::uint64_t /*offset*/) {
      file.write_bytes_singly(chunk.data(), chunk.size());
    });
    sync_and_close(file);
    return {written, written};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_per_char_write_phase() { return std::make_unique<PerCharWritePhase>(); }

}  // namespace bench
