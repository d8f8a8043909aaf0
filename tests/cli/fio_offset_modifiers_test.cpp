// rw=<mode>:<nr> and rw_sequencer= read as fio 3.33 reads them (options.c str_rw_cb): the number after a random
// mode is how many requests share one random offset (atoi), after a sequential one the bytes added to each
// offset (a size with fio's suffixes, negative for backwards).
#include <doctest/doctest.h>

#include "cli/fio_workload_support.h"

namespace bench {

using test::workload_error_of;
using test::workload_of;

TEST_CASE("fio: rw=<mode>:<nr>: a skip for sequential modes, a run length for random ones") {
  const WorkloadSpec plain = workload_of({"--rw=randread"});
  CHECK(plain.random_run == 1);
  CHECK(plain.sequential_skip == 0);
  CHECK(plain.rw_sequencer == RwSequencer::kSequential);

  const WorkloadSpec read8 = workload_of({"--rw=read:8"});
  CHECK(read8.pattern == IoPattern::kRead);
  CHECK(read8.sequential_skip == 8);
  CHECK(read8.random_run == 1);
  CHECK(workload_of({"--rw=write:4k"}).sequential_skip == 4096);
  CHECK(workload_of({"--kb_base=1000", "--rw=write:4k"}).sequential_skip == 4000);
  CHECK(workload_of({"--readwrite=rw:-8k"}).sequential_skip == -8192);
  CHECK(workload_of({"--rw=readwrite:64k"}).pattern == IoPattern::kReadWrite);

  const WorkloadSpec rand4 = workload_of({"--rw=randread:4"});
  CHECK(rand4.pattern == IoPattern::kRandRead);
  CHECK(rand4.random_run == 4);
  CHECK(rand4.sequential_skip == 0);
  CHECK(workload_of({"--rw=randrw:16"}).random_run == 16);
  CHECK(workload_of({"--rw=randwrite:0"}).random_run == 0);  // fio's atoi: never random again
  // The last rw= wins whole: its modifier, or none.
  CHECK(workload_of({"--rw=randread:4", "--rw=randread"}).random_run == 1);
}

TEST_CASE("fio: rw_sequencer=sequential|identical, and bad modifiers and sequencers are errors naming them") {
  CHECK(workload_of({"--rw=randread:4", "--rw_sequencer=identical"}).rw_sequencer == RwSequencer::kIdentical);
  CHECK(workload_of({"--rw_sequencer=sequential"}).rw_sequencer == RwSequencer::kSequential);
  CHECK(workload_error_of({"--rw_sequencer=backwards"}) ==
        "invalid fio option rw_sequencer='backwards': fio's sequencers are sequential and identical");
  CHECK(workload_error_of({"--rw=read:8q"}) == "invalid fio option rw='read:8q': unknown size suffix 'q'");
  CHECK(workload_error_of({"--rw=sideways:4"}).find("invalid fio option rw='sideways:4'") == 0);
}

}  // namespace bench
