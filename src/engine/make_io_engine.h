#pragma once
// The one factory of engines (engine/io_engine.h's IoEngine): the engine fio names by `kind`, made per job on its
// own thread. Apart from the interface, so that the engines include the interface and only this includes them.
#include <memory>

#include "engine/io_engine.h"
#include "result/engine_kind.h"

namespace bench {

// The engine of `kind` over `setup`. Throws std::invalid_argument when setup breaks its REQUIRES, and
// std::system_error when the engine cannot start (for io_uring: "cannot create io_uring ring of depth N";
// check io_uring_availability() from platform/io_uring_ring.h first to fall back to kPsync or kPsyncThreads with a reason).
std::unique_ptr<IoEngine> make_io_engine(EngineKind kind, const EngineSetup& setup);

}  // namespace bench
