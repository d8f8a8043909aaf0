// phases/workload/sync_schedule.h: when a workload job's fsync=, fdatasync= and end_fsync= syncs are due, and of which file.
#include <doctest/doctest.h>

#include "phases/workload/sync_schedule.h"
#include "result/workload_spec.h"

namespace bench {

TEST_CASE("sync schedule: fsync=2 is due after every second write issued, of the file written last") {
  WorkloadSpec spec;
  spec.fsync_every = 2;
  SyncSchedule syncs(spec);
  CHECK(!syncs.due());
  syncs.wrote(0);
  CHECK(!syncs.due());
  syncs.wrote(3);
  REQUIRE(syncs.due());
  CHECK(syncs.due_op() == IoOp::kFsync);
  CHECK(syncs.file() == 3);
  syncs.synced();
  CHECK(!syncs.due());
}

TEST_CASE("sync schedule: fdatasync= syncs with fdatasync, with both due, fsync= goes, and one sync resets both") {
  WorkloadSpec spec;
  spec.fdatasync_every = 1;
  spec.fsync_every = 3;
  SyncSchedule syncs(spec);
  syncs.wrote(1);
  REQUIRE(syncs.due());
  CHECK(syncs.due_op() == IoOp::kFdatasync);
  syncs.synced();
  syncs.wrote(1);
  syncs.wrote(1);
  CHECK(syncs.due_op() == IoOp::kFdatasync);  // 2 writes since the last sync: fsync=3 not yet due
  syncs.wrote(1);
  CHECK(syncs.due_op() == IoOp::kFsync);      // 3 since: the counts of both run from the last sync of either
  syncs.synced();
  CHECK(!syncs.due());
}

TEST_CASE("sync schedule: without fsync= or fdatasync= none is due, and end_fsync= needs a completed write") {
  WorkloadSpec spec;
  spec.end_fsync = true;
  SyncSchedule syncs(spec);
  for (int i = 0; i < 100; ++i) syncs.wrote(0);
  CHECK(!syncs.due());
  CHECK(!syncs.end_fsync_due());  // issued, none completed
  syncs.write_completed();
  CHECK(syncs.end_fsync_due());
  spec.end_fsync = false;
  SyncSchedule without(spec);
  without.write_completed();
  CHECK(!without.end_fsync_due());
}

}  // namespace bench
