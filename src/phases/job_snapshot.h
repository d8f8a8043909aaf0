#pragma once
// A running job's measurement so far, when the runner asks for it (fio's --status-interval: the results so far, every
// interval, cumulative since each job's start). The runner raises a request count; the job answers at a safe point
// of its loop, between requests (a workload's: phases/workload/workload_job.cpp), with its JobMeasurement as it
// stands, `elapsed` up to the answer. Asking costs the job one relaxed load per turn of its loop; answering, a copy
// of its measurement (its log samples left out: fio's logs are written once, at the end). A job in a process of its
// own gets the count through the memory it shares with the parent and sends its answer over its channel
// (phases/workload/job_process.cpp), where the parent's JobSnapshot answers with it.
#include <atomic>
#include <cstdint>
#include <functional>

#include "phases/phase.h"

namespace bench {

class JobSnapshot {
 public:
  using Answer = std::function<void(const JobMeasurement& so_far)>;

  // `requests`: the asker's count, which outlives this (the requests made before are not this job's to answer);
  // `answer`: what the job's copy is handed to.
  JobSnapshot(const std::atomic<std::uint64_t>& requests, Answer answer)
      : requests_(requests), answered_(requests.load()), answer_(std::move(answer)) {}

  // The job: whether a request is unanswered.
  bool due() const { return requests_.load(std::memory_order_relaxed) != answered_.load(std::memory_order_relaxed); }
  // The job: answers every request so far with `so_far`.
  void answer(const JobMeasurement& so_far) {
    const std::uint64_t requests = requests_.load(std::memory_order_relaxed);
    answer_(so_far);
    answered_.store(requests, std::memory_order_release);
  }

  // The asker: the count of requests, and how many of them the job has answered.
  std::uint64_t requests() const { return requests_.load(std::memory_order_relaxed); }
  std::uint64_t answered() const { return answered_.load(std::memory_order_acquire); }

 private:
  const std::atomic<std::uint64_t>& requests_;
  std::atomic<std::uint64_t> answered_;
  Answer answer_;
};

}  // namespace bench
