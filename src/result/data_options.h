#pragma once
// What a fio job's data are, as its options say it (verify=, verify_pattern and the buffer options), in plain
// values: cli/fio_options.cpp reads them, data/buffer_fill.h and data/verify.h make the bytes and the checks,
// phases/workload/workload_data.h uses them in the job loop. result/ holds them so that WorkloadSpec carries them without
// depending on data/.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace bench {

// A pattern's bytes, with the places of its %o fields (verify_pattern only): 8 bytes each that take the
// request's offset, little-endian, when the pattern is laid into a buffer (fio's paste_blockoff).
// data/pattern.h parses fio's grammar into it.
struct FioPattern {
  std::vector<std::byte> bytes;
  std::vector<std::uint32_t> offset_fields;  // byte positions in `bytes`
  bool empty() const { return bytes.empty(); }
  bool operator==(const FioPattern&) const = default;
};

enum class DedupeMode { kRepeat, kWorkingSet };

// The buffer options as the job wrote them; nullopt where it did not, since fio's rules depend on what was
// given (data/buffer_fill.h: plan_buffers).
struct BufferOptions {
  std::optional<bool> refill_buffers;    // fio's default: off
  std::optional<bool> zero_buffers;      // off
  std::optional<bool> scramble_buffers;  // on
  FioPattern buffer_pattern;             // empty: none
  std::optional<std::uint32_t> compress_percentage;  // buffer_compress_percentage, 0..100
  std::uint32_t compress_chunk = 512;                 // buffer_compress_chunk (fio's default); 0: the write bs
  std::optional<std::uint32_t> dedupe_percentage;    // 0..100
  DedupeMode dedupe_mode = DedupeMode::kRepeat;
  std::uint32_t dedupe_working_set_percentage = 5;  // of the job's size
  bool dedupe_global = false;
  bool operator==(const BufferOptions&) const = default;
};

enum class VerifyMethod {
  kNone,               // verify=0 (fio's default)
  kMd5,
  kCrc32c,
  kCrc32cIntel,        // CRC-32C as crc32c (fio's crc32c also uses the instruction when there)
  kSha1,
  kSha256,
  kSha512,
  kXxhash,
  kMeta,               // the header alone (with verify_pattern: and the pattern); fio's obsolete "meta"
  kPattern,            // verify=pattern: verify_pattern alone, no header
  kPatternWithHeader,  // verify_pattern given without verify=: header and pattern (fio's VERIFY_PATTERN)
  kNull,               // pretend: writes data, checks nothing
};

// verify= and its companions, with fio's defaults.
struct VerifyOptions {
  VerifyMethod method = VerifyMethod::kNone;  // kNone: nothing verified
  FioPattern pattern;                         // verify_pattern
  std::uint32_t interval = 0;                 // verify_interval: a header every N bytes; 0: one per request
  bool do_verify = true;                      // a writing job reads back and checks what it wrote
  bool verify_only = false;                   // no writes: read back and check what an earlier run wrote
  bool verify_fatal = false;                  // the first bad block ends the job (bench++ always stops there)
  std::uint64_t verify_backlog = 0;           // check every N writes during the job (0: after the writes)
  std::uint64_t verify_backlog_batch = 0;     // blocks checked each time (0: verify_backlog's N)
  bool verify_dump = false;                   // a bad block's expected and received bytes written to files
  std::uint32_t verify_async = 0;             // fio's verifier threads; bench++ checks on the job's own thread
  bool enabled() const { return method != VerifyMethod::kNone; }
  bool operator==(const VerifyOptions&) const = default;
};

}  // namespace bench
