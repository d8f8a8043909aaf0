// phases/workload/job_flow.h: fio's flow= (flow.c): the jobs of one flow_id keep their requests in the ratio of their
// weights through one shared counter, held in memory that job processes share.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <vector>

#include "phases/workload/job_flow.h"
#include "phases/workload/job_pacing.h"
#include "result/workload_spec.h"

namespace bench {
namespace {

using std::chrono::microseconds;

// Jobs taking turns at asking, round robin, `rounds` times each: the requests each was let issue.
std::vector<std::uint64_t> take_turns(std::vector<JobFlow*> jobs, int rounds) {
  std::vector<std::uint64_t> issued(jobs.size(), 0);
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      if (!jobs[j]->admit()) continue;
      jobs[j]->issued();
      ++issued[j];
    }
  }
  return issued;
}

}  // namespace

TEST_CASE("job flow: fio's test, the job's share of the counter against its weight's share of the flow's") {
  CHECK_FALSE(flow_ahead(0, 1, 1, 9));  // fio's counter starts at 1: the first request of any job goes
  CHECK(flow_ahead(1, 2, 1, 9));        // 1/2 above 1/9
  CHECK_FALSE(flow_ahead(1, 2, 1, 2));  // 1/2 is not above 1/2: equal shares go
  CHECK(flow_ahead(2, 3, 1, 2));
  // fio's unsigned weights: a sum that wraps to 0 makes every share infinite, and nothing is ever held back.
  CHECK_FALSE(flow_ahead(1000, 1001, 1, 0));
}

TEST_CASE("job flow: jobs of weights 8 and 1 make 8 requests to 1, whoever asks more often") {
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 8}};
  RunFlows flows(members);
  JobFlow light(flows.find(0), 1, microseconds(1000));
  JobFlow heavy(flows.find(0), 8, microseconds(1000));
  const std::vector<std::uint64_t> issued = take_turns({&light, &heavy}, 9000);
  CHECK(issued[1] == doctest::Approx(8.0 * static_cast<double>(issued[0])).epsilon(0.01));
  CHECK(light.sleep() == microseconds(1000));
}

TEST_CASE("job flow: an admitted request stays admitted until it goes, and other flow ids do not count") {
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 1}, {7, 1}};
  RunFlows flows(members);
  REQUIRE(flows.find(0) != nullptr);
  REQUIRE(flows.find(7) != nullptr);
  CHECK(flows.find(3) == nullptr);
  JobFlow first(flows.find(0), 1, microseconds(0));
  JobFlow second(flows.find(0), 1, microseconds(0));
  JobFlow alone(flows.find(7), 1, microseconds(0));
  CHECK(first.admit());
  CHECK(first.admit());  // held by another rule (the rate) and asked again: the same admission, counted once
  first.issued();
  CHECK(first.admit());  // 1 of 2 is its half
  first.issued();
  CHECK_FALSE(first.admit());  // 2 of 3 is above it: the other job's turn
  CHECK(second.admit());
  second.issued();
  // Flow 7 has one job of weight 1 out of 1: never held back, whatever flow 0 does.
  CHECK(take_turns({&alone}, 100) == std::vector<std::uint64_t>{100});
}

TEST_CASE("job flow: a job's end takes its count and weight out, and the others go on alone") {
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 1}};
  RunFlows flows(members);
  JobFlow staying(flows.find(0), 1, microseconds(0));
  {
    JobFlow leaving(flows.find(0), 1, microseconds(0));
    CHECK(take_turns({&staying, &leaving}, 10) == std::vector<std::uint64_t>{10, 10});
  }
  CHECK(take_turns({&staying}, 50) == std::vector<std::uint64_t>{50});
  CHECK(flows.find(0)->total_weight.load() == 1);
}

TEST_CASE("job flow: a job whose peer has not started yet is held after its first requests, as fio's") {
  // Every job's weight counts from the run's start (fio adds it when it parses the job): alone, a job of weight 1 in a
  // flow of 2 issues while its count is at most half the counter: twice (fio 3.33 does 2 requests, then waits).
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 1}};
  RunFlows flows(members);
  JobFlow first(flows.find(0), 1, microseconds(0));
  CHECK(take_turns({&first}, 100) == std::vector<std::uint64_t>{2});
  first.leave();
  flows.start_run();  // a new run (-x): the counter back to 1, the weights to their sum
  JobFlow again(flows.find(0), 1, microseconds(0));
  CHECK(take_turns({&again}, 100) == std::vector<std::uint64_t>{2});
}

TEST_CASE("job flow: the counter is shared with job processes (the mapping made before they fork)") {
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 3}};
  RunFlows flows(members);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    JobFlow job(flows.find(0), 3, microseconds(0));
    int issued = 0;
    while (issued < 3) {  // the child's three go only as the parent's requests let them
      if (job.admit()) {
        job.issued();
        ++issued;
      }
    }
    job.leave();
    ::_exit(0);
  }
  JobFlow job(flows.find(0), 1, microseconds(0));
  int issued = 0;
  // The parent's second request goes once the child's count has moved the counter to 4 (1 of 4 is its quarter).
  while (issued < 2) {
    if (job.admit()) {
      job.issued();
      ++issued;
    }
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(flows.find(0)->total_weight.load() == 1);  // the child's weight left with it
  CHECK(flows.find(0)->counter.load() == 3);       // 1 + the parent's 2
}

TEST_CASE("job pacing: a job ahead of its flow pauses flow_sleep=, then asks again") {
  WorkloadSpec spec;
  spec.pattern = IoPattern::kRead;
  spec.flow_weight = 1;
  spec.flow_sleep = microseconds(1000);
  const std::vector<RunFlows::Member> members = {{0, 1}, {0, 1}};
  RunFlows flows(members);
  JobPacing pacing(spec, 1, flows.find(0));
  JobPacing peer(spec, 1, flows.find(0));
  REQUIRE(pacing.paces());
  const auto now = JobPacing::Clock::now();
  pacing.begin(now);
  peer.begin(now);
  for (int i = 0; i < 2; ++i) {
    const JobPacing::Decision decision = pacing.next(IoOp::kRead, now);
    CHECK_FALSE(decision.pause);
    CHECK_FALSE(decision.wait_until);
    pacing.issued(IoOp::kRead, 4096);
  }
  const JobPacing::Decision held = pacing.next(IoOp::kRead, now);
  REQUIRE(held.pause);
  CHECK(held.pause->stall == microseconds(1000));
  CHECK(held.pause->spin == std::chrono::nanoseconds(0));
  CHECK_FALSE(pacing.pause_owed(now));  // a pass's end is not held by the flow
  CHECK_FALSE(peer.next(IoOp::kRead, now).pause);
  peer.issued(IoOp::kRead, 4096);
  CHECK_FALSE(pacing.next(IoOp::kRead, now).pause);  // 2 of 4: its half again
}

}  // namespace bench
