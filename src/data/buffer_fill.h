#pragma once
// What fio's write buffers hold, and when that changes: refill_buffers, zero_buffers, scramble_buffers,
// buffer_pattern, buffer_compress_percentage with buffer_compress_chunk, dedupe_percentage with dedupe_mode,
// dedupe_working_set_percentage and dedupe_global, with fio 3.33's rules between them (plan_buffers) and its
// fill (BufferFiller). verify= fills its own blocks instead (data/verify.h).
//
// Contents are bench++'s own bytes, not fio's; what matches fio is their shape: which share of each chunk is
// random, which buffers repeat which, what changes between writes. Per write the cost is nothing (reused
// buffers), 24 bytes per 512 (scramble), or a fill of the buffer (refill: a few GB/s).
#include <cstdint>
#include <optional>
#include <span>

#include "data/pattern.h"
#include "result/data_options.h"
#include "engine/fio_random.h"

namespace bench {

// DedupeMode and BufferOptions (the options as the job wrote them): result/data_options.h.

enum class BufferContent {
  kRandom,   // random bytes, one seed per fill
  kZero,     // zero_buffers, or buffer_compress_percentage=100
  kPattern,  // buffer_pattern repeated from each buffer's start
  kChunked,  // compress or dedupe: chunks with a random head and a zero (or pattern) tail; whole buffers repeat
};

// The effective behaviour after fio's rules (init.c and the option callbacks of fio 3.33):
// - buffer_compress_percentage=100 is zero_buffers; any other non-zero percentage turns refill_buffers on
//   unless the job set it;
// - dedupe_percentage turns refill_buffers on, whatever its value;
// - either of the two, given at all (0 too), turns scrambling off;
// - buffer_pattern turns scramble_buffers and zero_buffers off and refill_buffers on exactly when the job reads
//   or compresses (fio's callback: reads would overwrite the pattern), unless the job set refill_buffers;
// - scramble_buffers (default on) is off when zero_buffers was given and scramble_buffers was not, and it only
//   acts on writes that are neither refilled, compressed or deduplicated, nor verified.
struct BufferPlan {
  BufferContent content = BufferContent::kRandom;
  bool refill = false;    // new contents before every write
  bool scramble = false;  // otherwise: the offset and a time stamped into each 512 bytes before every write
  std::uint32_t compress_percentage = 0;  // what the fill uses (0 after buffer_compress_percentage=100)
  std::uint32_t dedupe_percentage = 0;
  BufferOptions options;  // the chunk, pattern and dedupe settings the fill uses
};

// `job_reads`: the job's rw= reads too. `verify`: verify= is set (its blocks are the verifier's).
BufferPlan plan_buffers(const BufferOptions& options, bool job_reads, bool verify);

// The job's facts the fill needs.
struct BufferJob {
  // Names every job's contents: the same for all jobs of a run (e.g. FioSeeds of thread 1's `buffer`), so that
  // dedupe_global's working set can name another job's buffers.
  std::uint64_t run_seed = 0;
  std::uint32_t job_index = 0;   // 0-based; must be < job_count
  std::uint32_t job_count = 1;   // the jobs sharing dedupe_global's working set
  std::uint64_t size_bytes = 0;  // fio's size for the job: the working set is a share of it
  std::uint32_t min_write_bytes = 4096;  // the smallest write block size (the chunk and page size)
  FioSeeds seeds;                // the job's: dedupe and dedupe_working_set draw from them
};

// One per job, used from one thread. No allocation after construction.
class BufferFiller {
 public:
  // Throws std::invalid_argument for percentages above 100, job_index >= job_count, a zero min_write_bytes.
  BufferFiller(const BufferPlan& plan, const BufferJob& job);

  // A write buffer's contents when the job starts (fio fills each I/O buffer once if the job writes).
  void fill_initial(std::span<std::byte> buffer);
  // Before each write from `buffer` to `offset`: a refill, a scramble with `stamp` (any value that changes
  // per request; fio uses the submit time in nanoseconds), or nothing.
  void prepare_write(std::span<std::byte> buffer, std::uint64_t offset, std::uint64_t stamp);
  // Whether prepare_write() ever changes a buffer (a job loop may skip calling it otherwise).
  bool changes_per_write() const { return plan_.refill || plan_.scramble; }
  // Working-set pages (kWorkingSet): fio's size x percentage / 100 / min_write_bytes, at least 1.
  std::uint64_t working_set_pages() const { return working_set_pages_; }

 private:
  void fill(std::span<std::byte> buffer);
  std::uint64_t content_seed(std::uint32_t job, std::uint64_t index) const;
  std::uint64_t next_content_seed();

  BufferPlan plan_;
  BufferJob job_;
  FioTausworthe32 dedupe_random_;
  FioTausworthe32 working_set_random_;
  std::uint64_t working_set_pages_ = 1;
  std::uint64_t pages_per_job_ = 1;     // dedupe_global: the working set's pages taken from each job in turn
  std::uint64_t next_unique_ = 0;       // the next unique content of this job
  std::uint32_t chunk_bytes_ = 512;
};

// fio's scramble: in each 512-byte sector, the sector's offset at one of its eight 64-byte lines (chosen by
// the stamp and the offset) and the stamp's seconds and nanoseconds in bytes 48..63.
void scramble_buffer(std::span<std::byte> buffer, std::uint64_t offset, std::uint64_t stamp);

}  // namespace bench
