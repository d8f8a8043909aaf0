// fio's block options as bench++ reads them: bs=R,W[,T], bsrange=, bssplit= (per-direction lists,
// an empty percent sharing the rest, fio's order), blockalign=, and what is refused with them.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/fio_job_file.h"
#include "cli/fio_options.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

WorkloadSpec workload_of(std::vector<std::string> options) {
  options.insert(options.begin(), "--name=w");
  options.push_back("--size=1m");
  const FioJobs jobs = read_fio_command_line(options);
  REQUIRE(jobs.workloads.size() == 1);
  return jobs.workloads.front();
}

std::string error_of(std::vector<std::string> options) {
  return test::error_of<UsageError>([&] {
    const WorkloadSpec spec = workload_of(options);
    check_workload(spec);
  });
}

}  // namespace

TEST_CASE("fio blocks: bs=R,W gives each direction its size, a missing write the read's, as fio") {
  const WorkloadSpec two = workload_of({"--bs=4k,64k"});
  CHECK(two.block_sizes.direction[0].min() == 4096);
  CHECK(two.block_sizes.direction[1].min() == 65536);
  CHECK(two.block_bytes == 65536);  // each request buffer holds the largest
  CHECK(two.block_sizes.varies());
  const WorkloadSpec colon = workload_of({"--bs=8k:16k"});  // without ',' fio cuts at ':'
  CHECK(colon.block_sizes.direction[0].min() == 8192);
  CHECK(colon.block_sizes.direction[1].min() == 16384);
  const WorkloadSpec one = workload_of({"--bs=8k"});
  CHECK(one.block_bytes == 8192);
  CHECK_FALSE(one.block_sizes.varies());
  const WorkloadSpec empty_read = workload_of({"--bs=,16k"});  // an empty field keeps its default
  CHECK(empty_read.block_sizes.direction[0].min() == 4096);
  CHECK(empty_read.block_sizes.direction[1].min() == 16384);
  // A trailing comma ends the value at the reads (fio 3.33: bs=64k, is reads 64k, writes and trims 4k).
  const WorkloadSpec trailing = workload_of({"--blocksize=64k,"});
  CHECK(trailing.block_sizes.direction[0].min() == 65536);
  CHECK(trailing.block_sizes.direction[1].min() == 4096);
  CHECK(trailing.block_sizes.direction[2].min() == 4096);
}

TEST_CASE("fio blocks: bsrange=lo-hi per direction, swapped when backwards, over bs= in any order") {
  const WorkloadSpec spec = workload_of({"--bsrange=16k-4k,1k-8k", "--bs=2k"});
  CHECK(spec.block_sizes.direction[0].min() == 4096);
  CHECK(spec.block_sizes.direction[0].max() == 16384);
  CHECK(spec.block_sizes.direction[1].min() == 1024);
  CHECK(spec.block_sizes.direction[1].max() == 8192);
  CHECK(spec.block_bytes == 16384);
  const WorkloadSpec same = workload_of({"--bsrange=8k-8k"});  // one size: no draw, block_bytes is it
  CHECK_FALSE(same.block_sizes.varies());
  CHECK(same.block_bytes == 8192);
  CHECK(test::contains(error_of({"--bsrange=4k"}), "bsrange='4k'"));
}

TEST_CASE("fio blocks: bssplit lists per direction, missing percents share the rest, sorted by percent") {
  const WorkloadSpec spec = workload_of({"--bssplit=4k/50:1k/:32k/,64k"});
  const std::vector<BlockSplit> reads{{1024, 25}, {32768, 25}, {4096, 50}};
  CHECK(spec.block_sizes.direction[0].split == reads);
  CHECK(spec.block_sizes.direction[0].min() == 1024);
  CHECK(spec.block_sizes.direction[1].min() == 65536);
  CHECK(spec.block_sizes.direction[1].max() == 65536);
  CHECK(spec.block_bytes == 65536);
  const WorkloadSpec all = workload_of({"--bssplit=4k/10:64k/50:32k/40"});  // one list: every direction's
  CHECK(all.block_sizes.direction[1].split == all.block_sizes.direction[0].split);
  const WorkloadSpec capped = workload_of({"--bssplit=4k/150"});  // above 100 counts as 100, as fio
  CHECK(capped.block_sizes.direction[0].split.front().percent == 100);
  CHECK(test::contains(error_of({"--bssplit=4k/80:8k/30:16k:32k"}), "more than 100"));
  CHECK(test::contains(error_of({"--bssplit=4k/x"}), "bssplit='4k/x'"));
}

TEST_CASE("fio blocks: blockalign=, and what varying sizes refuse: verify=, O_DIRECT's 512 multiple") {
  const WorkloadSpec spec = workload_of({"--rw=randread", "--bs=4k", "--blockalign=16k"});
  CHECK(spec.block_sizes.direction[0].offset_unit() == 16384);
  CHECK(spec.block_sizes.varies());
  CHECK(error_of({"--rw=write", "--bsrange=4k-8k", "--verify=crc32c"}).empty());  // read back as written
  CHECK(test::contains(error_of({"--rw=randread", "--bsrange=4k-8k", "--verify=crc32c"}), "on a reading job"));
  CHECK(test::contains(error_of({"--rw=write", "--bssplit=4k/50:8k/50", "--verify=md5", "--verify_backlog=4"}),
                       "verify_backlog="));
  CHECK(test::contains(error_of({"--rw=write", "--bsrange=4k-8k", "--verify=md5", "--verify_interval=4k"}),
                       "verify_interval="));
  CHECK(test::contains(error_of({"--rw=write", "--bsrange=16-8k", "--verify=sha512"}), "header"));
  CHECK(test::contains(error_of({"--direct=1", "--bssplit=4k/50:1000/50"}), "1000 bytes"));
  CHECK(error_of({"--direct=1", "--bssplit=512/10:4k/90"}).empty());
}

}  // namespace bench
