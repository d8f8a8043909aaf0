#pragma once
// Which engine runs a workload, and why (engine/io_engine.h has the engines): fio's asynchronous engines run on
// io_uring with iodepth requests in flight, or, when io_uring is unavailable (`io_uring_refusal` holds why), on
// the synchronous engine with iodepth threads; fio's synchronous engines run one request at a time, as in fio
// (iodepth has no effect there). Decided once per workload, when the run is planned (plan/plan.h). Pure.
#include <cstdint>
#include <optional>
#include <string>

#include "result/engine_kind.h"
#include "result/workload_spec.h"

namespace bench {

struct EngineChoice {
  EngineKind engine = EngineKind::kSync;
  std::uint32_t depth = 1;
  std::string note;  // e.g. "io_uring is unavailable (...): iodepth 32 kept by 32 threads of the sync engine"
};
EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal);

}  // namespace bench
