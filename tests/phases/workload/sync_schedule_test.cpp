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
  syncs.issued(IoOp::kWrite, 0);
  CHECK(!syncs.due());
  syncs.issued(IoOp::kWrite, 3);
  REQUIRE(syncs.due());
  CHECK(syncs.due_op() == IoOp::kFsync);
  CHECK(syncs.file() == 3);
  syncs.synced();
  CHECK(!syncs.due());
}

TEST_CASE("sync schedule: fdatasync= syncs with fdatasync, with both due, fsync= goes, by the count of writes issued") {
  WorkloadSpec spec;
  spec.fdatasync_every = 1;
  spec.fsync_every = 3;
  SyncSchedule syncs(spec);
  syncs.issued(IoOp::kWrite, 1);
  REQUIRE(syncs.due());
  CHECK(syncs.due_op() == IoOp::kFdatasync);
  syncs.synced();
  CHECK(!syncs.due());  // the last request was the sync
  syncs.issued(IoOp::kWrite, 1);
  CHECK(syncs.due_op() == IoOp::kFdatasync);  // 2 writes issued: fsync=3 not due
  syncs.issued(IoOp::kWrite, 1);
  CHECK(syncs.due_op() == IoOp::kFsync);  // 3 issued in all (fio's io_issues, never reset by a sync)
  syncs.synced();
  CHECK(!syncs.due());
}

TEST_CASE("sync schedule: in a mixed job, fio's count of writes stays due after every request until the next write") {
  WorkloadSpec spec;
  spec.fdatasync_every = 1;
  SyncSchedule syncs(spec);
  syncs.issued(IoOp::kRead, 0);  // a read before any write: nothing to sync
  CHECK(!syncs.due());
  syncs.issued(IoOp::kWrite, 0);
  syncs.write_completed();
  REQUIRE(syncs.due());
  syncs.synced();
  CHECK(!syncs.due());
  syncs.issued(IoOp::kRead, 0);  // a read after the sync: fio's should_fsync holds again, and 1 write is a multiple of 1
  CHECK(syncs.due());
  spec.fdatasync_every = 2;
  SyncSchedule every_second(spec);
  every_second.issued(IoOp::kWrite, 0);
  CHECK(!every_second.due());  // 1 write of 2
  every_second.issued(IoOp::kWrite, 0);
  REQUIRE(every_second.due());
  every_second.synced();
  every_second.issued(IoOp::kRead, 0);  // a read: 2 writes issued, a multiple of 2 still
  CHECK(every_second.due());
  every_second.synced();
  every_second.issued(IoOp::kWrite, 0);
  CHECK(!every_second.due());  // 3 writes
}

TEST_CASE("sync schedule: without fsync= or fdatasync= none is due, and end_fsync= needs a completed write") {
  WorkloadSpec spec;
  spec.end_fsync = true;
  SyncSchedule syncs(spec);
  for (int i = 0; i < 100; ++i) syncs.issued(IoOp::kWrite, 0);
  CHECK(!syncs.due());
  CHECK(!syncs.end_fsync_due());  // issued, none completed
  syncs.write_completed();
  CHECK(syncs.end_fsync_due());
  syncs.synced();
  CHECK(!syncs.end_fsync_due());  // the last request was a sync (fio's should_fsync)
  spec.end_fsync = false;
  SyncSchedule without(spec);
  without.write_completed();
  CHECK(!without.end_fsync_due());
}

}  // namespace bench
