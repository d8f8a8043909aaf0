#include "data/buffer_fill.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "data/data_test_support.h"
#include "data/random_fill.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

BufferJob job_of(std::uint64_t size_bytes) {
  BufferJob job;
  job.run_seed = 11;
  job.size_bytes = size_bytes;
  job.min_write_bytes = kBlock;
  job.seeds = FioSeeds::for_job(std::nullopt, true, 1, "file");
  return job;
}

// What `blocks` writes of one buffer, one after another, put on a disk: the job's data stream.
std::vector<std::byte> written(const BufferOptions& options, std::size_t blocks, bool job_reads = false) {
  BufferFiller filler(plan_buffers(options, job_reads, false), job_of(blocks * kBlock));
  std::vector<std::byte> buffer(kBlock);
  filler.fill_initial(buffer);
  std::vector<std::byte> stream;
  for (std::size_t i = 0; i < blocks; ++i) {
    filler.prepare_write(buffer, i * kBlock, 1'000'000'000ULL * i + 12345 * i);
    stream.insert(stream.end(), buffer.begin(), buffer.end());
  }
  return stream;
}

bool all_zero(std::span<const std::byte> data) {
  return std::all_of(data.begin(), data.end(), [](std::byte b) { return b == std::byte{0}; });
}

}  // namespace

TEST_CASE("data: fio's rules between the buffer options") {
  const BufferPlan plain = plan_buffers({}, false, false);
  CHECK(plain.content == BufferContent::kRandom);
  CHECK_FALSE(plain.refill);
  CHECK(plain.scramble);  // fio's default: buffers filled once, scrambled before each write
  BufferOptions options;
  options.compress_percentage = 100;
  const BufferPlan full = plan_buffers(options, false, false);
  CHECK(full.content == BufferContent::kZero);
  CHECK_FALSE(full.refill);
  options.compress_percentage = 40;
  CHECK(plan_buffers(options, false, false).refill);
  CHECK_FALSE(plan_buffers(options, false, false).scramble);
  options.refill_buffers = false;
  CHECK_FALSE(plan_buffers(options, false, false).refill);  // the job's own refill_buffers=0 stands
  BufferOptions dedupe;
  dedupe.dedupe_percentage = 10;
  dedupe.refill_buffers = false;
  CHECK(plan_buffers(dedupe, false, false).refill);  // dedupe always refills
  BufferOptions zero;
  zero.zero_buffers = true;
  CHECK(plan_buffers(zero, false, false).content == BufferContent::kZero);
  CHECK_FALSE(plan_buffers(zero, false, false).scramble);
  zero.scramble_buffers = true;
  CHECK(plan_buffers(zero, false, false).scramble);
  BufferOptions pattern;
  pattern.buffer_pattern.bytes = {std::byte{1}};
  CHECK(plan_buffers(pattern, false, false).content == BufferContent::kPattern);
  CHECK_FALSE(plan_buffers(pattern, false, false).refill);
  CHECK(plan_buffers(pattern, true, false).refill);  // reads would overwrite the pattern
  CHECK_FALSE(plan_buffers(pattern, false, false).scramble);
  CHECK_FALSE(plan_buffers({}, false, true).scramble);  // verify's blocks are the verifier's
}

TEST_CASE("data: zero_buffers and buffer_pattern write exactly that") {
  BufferOptions zero;
  zero.zero_buffers = true;
  CHECK(all_zero(written(zero, 64)));
  BufferOptions pattern;
  pattern.buffer_pattern.bytes = {std::byte{0xde}, std::byte{0xad}, std::byte{0xbe}};
  const std::vector<std::byte> stream = written(pattern, 64);
  for (std::size_t i = 0; i < stream.size(); ++i) REQUIRE(stream[i] == pattern.buffer_pattern.bytes[(i % kBlock) % 3]);
}

TEST_CASE("data: buffer_compress_percentage lays each chunk out as a random head and a zero tail") {
  BufferOptions options;
  options.compress_percentage = 25;
  options.compress_chunk = 1024;
  const std::vector<std::byte> stream = written(options, 8);
  for (std::size_t chunk = 0; chunk < stream.size() / 1024; ++chunk) {
    const std::span<const std::byte> part = std::span(stream).subspan(chunk * 1024, 1024);
    INFO("chunk " << chunk);
    CHECK(all_zero(part.subspan(768)));
    CHECK(std::count(part.begin(), part.begin() + 768, std::byte{0}) < 20);  // random: 3 zero bytes expected
  }
  // Every chunk's head is its own: no two equal.
  std::vector<std::vector<std::byte>> heads;
  for (std::size_t chunk = 0; chunk < stream.size() / 1024; ++chunk)
    heads.emplace_back(stream.begin() + chunk * 1024, stream.begin() + chunk * 1024 + 768);
  std::sort(heads.begin(), heads.end());
  CHECK(std::adjacent_find(heads.begin(), heads.end()) == heads.end());
}

TEST_CASE("data: compressibility follows buffer_compress_percentage (zlib level 6)") {
  for (const std::uint32_t percent : {0u, 25u, 50u, 75u}) {
    BufferOptions options;
    options.compress_percentage = percent;
    options.refill_buffers = true;  // 0 % alone would not refill (below)
    const double ratio = test::zlib_ratio(written(options, 256));
    INFO(percent << " %: ratio " << ratio);
    // The random share does not compress; zeros almost vanish; deflate's overhead adds about 1 %.
    CHECK(ratio > (100 - percent) / 100.0);
    CHECK(ratio < (100 - percent) / 100.0 + 0.04);
  }
}

TEST_CASE("data: buffer_compress_percentage=0 given turns scrambling off, as in fio: every block the same") {
  BufferOptions options;
  options.compress_percentage = 0;
  CHECK(test::duplicate_share(written(options, 64), kBlock) == doctest::Approx(63.0 / 64));
  BufferOptions dedupe;
  dedupe.dedupe_percentage = 0;
  CHECK(plan_buffers(dedupe, false, false).refill);  // dedupe_percentage, even 0, refills
  CHECK(test::duplicate_share(written(dedupe, 64), kBlock) == 0.0);
}

TEST_CASE("data: refill_buffers makes every write new, without it fio's scramble alone changes them") {
  BufferOptions refill;
  refill.refill_buffers = true;
  CHECK(test::duplicate_share(written(refill, 256), kBlock) == 0.0);
  CHECK(test::zlib_ratio(written(refill, 64)) > 1.0);  // random: not compressible at all
  // The default: one buffer, scrambled per write: every block differs from the others, in 24 bytes a sector.
  const std::vector<std::byte> scrambled = written({}, 256);
  CHECK(test::duplicate_share(scrambled, kBlock) == 0.0);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < kBlock; ++i) differing += scrambled[i] != scrambled[kBlock + i] ? 1 : 0;
  CHECK(differing > 0);
  CHECK(differing <= 8 * 24);
  CHECK(test::zlib_ratio(scrambled) < 0.2);  // zlib sees the repeats within its 32 KiB window
  BufferOptions no_scramble;
  no_scramble.scramble_buffers = false;
  CHECK(test::duplicate_share(written(no_scramble, 64), kBlock) == doctest::Approx(63.0 / 64));
}

TEST_CASE("data: dedupe_percentage makes that share of the buffers repeat one") {
  for (const std::uint32_t percent : {10u, 30u, 60u}) {
    BufferOptions options;
    options.dedupe_percentage = percent;
    const double share = test::duplicate_share(written(options, 2048), kBlock);
    INFO(percent << " %: " << share);
    CHECK(std::abs(share - percent / 100.0) < 0.04);  // binomial sd <= 0.011
  }
  BufferOptions all;
  all.dedupe_percentage = 100;
  CHECK(test::duplicate_share(written(all, 64), kBlock) == doctest::Approx(63.0 / 64));
}

TEST_CASE("data: dedupe_mode=working_set repeats pages of a working set of the job's size") {
  BufferOptions options;
  options.dedupe_percentage = 50;
  options.dedupe_mode = DedupeMode::kWorkingSet;
  options.dedupe_working_set_percentage = 5;
  const std::size_t blocks = 2048;
  BufferFiller filler(plan_buffers(options, false, false), job_of(blocks * kBlock));
  CHECK(filler.working_set_pages() == blocks * 5 / 100);
  const std::vector<std::byte> stream = written(options, blocks);
  CHECK(std::abs(test::duplicate_share(stream, kBlock) - 0.5) < 0.04);
  // Every repeated block is one of the first 102 unique contents: at most ~half + 102 distinct blocks.
  const double distinct = 1.0 - test::duplicate_share(stream, kBlock);
  CHECK(distinct * blocks < blocks * 0.54 + 102);
  // With compression too, a repeated buffer repeats its chunks' layout.
  options.compress_percentage = 50;
  CHECK(std::abs(test::duplicate_share(written(options, blocks), kBlock) - 0.5) < 0.04);
}

TEST_CASE("data: dedupe_global's working set spans the jobs' contents") {
  // How many of job 1's blocks are equal to one of job 0's, with and without dedupe_global.
  const auto shared_blocks = [](bool global) {
    BufferOptions options;
    options.dedupe_percentage = 50;
    options.dedupe_mode = DedupeMode::kWorkingSet;
    options.dedupe_global = global;
    std::set<std::vector<std::byte>> job0_blocks;
    int shared = 0;
    for (std::uint32_t job = 0; job < 2; ++job) {
      BufferJob facts = job_of(512 * kBlock);
      facts.job_index = job;
      facts.job_count = 2;
      facts.seeds = FioSeeds::for_job(std::nullopt, true, job + 1, "file");
      BufferFiller filler(plan_buffers(options, false, false), facts);
      std::vector<std::byte> buffer(kBlock);
      for (int i = 0; i < 512; ++i) {
        filler.prepare_write(buffer, 0, 0);
        if (job == 0) job0_blocks.insert(buffer);
        if (job == 1) shared += job0_blocks.count(buffer) != 0 ? 1 : 0;
      }
    }
    return shared;
  };
  CHECK(shared_blocks(false) == 0);
  // The working set (25 pages) is the first 12 buffers of each job; both jobs repeat it, so job 1's repeated
  // blocks (half its writes) and its first 12 are all in job 0's stream too: about 512 / 2 + 12.
  const int shared = shared_blocks(true);
  CHECK(shared > 512 * 4 / 10);
  CHECK(shared < 512 * 6 / 10);
}

TEST_CASE("data: scramble_buffer stamps the sector offsets and the time into each 512 bytes") {
  std::vector<std::byte> buffer(4096, std::byte{0xAA});
  scramble_buffer(buffer, 8192, 3'000'000'005ULL);
  const std::uint64_t line = (3'000'000'005ULL ^ 8192) & 7;
  for (std::size_t sector = 0; sector < 8; ++sector) {
    std::uint64_t offset = 0, seconds = 0, nanoseconds = 0;
    std::memcpy(&offset, buffer.data() + sector * 512 + line * 64, 8);
    std::memcpy(&seconds, buffer.data() + sector * 512 + 48, 8);
    std::memcpy(&nanoseconds, buffer.data() + sector * 512 + 56, 8);
    CHECK(offset == 8192 + sector * 512);
    CHECK(seconds == 3);
    CHECK(nanoseconds == 5);
  }
  CHECK(std::count(buffer.begin(), buffer.end(), std::byte{0xAA}) == 4096 - 8 * 24);
}

TEST_CASE("data: the same seeds give the same bytes") {
  BufferOptions options;
  options.compress_percentage = 30;
  options.dedupe_percentage = 20;
  CHECK(written(options, 32) == written(options, 32));
  std::vector<std::byte> a(1000), b(1000), c(600);
  fill_random(a, 5);
  fill_random(b, 5);
  fill_random(c, 5);
  CHECK(a == b);
  CHECK(std::equal(c.begin(), c.end(), a.begin()));  // a shorter fill is the longer one's start
  fill_random(b, 6);
  CHECK(a != b);
}

}  // namespace bench
