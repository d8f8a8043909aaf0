#include "phases/workload/job_pacing.h"

#include <algorithm>
#include <utility>

#include "engine/cpu_engine.h"

namespace bench {

JobPacing::JobPacing(const WorkloadSpec& spec, std::uint64_t seed) {
  if (spec.rate_limited()) rate_.emplace(spec, seed);
  if (spec.engine == EngineKind::kCpuio) {
    // fio's cpuio_init, in place of the job's thinktime family: after each request a pause that makes its burn
    // cpuload percent of the cycle (engine/cpu_engine.h cpu_think_time), slept.
    WorkloadSpec cpu = spec;
    cpu.thinktime = cpu_think_time(spec.cpu_load, spec.cpu_chunk_us);
    cpu.thinktime_spin = std::chrono::nanoseconds(0);
    cpu.thinktime_blocks = 1;
    cpu.thinktime_blocks_issue = false;
    cpu.thinktime_iotime = std::chrono::nanoseconds(0);
    if (cpu.thinktime.count() > 0) thinktime_.emplace(cpu);
  } else if (spec.thinktime.count() > 0) {
    thinktime_.emplace(spec);
  }
}

// A pause owed goes first: fio's thinktime follows the request before it, the rate's wait precedes the next.
JobPacing::Decision JobPacing::next(IoOp wanted, Clock::time_point now) {
  Decision decision{wanted, std::nullopt, std::nullopt};
  if (thinktime_) {
    decision.pause = thinktime_->owed(now);
    if (decision.pause) return decision;
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
