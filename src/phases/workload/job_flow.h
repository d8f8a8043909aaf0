#pragma once
// fio's flow (fio 3.33 flow.c): the jobs that name one flow_id keep their requests in the ratio of their flow=
// weights. Each flow has one counter of the requests its jobs were let issue (starting at 1) and the sum of their
// weights; before each request a job compares its own count's share of the counter with its weight's share of the
// sum: when ahead, it waits for what it has in flight, sleeps flow_sleep= microseconds and asks again; else the
// request goes and both counts move on by one. A job's end takes its count and weight out of the flow.
//
// As fio, every job's weight counts from the run's start (fio adds each job's when it parses it): a flow job whose
// peers run in a later group (after a stonewall) is held back until its runtime ends. The weights are fio's
// unsigned ints, their sum wraps as fio's (a negative flow= is 2^32 minus its size).
//
// RunFlows holds the counters in one anonymous shared mapping made before any job starts, so that the jobs see one
// counter whether they run as threads or as processes of their own (phases/workload/job_process.h).
// JobFlow is one job's side of it, a rule of its pacing (phases/workload/job_pacing.h).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>

namespace bench {

// One flow's shared state (fio's struct fio_flow).
struct FlowCounters {
  std::uint32_t id = 0;
  std::uint32_t sum_of_weights = 0;  // the jobs' weights, added at the run's start
  std::atomic<std::uint64_t> counter{1};
  std::atomic<std::uint32_t> total_weight{0};
};

// fio's flow_threshold_exceeded's test: whether a job whose own count is `own`, of the flow's `counter`, is ahead of
// its `weight`'s share of `total_weight` (compared as fio compares them, in double). Pure.
bool flow_ahead(std::uint64_t own, std::uint64_t counter, std::uint32_t weight, std::uint32_t total_weight);

// The flows of one run, in shared memory.
class RunFlows {
 public:
  // One job of the run that is in a flow (flow= not 0).
  struct Member {
    std::uint32_t flow_id = 0;
    std::uint32_t weight = 0;
  };
  // The flows of `members` (every job of the run: numjobs of a workload each count). Throws std::system_error when
  // the shared mapping cannot be made.
  explicit RunFlows(std::span<const Member> members);
  ~RunFlows();
  RunFlows(const RunFlows&) = delete;
  RunFlows& operator=(const RunFlows&) = delete;

  // A run starts (each of -x's runs): each flow's counter back to 1, its weight the sum of its jobs'.
  void start_run();
  // The flow `flow_id`; nullptr when no member named it.
  FlowCounters* find(std::uint32_t flow_id);

 private:
  FlowCounters* flows_ = nullptr;
  std::size_t count_ = 0;
  std::size_t mapped_bytes_ = 0;
};

// One job's share of its flow.
class JobFlow {
 public:
  JobFlow() = default;  // no flow: every request may go
  // `flow`: the run's counters of the job's flow_id (nullptr: none); `weight`: its flow=; `sleep`: flow_sleep=.
  JobFlow(FlowCounters* flow, std::uint32_t weight, std::chrono::microseconds sleep)
      : flow_(weight != 0 ? flow : nullptr), weight_(weight), sleep_(sleep) {}
  ~JobFlow() { leave(); }
  JobFlow(const JobFlow&) = delete;
  JobFlow& operator=(const JobFlow&) = delete;

  bool active() const { return flow_ != nullptr; }
  // Whether the job's next request may go now: true counts it in the flow (once: until issued() the answer holds).
  bool admit();
  // The request admitted went.
  void issued() { admitted_ = false; }
  // How long a job held back sleeps (after its requests in flight completed) before it asks again.
  std::chrono::microseconds sleep() const { return sleep_; }
  // The job ends: its count and weight leave the flow (at once for a job that ends early; the destructor otherwise).
  void leave();

 private:
  FlowCounters* flow_ = nullptr;
  std::uint32_t weight_ = 0;
  std::chrono::microseconds sleep_{0};
  std::uint64_t own_ = 0;  // fio's td->flow_counter
  bool admitted_ = false;
};

}  // namespace bench
