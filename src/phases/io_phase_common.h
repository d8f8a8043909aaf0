#pragma once
// What the six I/O phases share: opening the test file the same way, the block count, finishing a
// phase (fsync + close, inside the timed region as bonnie++ does) and dropping cached pages before a
// phase that reads.
#include <cstdint>
#include <optional>

#include "phases/data_pattern.h"
#include "phases/phase.h"
#include "platform/aligned_buffer.h"
#include "platform/posix_file.h"

namespace bench {

enum class OpenMode {
  kCreate,     // a new file (O_CREAT | O_EXCL | O_NOFOLLOW); an old one of ours is removed first
  kReadWrite,  // the existing file
  kReadOnly,
};

// Opens context.data_file; adds O_DIRECT when direct_io (-D) and `allow_direct`. Where the filesystem
// refuses O_DIRECT the error says so.
PosixFile open_data_file(const PhaseContext& context, OpenMode mode, bool allow_direct = true);

// Number of whole chunks in the test file.
std::uint64_t chunk_count(const IoSpec& io);

// fsync then close: bonnie++'s end of every I/O phase, timed.
void sync_and_close(PosixFile& file);

// Before a phase that reads: with CacheMode::kDrop (and no O_DIRECT), write back and evict the test
// file's pages so the phase measures the device rather than the page cache. Untimed (call in prepare).
void drop_cached_pages(const PhaseContext& context);

// Rethrows a write/read failure under O_DIRECT with the likely reason (alignment or no support).
[[noreturn]] void rethrow_with_direct_io_hint(const PhaseContext& context);

// --verify: checks chunks read back from the test file against the pattern the block write phase wrote
// (offset and seed stamps and the random body; the write generation that rewrite and seek write-backs bump
// is ignored). Without --verify no pattern is built and check() does nothing. check() is const and may be
// called from several threads at once.
class BlockVerifier {
 public:
  explicit BlockVerifier(const PhaseContext& context);

  bool enabled() const { return pattern_.has_value(); }
  // Throws std::runtime_error("data mismatch in <file> at offset <offset>: ...") naming the first wrong
  // byte when `chunk` (chunk_bytes read from `offset`, a multiple of chunk_bytes) is not what was written.
  void check(const unsigned char* chunk, std::uint64_t offset) const;

 private:
  std::optional<BlockPattern> pattern_;
  std::filesystem::path file_;
};

}  // namespace bench
