#pragma once
// The synchronous engine: pread(2), pwrite(2), fsync(2) and fdatasync(2), for when io_uring is refused and for
// --ioengine=psync. At depth 1 submit() makes the system call itself, inline, exactly as fio's psync does (no
// thread hand-off in the measured latency; reap() only hands the result over). At depth N it keeps N requests
// in flight on N worker threads fed from a FIFO bounded by the depth; reap() waits on the completions they
// post. Workers stop and are joined by the destructor (requests not yet started are dropped, those running
// finish first), also after errors; an exception in a worker is carried to the caller's next reap(). EINTR is
// retried; every other result is handed back as it came.
#include <memory>

#include "engine/io_engine.h"

namespace bench {

// The synchronous engine over `setup`: inline when setup.depth is 1, else setup.depth worker threads.
// Throws as make_io_engine() documents, and std::system_error when a thread cannot be started.
std::unique_ptr<IoEngine> make_sync_engine(const EngineSetup& setup);

}  // namespace bench
