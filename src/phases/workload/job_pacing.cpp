#include "phases/workload/job_pacing.h"

namespace bench {

JobPacing::JobPacing(const WorkloadSpec& spec, std::uint64_t seed) {
  if (spec.rate_limited()) rate_.emplace(spec, seed);
}

JobPacing::Decision JobPacing::next(IoOp wanted, Clock::time_point now) {
  Decision decision{wanted, std::nullopt, std::nullopt};
  if (rate_) {
    const auto since_start = std::chrono::duration_cast<std::chrono::nanoseconds>(now - start_);
    const RatePacer::Next rate = rate_->next(wanted, since_start);
    decision.op = rate.op;
    if (start_ + rate.due > now) decision.wait_until = start_ + rate.due;
  }
  return decision;
}

}  // namespace bench
