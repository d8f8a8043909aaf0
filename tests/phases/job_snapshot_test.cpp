// A running job's answers to the runner's requests for its measurement so far (fio's --status-interval): the
// request count and the answers, without a job, a disk or a clock.
#include "phases/job_snapshot.h"

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace bench {

TEST_CASE("job snapshot: a request is due until the job answers it, and each answer carries what the job passes") {
  std::atomic<std::uint64_t> requests{0};
  std::vector<std::uint64_t> answered_bytes;
  JobSnapshot snapshot(requests, [&](const JobMeasurement& so_far) {
    answered_bytes.push_back(so_far.parts.at(0).bytes);
  });
  CHECK_FALSE(snapshot.due());
  CHECK(snapshot.answered() == 0);
  requests.fetch_add(1);
  CHECK(snapshot.due());
  CHECK(snapshot.requests() == 1);
  JobMeasurement measurement;
  measurement.parts.resize(1);
  measurement.parts[0].bytes = 4096;
  snapshot.answer(measurement);
  CHECK_FALSE(snapshot.due());
  CHECK(snapshot.answered() == 1);
  // Two requests before the job's next turn: one answer answers both.
  requests.fetch_add(2);
  CHECK(snapshot.due());
  measurement.parts[0].bytes = 8192;
  snapshot.answer(measurement);
  CHECK_FALSE(snapshot.due());
  CHECK(snapshot.answered() == 3);
  CHECK(answered_bytes == std::vector<std::uint64_t>{4096, 8192});
}

TEST_CASE("job snapshot: a job that begins after earlier requests (an earlier group's) owes none of them") {
  std::atomic<std::uint64_t> requests{5};
  int answers = 0;
  JobSnapshot snapshot(requests, [&](const JobMeasurement&) { ++answers; });
  CHECK_FALSE(snapshot.due());
  CHECK(snapshot.answered() == 5);
  requests.fetch_add(1);
  CHECK(snapshot.due());
  snapshot.answer(JobMeasurement{});
  CHECK(answers == 1);
  CHECK(snapshot.answered() == 6);
}

}  // namespace bench
