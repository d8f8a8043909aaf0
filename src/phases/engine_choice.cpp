#include "phases/engine_choice.h"

#include <fmt/format.h>

namespace bench {

EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal) {
  if (is_synchronous(spec.engine)) {
    if (spec.iodepth == 1) return {spec.engine, 1, ""};
    return {spec.engine, 1,
            fmt::format("{} is synchronous: one request at a time as in fio (iodepth={} has no effect)",
                        spec.fio_engine, spec.iodepth)};
  }
  if (spec.engine != EngineKind::kIoUring || !io_uring_refusal) return {spec.engine, spec.iodepth, ""};
  if (spec.iodepth == 1) {
    return {EngineKind::kPsync, 1,
            fmt::format("io_uring is unavailable ({}): psync makes its requests", *io_uring_refusal)};
  }
  return {EngineKind::kPsyncThreads, spec.iodepth,
          fmt::format("io_uring is unavailable ({}): psync_threads keeps iodepth={} requests in flight with as "
                      "many threads",
                      *io_uring_refusal, spec.iodepth)};
}

}  // namespace bench
