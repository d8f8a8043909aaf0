// Sequential Input, Per Chr (bonnie++'s "getc" column): the first per_char_bytes of the file read with
// one read(2) call per byte, each into the next byte of a chunk buffer; nothing else is done per byte. One
// latency sample per chunk of chunk_bytes calls. Buffered even under -D (one-byte reads cannot be direct);
// the cache is dropped first unless --cache keep. With --verify each chunk read is compared with the pattern
// written, after its latency sample (never inside one).
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"

namespace bench {
namespace {

class PerCharReadPhase final : public BonnieTest {
 public:
  PhaseId id() const override { return PhaseId::kPerCharRead; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context, context.io().per_char_bytes); }

  WorkDone measure(PhaseContext& context) const override {
    PosixFile file = open_data_file(context, OpenMode::kReadOnly, /*allow_direct=*/false);
    const ChunkPatternChecker verifier(context);
    AlignedBuffer chunk(context.io().chunk_bytes);
    const std::uint64_t read = for_each_per_char_chunk(
        context,
        [&](std::uint64_t /*offset*/) {
          if (file.read_bytes_singly(chunk.data(), chunk.size()) != chunk.size()) throw_unexpected_end_of_file(file);
        },
        [&](std::uint64_t offset) { verifier.check(chunk.data(), offset); });
    sync_and_close(file);
    return {read, read};
  }
};

}  // namespace

std::unique_ptr<BonnieTest> make_per_char_read_phase() { return std::make_unique<PerCharReadPhase>(); }

}  // namespace bench
