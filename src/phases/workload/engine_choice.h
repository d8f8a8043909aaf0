#pragma once
// Which engine runs a workload, and why (engine/io_engine.h has the engines; empty reason for the expected one):
// the one its fio engine names (spec.engine), the asynchronous ones (io_uring, libaio, posixaio) with iodepth
// requests in flight, the synchronous ones one request at a time, as in fio (iodepth has no effect there);
// io_uring, when the kernel refuses it (`io_uring_refusal` holds why), on psync at iodepth 1 and psync_threads
// (iodepth threads) above. Decided once per workload, when the run is planned (plan/plan.h). Pure.
#include <cstdint>
#include <optional>
#include <string>

#include "result/engine_kind.h"
#include "result/workload_spec.h"

namespace bench {

struct EngineChoice {
  EngineKind engine = EngineKind::kPsync;
  std::uint32_t depth = 1;
  std::string note;  // e.g. "io_uring is unavailable (...): psync_threads keeps iodepth=32 requests in flight ..."
  // Each job in a process of its own session (phases/workload/job_process.h) unless thread=, as fio's jobs are: with
  // the scheduler's autogroups each then gets a scheduling group's share of a busy machine's CPUs, as each of fio's
  // does, and posixaio jobs each their own glibc POSIX AIO (per process). The plan keeps a group's jobs all threads
  // when one of its posixaio jobs has thread=, so that no process forks while glibc's AIO in it is busy.
  bool own_process = false;
};
EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal);

}  // namespace bench
