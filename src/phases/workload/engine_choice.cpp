#include "phases/workload/engine_choice.h"

#include <fmt/format.h>

#include "engine/checked_setup.h"

namespace bench {

namespace {
EngineChoice choose_engine_and_depth(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal) {
  const EngineFacts& engine = engine_facts(spec.engine);
  if (spec.engine == EngineKind::kNull) {
    // fio's null refuses a request (FIO_Q_BUSY) while what it committed is not yet reaped, and commits every
    // iodepth_batch_submit requests: that many are in flight at most, whatever iodepth says (or offload's workers).
    const std::uint32_t batch =
        normalized_batching({spec.batch_submit, spec.batch_complete_min, spec.batch_complete_max}, spec.iodepth).submit;
    if (batch == spec.iodepth) return {spec.engine, batch, ""};
    return {spec.engine, batch,
            fmt::format("null completes each batch before the next, as fio's: iodepth_batch_submit={} requests in "
                        "flight (iodepth={} has no more effect)",
                        batch, spec.iodepth)};
  }
  if (spec.submit_offload) {
    // fio's offload: iodepth workers, each queueing one request on the job's engine (the row's OffloadRule;
    // check_workload refuses the others).
    if (engine.offload == OffloadRule::kDepthThreads && spec.iodepth > 1) {
      return {EngineKind::kPsyncThreads, spec.iodepth,
              fmt::format("io_submit_mode=offload: psync's requests from iodepth={} threads, as fio's submission "
                          "workers make them",
                          spec.iodepth)};
    }
    if (engine.offload == OffloadRule::kSameEngine) {
      return {spec.engine, spec.iodepth,
              fmt::format("io_submit_mode=offload: the job's thread submits {}'s requests as they are due, up to "
                          "iodepth={} in flight (fio's workers submit the same requests)",
                          spec.fio_engine, spec.iodepth)};
    }
  }
  if (engine.synchronous) {
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

}  // namespace

EngineChoice choose_engine(const WorkloadSpec& spec, const std::optional<std::string>& io_uring_refusal) {
  EngineChoice choice = choose_engine_and_depth(spec, io_uring_refusal);
  choice.own_process = !spec.thread;  // fio's job is a process of its own session unless thread= (backend.c)
  return choice;
}

}  // namespace bench
