#pragma once
// What the six I/O phases share: opening the test file the same way, the block count, finishing a
// phase (fsync + close, inside the timed region as bonnie++ does) and dropping cached pages before a
// phase that reads.
#include <cstdint>

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

}  // namespace bench
