#include "phases/engine_choice.h"

#include <fmt/format.h>

namespace bench {

EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal) {
  if (spec.engine == EngineKind::kSync) {
    if (spec.iodepth == 1) return {EngineKind::kSync, 1, ""};
    return {EngineKind::kSync, 1,
            fmt::format("{} is synchronous: one request at a time as in fio (iodepth={} has no effect)",
                        spec.fio_engine, spec.iodepth)};
  }
  if (!io_uring_refusal) return {EngineKind::kIoUring, spec.iodepth, ""};
  return {EngineKind::kSync, spec.iodepth,
          fmt::format("io_uring is unavailable ({}): the sync engine keeps iodepth={} requests in flight with as "
                      "many threads",
                      *io_uring_refusal, spec.iodepth)};
}

}  // namespace bench
