#include "engine/make_io_engine.h"

#include "engine/libaio_engine.h"
#include "engine/mmap_engine.h"
#include "engine/posix_aio_engine.h"
#include "engine/sync_engine.h"
#include "engine/uring_engine.h"

namespace bench {

std::unique_ptr<IoEngine> make_io_engine(EngineKind kind, const EngineSetup& setup) {
  switch (kind) {
    case EngineKind::kIoUring:
      return std::make_unique<UringEngine>(setup);
    case EngineKind::kLibaio:
      return std::make_unique<LibaioEngine>(setup);
    case EngineKind::kPosixAio:
      return std::make_unique<PosixAioEngine>(setup);
    case EngineKind::kMmap:
      return make_mmap_engine(setup);
    default:
      return make_sync_engine(kind, setup);
  }
}

}  // namespace bench
