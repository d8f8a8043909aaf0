// phases/workload/backlog_verify.h: verify_backlog='s checks as the job loop sends them: due after the writes JobData names,
// waiting for the queue to empty, then held by the slot their read went from until it is reaped.
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "cli/fio_options.h"
#include "data/checked_workload.h"
#include "phases/workload/backlog_verify.h"
#include "phases/workload/workload_data.h"

namespace bench {
namespace {

WorkloadSpec spec_of(const std::vector<FioOption>& options) { return test::checked_workload(options, 64 * 1024); }

}  // namespace

TEST_CASE("backlog verify: without verify_backlog= (or without data) it never acts") {
  CHECK(!BacklogVerify(nullptr, 4).active());
  const WorkloadSpec spec = spec_of({{"rw", "write"}, {"verify", "crc32c"}});
  std::vector<std::byte> buffers(4 * spec.block_bytes);
  JobData data(spec, JobDataSetup{buffers, 4, 0, spec.size_bytes, FioSeeds{}, "f"});
  const BacklogVerify backlog(&data, 4);
  CHECK(!backlog.active());
  CHECK(!backlog.holds(0));
}

TEST_CASE("backlog verify: verify_backlog=2 checks the two blocks written, one read at a time, by its slot") {
  const WorkloadSpec spec = spec_of({{"rw", "write"}, {"verify", "crc32c"}, {"verify_backlog", "2"}});
  std::vector<std::byte> buffers(4 * spec.block_bytes);
  JobData data(spec, JobDataSetup{buffers, 4, 0, spec.size_bytes, FioSeeds{}, "f"});
  BacklogVerify backlog(&data, 4);
  REQUIRE(backlog.active());
  CHECK(!backlog.due(false));
  data.before_write(0, 0, 4096);
  CHECK(!backlog.due(false));
  data.before_write(1, 4096, 4096);
  const std::optional<std::uint64_t> first = backlog.due(false);
  REQUIRE(first);
  CHECK(*first == 0);
  CHECK(backlog.waiting());
  CHECK(backlog.due(false) == first);  // kept while the queue empties
  backlog.sent(3);
  CHECK(!backlog.waiting());
  CHECK(backlog.holds(3));
  CHECK(!backlog.holds(0));
  const std::optional<std::uint64_t> second = backlog.due(true);  // the batch goes on after its first read
  REQUIRE(second);
  CHECK(*second == 4096);
  backlog.sent(2);
  backlog.reaped(3);
  CHECK(!backlog.holds(3));
  CHECK(backlog.holds(2));
  CHECK(!backlog.due(true));  // nothing left to check
}

}  // namespace bench
