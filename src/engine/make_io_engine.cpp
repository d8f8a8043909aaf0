#include "engine/make_io_engine.h"

#include "engine/cpu_engine.h"
#include "engine/exec_engine.h"
#include "engine/file_call_engine.h"
#include "engine/ftruncate_engine.h"
#include "engine/libaio_engine.h"
#include "engine/mmap_engine.h"
#include "engine/null_engine.h"
#include "engine/posix_aio_engine.h"
#include "engine/sync_engine.h"
#include "engine/uring_engine.h"

namespace bench {
namespace {

// The makers the engine rows name (result/engine_kind.h), each (EngineKind, const EngineSetup&): an engine of
// one class, made from the setup alone; the mapping's; make_sync_engine for the synchronous engines' calls.
template <typename Engine>
std::unique_ptr<IoEngine> engine_of(EngineKind, const EngineSetup& setup) {
  return std::make_unique<Engine>(setup);
}
std::unique_ptr<IoEngine> mapped_engine(EngineKind, const EngineSetup& setup) { return make_mmap_engine(setup); }

using EngineMaker = std::unique_ptr<IoEngine> (*)(EngineKind, const EngineSetup&);

#define BENCH_ENGINE_MAKER(kind, keyword, fio_name, synchronous, offload, per_process, options, files, maker) maker,
constexpr EngineMaker kMakers[] = {BENCH_ENGINE_ROWS(BENCH_ENGINE_MAKER)};
#undef BENCH_ENGINE_MAKER

}  // namespace

std::unique_ptr<IoEngine> make_io_engine(EngineKind kind, const EngineSetup& setup) {
  return kMakers[static_cast<std::size_t>(kind)](kind, setup);
}

}  // namespace bench
