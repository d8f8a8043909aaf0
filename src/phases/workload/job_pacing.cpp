#include "phases/workload/job_pacing.h"

#include <algorithm>
#include <utility>

#include "engine/cpu_engine.h"
#include "engine/exec_engine.h"

namespace bench {

JobPacing::JobPacing(const WorkloadSpec& spec, std::uint64_t seed, FlowCounters* flow)
    : rate_ignores_thinktime_(spec.rate_ignore_thinktime), flow_(flow, spec.flow_weight, spec.flow_sleep) {
  if (spec.rate_limited()) rate_.emplace(spec, seed);
  if (spec.engine == EngineKind::kCpuio || spec.engine == EngineKind::kExec) {
    // fio's cpuio_init and exec's init, in place of the job's thinktime family: after each request a pause, slept,
    // that makes cpuio's burn cpuload percent of the cycle (engine/cpu_engine.h cpu_think_time), or exec's poll.
    WorkloadSpec cpu = spec;
    cpu.thinktime = spec.engine == EngineKind::kExec
                        ? std::chrono::nanoseconds(kExecPoll)
                        : std::chrono::nanoseconds(cpu_think_time(spec.cpu_load, spec.cpu_chunk_us));
    cpu.thinktime_spin = std::chrono::nanoseconds(0);
    cpu.thinktime_blocks = 1;
    cpu.thinktime_blocks_issue = false;
    cpu.thinktime_iotime = std::chrono::nanoseconds(0);
    if (cpu.thinktime.count() > 0) thinktime_.emplace(cpu);
  } else if (spec.thinktime.count() > 0) {
    thinktime_.emplace(spec);
  }
}

std::optional<JobPacing::Pause> JobPacing::pause_owed(Clock::time_point now) {
  if (!thinktime_) return std::nullopt;
  std::optional<Pause> pause = thinktime_->owed(now);
  if (pause && rate_ && rate_ignores_thinktime_) rate_->stalled(last_issued_, pause->stall);
  return pause;
}

// A pause owed goes first: fio's thinktime follows the request before it; then fio's flow, checked at the top of
// its loop (backend.c do_io), and the rate's wait, which precedes the next request.
JobPacing::Decision JobPacing::next(IoOp wanted, Clock::time_point now) {
  Decision decision{wanted, std::nullopt, std::nullopt};
  decision.pause = pause_owed(now);
  if (decision.pause) return decision;
  if (!flow_.admit()) {  // ahead of its share: fio quiesces, sleeps flow_sleep= and asks again
    decision.pause = Pause{flow_.sleep(), std::chrono::nanoseconds(0)};
    return decision;
  }
  if (rate_) {
    const auto since_start = std::chrono::duration_cast<std::chrono::nanoseconds>(now - start_);
    const RatePacer::Next rate = rate_->next(wanted, since_start);
    decision.op = rate.op;
    if (start_ + rate.due > now) decision.wait_until = start_ + rate.due;
  }
  return decision;
}

JobPacing::Thinktime::Thinktime(const WorkloadSpec& spec)
    : pause_{spec.thinktime, std::min(spec.thinktime_spin, spec.thinktime)},
      blocks_(spec.thinktime_blocks),
      by_issue_(spec.thinktime_blocks_issue),
      iotime_(spec.thinktime_iotime) {}

std::optional<JobPacing::Pause> JobPacing::Thinktime::owed(Clock::time_point now) {
  if (!std::exchange(unchecked_, false)) return std::nullopt;
  bool due = false;
  if (iotime_.count() > 0) {
    due = now - last_pause_ >= iotime_ + pause_.stall;
    if (!due && !blocks_) return std::nullopt;
  }
  const std::uint64_t counted = by_issue_ ? issued_ : completed_;
  due = due || counted >= counted_at_pause_ + blocks_.value_or(1);
  if (!due) return std::nullopt;
  counted_at_pause_ = counted;
  last_pause_ = now;
  return pause_;
}

}  // namespace bench
