#pragma once
// What the six I/O phases share: opening the test file the same way, the block count, the chunk loops of the
// block phases and of the per-char phases, finishing a phase (fsync + close, inside the timed region as
// bonnie++ does) and dropping cached pages before a phase that reads. A latency sample covers I/O only:
// --verify's check is never in one.
#include <chrono>
#include <cstdint>
#include <optional>
#include <system_error>

#include "measure/stopwatch.h"
#include "phases/bonnie/bonnie_test.h"
#include "phases/bonnie/data_pattern.h"
#include "phases/phase.h"
#include "platform/aligned_buffer.h"
#include "platform/posix_file.h"

namespace bench {

enum class OpenMode {
  kCreate,     // a new file (O_CREAT | O_EXCL | O_NOFOLLOW); an old one of ours is removed first
  kReadWrite,  // the existing file
  kReadOnly,
};

// Opens context.data_file; adds O_DIRECT when direct_io (-D) and `allow_direct`. Where the filesystem
// refuses O_DIRECT the error says so.
PosixFile open_data_file(const PhaseContext& context, OpenMode mode, bool allow_direct = true);

// Number of whole chunks in the test file.
std::uint64_t chunk_count(const IoSpec& io);

// fsync then close: bonnie++'s end of every I/O phase, timed.
void sync_and_close(PosixFile& file);

// Before a phase that reads `read_bytes` from the start of the test file: with CacheMode::kDrop (and no
// O_DIRECT), write back and evict the test file's pages so the phase measures the device rather than the page
// cache; then (without O_DIRECT, whatever the cache mode) records in context.cache_residency how much of those
// bytes is still cached. Untimed (call in prepare).
void drop_cached_pages(const PhaseContext& context, std::uint64_t read_bytes);

// Rethrows the std::system_error being handled; under O_DIRECT, an EINVAL as a std::system_error of the same code
// with the likely reason: "cannot write <path> (O_DIRECT needs the chunk size ...): Invalid argument".
// REQUIRES: called from a catch block.
[[noreturn]] void rethrow_with_direct_io_hint(const PhaseContext& context);

// The test file ended before the phase had read all it wrote (it was truncated while the test ran):
// throws std::runtime_error("unexpected end of file in <path>").
[[noreturn]] void throw_unexpected_end_of_file(const PosixFile& file);

// The latency sample of one operation (a chunk of for_each_chunk(), a seek ticket): the operation calls
// start() just before its first system call and record() just after its last, which adds the time between
// to the histogram. Work in between that is not I/O (the --verify check) goes through exclude() and is left
// out of the sample. start() and record()
// read the clock once each, exclude() twice; no allocation, no virtual call.
class ChunkTimer {
 public:
  explicit ChunkTimer(LatencyHistogram& latency) : latency_(latency) {}

  void start() { start_ = std::chrono::steady_clock::now(); }
  // Runs `untimed()` outside the sample (between start() and record()).
  template <typename Untimed>
  void exclude(Untimed&& untimed) {
    const SteadyTime paused = std::chrono::steady_clock::now();
    untimed();
    start_ += std::chrono::steady_clock::now() - paused;
  }
  void record() { latency_.record(nanos_between(start_, std::chrono::steady_clock::now())); }

 private:
  LatencyHistogram& latency_;
  SteadyTime start_;
};

// The loop of the block phases (write, rewrite, read): for each whole chunk of the test file in order,
// context.begin_operation(), then io_of_chunk(offset, timer) with `offset` = chunk * chunk_bytes, which
// records exactly one latency sample (timer.start() ... timer.record()). A std::system_error is rethrown
// with the O_DIRECT hint. Then sync_and_close(file), timed like the rest of run(). Returns
// {chunks, chunks * chunk_bytes}. A template, so the lambda is inlined into the loop: no per-chunk cost.
template <typename ChunkIo>
WorkDone for_each_chunk(PhaseContext& context, PosixFile& file, ChunkIo&& io_of_chunk) {
  const std::uint64_t chunk_bytes = context.io().chunk_bytes;
  const std::uint64_t chunks = chunk_count(context.io());
  ChunkTimer timer(context.latency);
  try {
    for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
      context.begin_operation();
      io_of_chunk(chunk * chunk_bytes, timer);
    }
  } catch (const std::system_error&) {
    rethrow_with_direct_io_hint(context);
  }
  sync_and_close(file);
  return {chunks, chunks * chunk_bytes};
}

// Nothing to do after a chunk (the default of for_each_per_char_chunk).
struct NothingAfterChunk {
  void operator()(std::uint64_t /*offset*/) const {}
};

// The loop of the per-char phases: for each whole chunk of the first per_char_bytes of the file, in order,
// context.begin_operation() (the progress count and the stop check, once per chunk: never per byte), then
// io_of_chunk(offset), its chunk_bytes one-byte calls, as one latency sample, then after_chunk(offset)
// outside the sample (--verify's check). A stop is thus noticed within one chunk of calls (8192 calls at the
// default chunk, about 5 ms on the development VM). Returns the bytes moved, chunks * chunk_bytes.
template <typename ChunkIo, typename AfterChunk = NothingAfterChunk>
std::uint64_t for_each_per_char_chunk(PhaseContext& context, ChunkIo&& io_of_chunk, AfterChunk&& after_chunk = {}) {
  const std::uint64_t chunk_bytes = context.io().chunk_bytes;
  const std::uint64_t chunks = context.io().per_char_bytes / chunk_bytes;
  ChunkTimer timer(context.latency);
  for (std::uint64_t chunk = 0; chunk < chunks; ++chunk) {
    context.begin_operation();
    timer.start();
    io_of_chunk(chunk * chunk_bytes);
    timer.record();
    after_chunk(chunk * chunk_bytes);
  }
  return chunks * chunk_bytes;
}

// --verify: checks chunks read back from the test file against the pattern the block write phase wrote
// (offset and seed stamps and the random body; the write generation that rewrite and seek write-backs bump
// is ignored). Without --verify no pattern is built and check() does nothing. check() is const and may be
// called from several threads at once. Phases call it outside their latency samples (ChunkTimer::exclude).
class ChunkPatternChecker {
 public:
  explicit ChunkPatternChecker(const PhaseContext& context);

  bool enabled() const { return pattern_.has_value(); }
  // Throws std::runtime_error("data mismatch in <file> at offset <offset>: ...") naming the first wrong
  // byte when `chunk` (chunk_bytes read from `offset`, a multiple of chunk_bytes) is not what was written.
  void check(const unsigned char* chunk, std::uint64_t offset) const;

 private:
  std::optional<BlockPattern> pattern_;
  std::filesystem::path file_;
};


// One chunk of a read-back test, as ReadBackTest hands it to the test's chunk function.
struct ReadBackChunk {
  PosixFile& file;
  unsigned char* buffer;     // chunk_bytes, aligned for O_DIRECT
  std::uint64_t chunk_bytes;
  std::uint64_t offset;      // of the chunk in the file (the file position is there too)
  const ChunkPatternChecker& verifier;
  ChunkTimer& timer;
};

// The tests that read the test file back from its start (block read, rewrite): the cache dropped first unless
// --cache keep, so the reads reach the device; the file opened in `kMode`; one chunk buffer and the --verify
// checker; then for each chunk `chunk_io(context, chunk)`, which records exactly one latency sample as
// for_each_chunk() requires. chunk_io is a template argument, so it is inlined into the loop: no indirect call
// per chunk.
template <PhaseId kId, OpenMode kMode, auto chunk_io>
class ReadBackTest final : public BonnieTest {
 public:
  PhaseId id() const override { return kId; }

  void prepare(PhaseContext& context) const override { drop_cached_pages(context, context.io().file_size_bytes); }

  WorkDone measure(PhaseContext& context) const override {
    const std::uint64_t chunk_bytes = context.io().chunk_bytes;
    AlignedBuffer buffer(chunk_bytes);
    PosixFile file = open_data_file(context, kMode);
    const ChunkPatternChecker verifier(context);
    return for_each_chunk(context, file, [&](std::uint64_t offset, ChunkTimer& timer) {
      chunk_io(context, ReadBackChunk{file, buffer.data(), chunk_bytes, offset, verifier, timer});
    });
  }
};

}  // namespace bench
