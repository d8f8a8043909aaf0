#include "engine/io_engine.h"

#include "engine/sync_engine.h"
#include "engine/uring_engine.h"

namespace bench {

std::string_view keyword(EngineKind kind) {
  switch (kind) {
    case EngineKind::kIoUring:
      return "io_uring";
    case EngineKind::kSync:
      return "sync";
  }
  return "sync";
}

std::optional<EngineKind> engine_kind_from_keyword(std::string_view word) {
  for (const EngineKind kind : {EngineKind::kIoUring, EngineKind::kSync}) {
    if (word == keyword(kind)) return kind;
  }
  return std::nullopt;
}

std::unique_ptr<IoEngine> make_io_engine(EngineKind kind, const EngineSetup& setup) {
  if (kind == EngineKind::kIoUring) return std::make_unique<UringEngine>(setup);
  return make_sync_engine(setup);
}

}  // namespace bench
