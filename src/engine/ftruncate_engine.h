#pragma once
// ftruncate, as fio 3.33's ftruncate engine (FIO_SYNCIO | FIO_FAKEIO): a write request is ftruncate(2) of its file
// to the request's offset, and nothing else reaches the kernel, so the file's size follows the offsets (rw=write
// grows it block by block from 0, rw=randwrite sets it to a random size each request); the request's length is
// never used for the call, but its completion counts the length (fio's fake I/O: resid 0). Every other request
// (a read, a sync, a trim) completes with -EINVAL and is not made, as fio's engine answers any but a write. The
// job's files are made, laid out and opened as any write job's (EngineFiles::kRequests), one request at a time.
#include <memory>

#include "engine/io_engine.h"

namespace bench {

// Throws as make_io_engine() documents (engine/checked_setup.h check_engine_setup).
std::unique_ptr<IoEngine> make_ftruncate_engine(EngineKind kind, const EngineSetup& setup);

}  // namespace bench
