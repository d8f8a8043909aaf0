// The refill policy alone (engine/refill_policy.h): how many requests one submit takes and when a job reaps,
// for fio's iodepth_batch_* settings. The job loop's use of it is in tests/phases/workload/workload_refill_test.cpp.
#include "engine/refill_policy.h"

#include <doctest/doctest.h>

#include <optional>

namespace bench {
namespace {

using Reap = RefillPolicy::Reap;

}  // namespace

TEST_CASE("refill: fio's defaults submit each request as its slot frees and reap one completion when full") {
  const RefillPolicy policy({}, 32);  // iodepth_batch_submit=1, complete_min=1, complete_max=0
  CHECK(policy.batch_size(32) == 1);
  CHECK(policy.batch_size(1) == 1);
  CHECK(policy.batch_size(0) == 0);
  CHECK(policy.reap(1, 31, true) == std::nullopt);  // a slot is free: issue first
  CHECK(policy.reap(31, 1, true) == std::nullopt);
  CHECK(policy.reap(32, 0, true) == Reap{1, 1});    // full: one completion
  CHECK(policy.reap(5, 27, false) == Reap{1, 1});   // nothing more may go now: wait as when full
  CHECK(policy.reap(0, 32, false) == std::nullopt); // nothing to wait for
}

TEST_CASE("refill: iodepth_batch_submit 0 fills every free slot in one submit, the depth at most") {
  const RefillPolicy whole({0, 1, 0}, 32);
  CHECK(whole.batch_size(32) == 32);
  CHECK(whole.batch_size(7) == 7);
  const RefillPolicy above({64, 1, 0}, 8);
  CHECK(above.batch_size(8) == 8);
  const RefillPolicy four({4, 1, 0}, 32);
  CHECK(four.batch_size(32) == 4);
  CHECK(four.batch_size(3) == 3);
}

TEST_CASE("refill: complete_min and complete_max bound what one reap waits for and takes") {
  CHECK(RefillPolicy({1, 1, 32}, 32).reap(32, 0, true) == Reap{1, 32});
  CHECK(RefillPolicy({1, 4, 8}, 32).reap(32, 0, true) == Reap{4, 8});
  CHECK(RefillPolicy({1, 4, 8}, 32).reap(2, 30, false) == Reap{2, 8});   // never more than is in flight
  CHECK(RefillPolicy({1, 16, 4}, 32).reap(32, 0, true) == Reap{16, 16}); // max below min: min
  CHECK(RefillPolicy({1, 0, 0}, 32).reap(32, 0, true) == Reap{1, 1});    // min 0: fio waits for one
  CHECK(RefillPolicy({1, 64, 64}, 8).reap(8, 0, true) == Reap{8, 8});    // above the depth: the depth
}

}  // namespace bench
