#include "data/buffer_fill.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "data/random_fill.h"

namespace bench {

namespace {

void put64(std::byte* at, std::uint64_t value) { std::memcpy(at, &value, sizeof value); }  // little-endian

}  // namespace

BufferPlan plan_buffers(const BufferOptions& options, bool job_reads, bool verify) {
  BufferPlan plan;
  plan.options = options;
  std::uint32_t compress = options.compress_percentage.value_or(0);
  const std::uint32_t dedupe = options.dedupe_percentage.value_or(0);
  bool zero = options.zero_buffers.value_or(false);
  bool refill = options.refill_buffers.value_or(false);
  bool scramble = options.scramble_buffers.value_or(true);
  if (compress == 100) {  // fully compressible: zeroed once, as fio does
    zero = true;
    compress = 0;
  } else if (compress > 0 && !options.refill_buffers) {
    refill = true;
  }
  if (options.dedupe_percentage) refill = true;
  if (!options.buffer_pattern.empty()) {
    if (!options.refill_buffers) refill = compress > 0 || job_reads;
    if (!options.scramble_buffers) scramble = false;
    zero = false;
  }
  // Scrambling stays on unless zero_buffers was asked for and scramble_buffers was not.
  if (options.zero_buffers.value_or(false) && !options.scramble_buffers) scramble = false;
  const bool compress_given = options.compress_percentage || options.dedupe_percentage;  // fio's TD_F_COMPRESS
  const bool chunked = compress > 0 || dedupe > 0;
  plan.content = chunked                           ? BufferContent::kChunked
                 : !options.buffer_pattern.empty() ? BufferContent::kPattern
                 : zero                            ? BufferContent::kZero
                                                   : BufferContent::kRandom;
  plan.refill = refill;
  plan.scramble = scramble && !refill && !compress_given && !verify;
  plan.compress_percentage = compress;
  plan.dedupe_percentage = dedupe;
  return plan;
}

BufferFiller::BufferFiller(const BufferPlan& plan, const BufferJob& job)
    : plan_(plan),
      job_(job),
      dedupe_random_(static_cast<std::uint32_t>(job.seeds.dedupe)),
      working_set_random_(static_cast<std::uint32_t>(job.seeds.dedupe_working_set)) {
  const BufferOptions& options = plan.options;
  if (plan.compress_percentage > 100 || plan.dedupe_percentage > 100 || options.dedupe_working_set_percentage > 100)
    throw std::invalid_argument("buffer options: a percentage above 100");
  if (job.job_count == 0 || job.job_index >= job.job_count)
    throw std::invalid_argument("buffer options: job " + std::to_string(job.job_index) + " of " +
                                std::to_string(job.job_count));
  if (job.min_write_bytes == 0) throw std::invalid_argument("buffer options: no write block size");
  chunk_bytes_ =
      options.compress_chunk == 0 ? job.min_write_bytes : std::min(options.compress_chunk, job.min_write_bytes);
  working_set_pages_ =
      std::max<std::uint64_t>(1, job.size_bytes * options.dedupe_working_set_percentage / 100 / job.min_write_bytes);
  pages_per_job_ = std::max<std::uint64_t>(1, working_set_pages_ / job.job_count);
}

// Content `index` of job `job`: every job can name every other's.
std::uint64_t BufferFiller::content_seed(std::uint32_t job, std::uint64_t index) const {
  return derive_seed(derive_seed(job_.run_seed, job), index);
}

// The content of the next buffer: a new unique one, or (dedupe_percentage of the time) one that repeats.
std::uint64_t BufferFiller::next_content_seed() {
  const BufferOptions& options = plan_.options;
  const std::uint32_t percent = plan_.dedupe_percentage;
  const bool repeat = percent == 100 || (percent > 0 && dedupe_random_.between(1, 100) <= percent);
  if (!repeat) return content_seed(job_.job_index, next_unique_++);
  if (percent == 100 || options.dedupe_mode == DedupeMode::kRepeat) {
    // The previous unique buffer (the first, before there is one: it is written next).
    return content_seed(job_.job_index, next_unique_ == 0 ? 0 : next_unique_ - 1);
  }
  // A page of the working set: the job's first unique buffers, or under dedupe_global the first ones of each
  // job in turn, pages_per_job_ from each.
  const auto last_page = static_cast<std::uint32_t>(std::min<std::uint64_t>(working_set_pages_ - 1, UINT32_MAX));
  const std::uint64_t page = working_set_random_.between(0, last_page);
  if (!options.dedupe_global) return content_seed(job_.job_index, page);
  const auto job = static_cast<std::uint32_t>((job_.job_index + page / pages_per_job_) % job_.job_count);
  return content_seed(job, page % pages_per_job_);
}

void BufferFiller::fill(std::span<std::byte> buffer) {
  const BufferOptions& options = plan_.options;
  switch (plan_.content) {
    case BufferContent::kZero:
      std::memset(buffer.data(), 0, buffer.size());
      return;
    case BufferContent::kPattern:
      fill_repeating(buffer, options.buffer_pattern.bytes);
      return;
    case BufferContent::kRandom:
      fill_random(buffer, content_seed(job_.job_index, next_unique_++));
      return;
    case BufferContent::kChunked:
      fill_compressible(buffer, next_content_seed(), plan_.compress_percentage, chunk_bytes_,
                        options.buffer_pattern.bytes);
      return;
  }
}

void BufferFiller::fill_initial(std::span<std::byte> buffer) { fill(buffer); }

void BufferFiller::prepare_write(std::span<std::byte> buffer, std::uint64_t offset, std::uint64_t stamp) {
  if (plan_.refill)
    fill(buffer);
  else if (plan_.scramble)
    scramble_buffer(buffer, offset, stamp);
}

void scramble_buffer(std::span<std::byte> buffer, std::uint64_t offset, std::uint64_t stamp) {
  constexpr std::size_t kSector = 512;
  const std::uint64_t line = (stamp ^ offset) & 7;
  for (std::size_t at = 0; at + kSector <= buffer.size(); at += kSector) {
    std::byte* sector = buffer.data() + at;
    put64(sector + line * 64, offset + at);
    put64(sector + 48, stamp / 1'000'000'000);
    put64(sector + 56, stamp % 1'000'000'000);
  }
}

}  // namespace bench
