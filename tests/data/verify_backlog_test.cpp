// verify_backlog= and verify_backlog_batch= (phases/workload/workload_data.h JobData::next_backlog_check): which written
// blocks a job reads back between its writes, and when, against fio 3.33's order for the same writes (its
// --write_iolog of fio --name=p --filename=f --size=64k --bs=4k --verify=crc32c and the options named, quoted in
// each case; tests/fio_peer/verify_backlog_peer_test.cpp runs both tools side by side).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli/fio_options.h"
#include "data/checked_workload.h"
#include "phases/workload/workload_data.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;

WorkloadSpec spec_of(const std::vector<FioOption>& options) { return test::checked_workload(options, 64 * 1024); }

// The job loop's questions as it writes `blocks` in that order: before each request, whether a check is due;
// "w3" for a write of block 3, "r3" for its check.
std::string requests_of(const WorkloadSpec& spec, const std::vector<std::uint64_t>& blocks) {
  std::vector<std::byte> buffer(spec.block_bytes);
  JobData data(spec, JobDataSetup{buffer, 1, 0, spec.size_bytes, FioSeeds{}, "f"});
  CHECK(data.keeps_backlog());
  std::string out;
  bool last_was_read = false;
  for (std::size_t next = 0; next < blocks.size();) {
    if (const std::optional<std::uint64_t> check = data.next_backlog_check(last_was_read)) {
      out += "r" + std::to_string(*check / kBlock) + " ";
      last_was_read = true;
      continue;
    }
    data.before_write(0, blocks[next] * kBlock, kBlock);
    out += "w" + std::to_string(blocks[next++]) + " ";
    last_was_read = false;
  }
  return out;
}

std::vector<std::uint64_t> in_order(std::uint64_t count) {
  std::vector<std::uint64_t> blocks;
  for (std::uint64_t b = 0; b < count; ++b) blocks.push_back(b);
  return blocks;
}

}  // namespace

TEST_CASE("verify_backlog=4: the four blocks written are read back before the next write, as fio's") {
  const WorkloadSpec spec = spec_of({{"rw", "write"}, {"verify", "crc32c"}, {"verify_backlog", "4"}});
  // fio: w0 w1 w2 w3 r0 r1 r2 r3 w4 ... w15 (then r12 .. r15, the job's last check)
  CHECK(requests_of(spec, in_order(16)) ==
        "w0 w1 w2 w3 r0 r1 r2 r3 w4 w5 w6 w7 r4 r5 r6 r7 w8 w9 w10 w11 r8 r9 r10 r11 w12 w13 w14 w15 ");
}

TEST_CASE("verify_backlog_batch=2: two at a time, each batch after the unchecked blocks reach a multiple of 4") {
  const WorkloadSpec spec =
      spec_of({{"rw", "write"}, {"verify", "crc32c"}, {"verify_backlog", "4"}, {"verify_backlog_batch", "2"}});
  // fio: w0 w1 w2 w3 r0 r1 w4 w5 r2 r3 w6 w7 r4 r5 ... w14 w15 r12 r13 (then r14 r15 after the writes)
  CHECK(requests_of(spec, in_order(16)) ==
        "w0 w1 w2 w3 r0 r1 w4 w5 r2 r3 w6 w7 r4 r5 w8 w9 r6 r7 w10 w11 r8 r9 w12 w13 r10 r11 w14 w15 ");
}

TEST_CASE("verify_backlog with a random map: oldest first, and a batch larger than what is left goes on after writes") {
  const WorkloadSpec spec = spec_of(
      {{"rw", "randwrite"}, {"verify", "crc32c"}, {"verify_backlog", "5"}, {"verify_backlog_batch", "7"}});
  // fio's randwrite order for this job, and its checks between: w0 w11 w13 w7 w6 r0 r11 r13 r7 r6 w14 r14 w8 r8
  // w5 w15 w1 w2 w10 r5 r15 r1 r2 r10 w3 r3 w4 r4 w9 w12 (then r9 r12)
  CHECK(requests_of(spec, {0, 11, 13, 7, 6, 14, 8, 5, 15, 1, 2, 10, 3, 4, 9, 12}) ==
        "w0 w11 w13 w7 w6 r0 r11 r13 r7 r6 w14 r14 w8 r8 w5 w15 w1 w2 w10 r5 r15 r1 r2 r10 w3 r3 w4 r4 w9 w12 ");
}

TEST_CASE("verify_backlog without a random map: the lowest offset first, a rewritten block checked once") {
  const WorkloadSpec spec = spec_of(
      {{"rw", "randwrite"}, {"norandommap", "1"}, {"verify", "crc32c"}, {"verify_backlog", "3"}});
  CHECK(requests_of(spec, {9, 2, 9, 5, 1, 7}) == "w9 w2 w9 w5 r2 r5 r9 w1 w7 ");
}

TEST_CASE("verify_backlog: nothing is checked during the job without do_verify, nor on a read job") {
  const WorkloadSpec no_verify =
      spec_of({{"rw", "write"}, {"verify", "crc32c"}, {"verify_backlog", "4"}, {"do_verify", "0"}});
  std::vector<std::byte> buffer(no_verify.block_bytes);
  JobData quiet(no_verify, JobDataSetup{buffer, 1, 0, no_verify.size_bytes, FioSeeds{}, "f"});
  CHECK_FALSE(quiet.keeps_backlog());
  for (std::uint64_t block = 0; block < 8; ++block) quiet.before_write(0, block * kBlock, kBlock);
  CHECK_FALSE(quiet.next_backlog_check(false).has_value());
  const WorkloadSpec reads = spec_of({{"rw", "read"}, {"verify", "crc32c"}, {"verify_backlog", "4"}});
  JobData reader(reads, JobDataSetup{buffer, 1, 0, reads.size_bytes, FioSeeds{}, "f"});
  CHECK_FALSE(reader.keeps_backlog());
}

TEST_CASE("fio options: verify_backlog_batch= reads a count, and verify_backlog= is no longer refused") {
  const WorkloadSpec spec =
      spec_of({{"rw", "write"}, {"verify", "md5"}, {"verify_backlog", "16"}, {"verify_backlog_batch", "4"}});
  CHECK(spec.verify.verify_backlog == 16);
  CHECK(spec.verify.verify_backlog_batch == 4);
  CHECK(spec_of({{"verify_backlog", "8"}}).verify.verify_backlog_batch == 0);  // 0: the backlog's own N
}

}  // namespace bench
