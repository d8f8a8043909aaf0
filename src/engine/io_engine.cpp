#include "engine/io_engine.h"

#include "engine/sync_engine.h"
#include "engine/uring_engine.h"

namespace bench {

std::unique_ptr<IoEngine> make_io_engine(EngineKind kind, const EngineSetup& setup) {
  if (kind == EngineKind::kIoUring) return std::make_unique<UringEngine>(setup);
  return make_sync_engine(setup);
}

}  // namespace bench
