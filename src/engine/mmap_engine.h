#pragma once
// mmap, as fio 3.33's mmap engine: each file's region (EngineSetup::region_bytes from offset 0, or the whole
// file) mapped once, shared (MAP_SHARED; PROT_READ, and PROT_WRITE when the file is open for writing), with
// madvise(MADV_RANDOM) or MADV_SEQUENTIAL as the offsets go (fio's fadvise_hint); a read is a memcpy from the
// mapping, a write a memcpy into it, both inline in submit() (engine/inline_engine.h). With O_DIRECT each read
// and write is followed by msync(MS_SYNC) of its pages, as fio does in place of direct I/O. fsync and
// fdatasync are msync(MS_SYNC) of the whole mapping; trims BLKDISCARD (engine/blocking_calls.h).
//
// The mapping never extends a file (fio's neither: it lays its files out first): a request beyond the file's
// size when the engine was made is short (0 bytes past the end), never a SIGBUS. A file truncated by someone
// else while mapped, or a device's read error under the mapping, still ends the process with SIGBUS, as fio.
#include <memory>

#include "engine/io_engine.h"

namespace bench {

// The mmap engine over `setup`. Throws as make_io_engine() documents, std::invalid_argument for a file open
// write-only (a mapping needs read access), std::system_error "cannot map N bytes of file descriptor F".
std::unique_ptr<IoEngine> make_mmap_engine(const EngineSetup& setup);

}  // namespace bench
