#pragma once
// The data of one workload job, as fio's verify= and buffer options make it: what its writes carry and what its reads check, from the workload's
// buffer options and verify= (result/data_options.h), made by data/buffer_fill.h and data/verify.h.
//
// Where it runs, as in fio: the buffers' first fill is outside the measured window; the read-back of a writing job
// with verify= (do_verify) is the job loop's (phases/workload/workload_job.h), its reads the job's reads as fio counts
// them. Per request, inside the job's window but before the request's submission time is taken (so outside its
// latency), as fio fills an io_u before it queues it: refill_buffers' fill, scramble_buffers' stamp, a verified
// write's header and digest. A read job's check (verify= on a read job) runs when the read is reaped, after its
// completion time is taken, as fio checks in its completion path.
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/fio_random.h"
#include "result/workload_spec.h"

namespace bench {

class BufferFiller;
class BlockVerifier;
struct VerifyFailure;

// Thrown by JobData for a block that fails its check: the first bad block, in one line (file, offset, what differs,
// expected and found). main exits 1 for it, as fio exits 1 after a verify failure.
class VerifyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What JobData needs of its job.
struct JobDataSetup {
  std::span<std::byte> buffers;     // the engine's request buffers: `slots` of spec.block_bytes each
  std::uint32_t slots = 1;
  std::uint32_t job_index = 0;      // 0-based, of spec.jobs
  std::uint64_t region_bytes = 0;   // the job's part of its file, from region_offset
  FioSeeds seeds;                   // the job's (phases/workload/job_offsets.h)
  std::string file_name;            // names the file in a failure's line
  std::uint64_t region_offset = 0;  // where the region starts; the offsets JobData is given are the file's
};

// One per job, used from the job's thread.
class JobData {
 public:
  // Throws ValueError for options the data libraries refuse (check_workload refuses them earlier).
  JobData(const WorkloadSpec& spec, const JobDataSetup& setup);
  ~JobData();
  JobData(const JobData&) = delete;
  JobData& operator=(const JobData&) = delete;

  // Whether the job loop must call before_write / after_read at all (neither does anything otherwise).
  bool acts_per_write() const { return acts_per_write_; }
  bool checks_reads() const { return checks_reads_; }

  // Every slot's first contents (untimed, before the group's release).
  void fill_initial();
  // Before the write of `length` bytes from `slot` to `offset` is submitted: its verified contents, a refill or a
  // scramble.
  void before_write(std::uint32_t slot, std::uint64_t offset, std::uint32_t length);
  // After the read of `length` bytes into `slot` from `offset` completed (verify= on a reading job, a read-back):
  // nullopt when good, else the failure's line.
  std::optional<std::string> after_read(std::uint32_t slot, std::uint64_t offset, std::uint32_t length);

  // Whether, after the job's requests, every block it wrote (verify_only: every block of its region) is read
  // back and checked.
  bool verifies_after_the_job() const;
  // That read-back's blocks, one at a time, in offset order: the next one's file offset and length (the caller
  // reads it and checks it with after_read), nullopt when every one was given. With requests of varying sizes
  // (bsrange=, bssplit=) each is a write as it went, but one a later write overlapped (fio's random map keeps its
  // requests apart; bench++'s does not cut them), which is not checked.
  struct Extent {
    std::uint64_t offset = 0;
    std::uint32_t length = 0;
  };
  std::optional<Extent> next_read_back();
  // verify_backlog=N (fio's check_get_verify), asked before each request of the job: the file offset of a written
  // block to read back and check now (the caller reads it with after_read), or nullopt. As fio: a batch of
  // verify_backlog_batch= blocks (default N) starts when the blocks written and not yet checked are a non-zero
  // multiple of N and the last request was not a read (`last_was_read`); a batch that finds nothing left goes on
  // after the next write. The oldest block first when the job has a random map, else the lowest offset (fio's
  // sorted history, where a block written again replaces its older entry). The blocks left at the job's end are
  // next_read_back's, in the same order.
  bool keeps_backlog() const { return keeps_backlog_; }
  std::optional<std::uint64_t> next_backlog_check(bool last_was_read);
  // unlink_each_loop made the job's file anew between two loops: the blocks written before (and not yet checked by
  // verify_backlog) are gone with the old file, so the read-back after the job checks the last loop's only.
  void forget_writes();
  // Blocks checked so far (reads checked and blocks read back).
  std::uint64_t verified_blocks() const { return verified_blocks_; }

 private:
  std::span<std::byte> slot_bytes(std::uint32_t slot) const;
  std::optional<std::uint64_t> take_oldest_unchecked();
  std::optional<std::string> check(std::span<const std::byte> block, std::uint64_t offset);
  void record_write(std::uint64_t offset, std::uint32_t length);
  std::string dump_bad_interval(std::span<const std::byte> block, std::uint64_t offset,
                                const VerifyFailure& failure) const;

  const WorkloadSpec& spec_;
  JobDataSetup setup_;
  std::unique_ptr<BufferFiller> filler_;       // without verify=
  std::unique_ptr<BlockVerifier> verifier_;    // with verify=
  std::vector<bool> written_;                  // per block of the region: written by this job (verify=)
  // Requests of varying sizes: each write's offset and length (not those a later write overlapped), instead.
  bool varying_sizes_ = false;
  std::map<std::uint64_t, std::uint32_t> written_extents_;
  std::uint64_t read_back_from_ = 0;           // where next_read_back looks next in written_extents_
  std::uint64_t write_stamp_ = 0;              // scramble_buffers' per-write stamp
  std::uint64_t verified_blocks_ = 0;
  std::size_t read_back_block_ = 0;            // the next block next_read_back looks at (without verify_backlog)
  bool acts_per_write_ = false;
  bool checks_reads_ = false;
  // verify_backlog=: the written blocks (file offsets) not yet checked, in write order (a random job with its
  // random map: fio's io_hist_list) or offset order (fio's io_hist_tree).
  bool keeps_backlog_ = false;
  bool backlog_in_write_order_ = false;
  std::deque<std::uint64_t> unchecked_in_order_;
  std::set<std::uint64_t> unchecked_by_offset_;
  std::uint64_t backlog_batch_left_ = 0;
};

}  // namespace bench
