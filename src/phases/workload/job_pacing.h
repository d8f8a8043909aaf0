#pragma once
// When a workload job's next request may go: the one question its loop (phases/workload/workload_job.cpp) asks of the
// pacing rules before each request, and once more when a pass ends. The rules: fio's rate= and rate_iops=
// (rate_process=poisson included: phases/workload/job_rate.h RatePacer; rate_ignore_thinktime: a stall counts as
// time at the rate), fio's thinktime= family (Thinktime below) and fio's flow= (phases/workload/job_flow.h JobFlow:
// a job ahead of its flow's share pauses flow_sleep= and asks again); a new rule is one more member here, asked in
// next() and told in issued() and completed(), and the loop needs nothing: it takes any of the three answers
// (Decision) as they come. In fio's order: the thinktime owed for the request before, then the flow, then the rate.
//
// What the loop does meanwhile, as fio does before it sleeps for its rate and before its thinktime: waits for every
// request in flight to complete, then sleeps until the time given, or spins and sleeps through the pause given
// (waking for runtime's end and the stop rules, phases/workload/job_stop.h).
// Pure: the caller reads the clock and hands the time in.
#include <chrono>
#include <cstdint>
#include <optional>

#include "engine/io_engine.h"
#include "phases/workload/job_flow.h"
#include "phases/workload/job_rate.h"
#include "result/workload_spec.h"

namespace bench {

class JobPacing {
 public:
  using Clock = std::chrono::steady_clock;

  // `seed` draws rate_process=poisson's gaps; `flow`: the run's counters of the job's flow_id (nullptr: no flow).
  JobPacing(const WorkloadSpec& spec, std::uint64_t seed, FlowCounters* flow = nullptr);

  // Whether any rule paces the job: when none does, every request may go at once and the loop reads no clock
  // for the question.
  bool paces() const { return rate_.has_value() || thinktime_.has_value() || flow_.active(); }

  // The job's start: the rules' times count from it.
  void begin(Clock::time_point start) {
    start_ = start;
    if (thinktime_) thinktime_->begin(start);
  }
  // The ramp ended at `now`: the rate's schedule starts afresh from it (fio's reset_all_stats: RatePacer::restart).
  void ramp_ended(Clock::time_point now) {
    start_ = now;
    if (rate_) rate_->restart();
  }

  // The answer for the request the job drew (`wanted`: kRead, kWrite or kTrim) at `now`: what it is to be (a
  // rule may make it the other direction of a read and write mix, as fio's rate does) and when it may go: now, not
  // before `wait_until`, or after a `pause` (at most one of the two is set). A pause is owed for what was issued
  // before the question, so the loop also asks when a pass ends (`wanted`: the last request's direction) and takes a
  // pause then, inside the job's time, but no `wait_until` (no request follows to wait for).
  struct Pause {
    std::chrono::nanoseconds stall{0};  // from when nothing is in flight any more
    std::chrono::nanoseconds spin{0};   // the first part of the stall, spent spinning (at most stall); the rest asleep
  };
  struct Decision {
    IoOp op = IoOp::kRead;
    std::optional<Clock::time_point> wait_until;  // nullopt: now (or after the pause)
    std::optional<Pause> pause;  // wait for what is in flight, then stall; the loop then asks afresh
  };
  // A pause it answers counts as taken: the next question is asked after it.
  Decision next(IoOp wanted, Clock::time_point now);
  // The pause owed when a pass ends (the thinktime after its last request), if any; the flow and the rate, which
  // hold back a next request, are not asked. One answered counts as taken.
  std::optional<Pause> pause_owed(Clock::time_point now);

  // Counts one request of `op` as issued (the one next() let go): each rule's next time moves on.
  void issued(IoOp op, std::uint32_t bytes) {
    if (rate_) rate_->issued(op, bytes);
    if (thinktime_) thinktime_->issued();
    flow_.issued();
    last_issued_ = op;
  }
  // Counts one request of `op` (a verify_backlog read too) as completed whole.
  void completed(IoOp) {
    if (thinktime_) thinktime_->completed();
  }

 private:
  // fio's thinktime= (backend.c handle_thinktime), checked once after each request: a pause of thinktime=, the
  // first thinktime_spin= of it spun (at most all of it, as fio's fixup_options), is owed once thinktime_blocks=
  // requests (default 1) completed since the last pause (issued, with thinktime_blocks_type=issue; the count as it
  // stood when the pause was owed), or once thinktime_iotime= plus thinktime= has passed since the job's start or
  // the last pause; with thinktime_iotime= and no thinktime_blocks=, the time alone.
  class Thinktime {
   public:
    explicit Thinktime(const WorkloadSpec& spec);
    void begin(Clock::time_point start) { last_pause_ = start; }
    void issued() {
      ++issued_;
      unchecked_ = true;
    }
    void completed() { ++completed_; }
    // The pause owed at `now`, if any; one answered counts as taken.
    std::optional<Pause> owed(Clock::time_point now);

   private:
    Pause pause_;
    std::optional<std::uint32_t> blocks_;
    bool by_issue_;
    std::chrono::nanoseconds iotime_;
    bool unchecked_ = false;  // a request was issued since the last check
    std::uint64_t issued_ = 0;
    std::uint64_t completed_ = 0;
    std::uint64_t counted_at_pause_ = 0;
    Clock::time_point last_pause_{};
  };

  std::optional<RatePacer> rate_;  // rate= / rate_iops= (with rate_process=)
  std::optional<Thinktime> thinktime_;  // thinktime= (with thinktime_spin=, _blocks=, _blocks_type=, _iotime=)
  bool rate_ignores_thinktime_;        // rate_ignore_thinktime=
  JobFlow flow_;                       // flow=, flow_sleep=
  IoOp last_issued_ = IoOp::kRead;     // the direction whose rate a thinktime stall's skip goes to (fio's)
  Clock::time_point start_{};
};

}  // namespace bench
