// fio's data options (FioOptionGroup::kData; result/data_options.h): verify= with its companions, and what the
// write buffers hold.
#include "cli/fio_option_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "cli/fio_values.h"
#include "cli/value_error.h"
#include "data/pattern.h"
#include "data/verify.h"

namespace bench {
namespace {

using namespace cli_value;  // cli/fio_values.h's grammars
using enum FioArgument;
constexpr FioOptionGroup kData = FioOptionGroup::kData;

VerifyMethod verify_method(std::string_view text) {
  if (const std::optional<VerifyMethod> method = parse_verify_method(text)) return *method;
  fail("bench++ verifies with 0, md5, crc32c, crc32c-intel, sha1, sha256, sha512, xxhash, meta, pattern and null "
       "(not fio's crc64, crc32, crc16, crc7, sha3-*)");
}

FioPattern data_pattern(std::string_view text, bool allow_offset_fields) {
  return parse_fio_pattern(text, allow_offset_fields);  // its ValueError names the pattern
}

DedupeMode dedupe_mode(std::string_view text) {
  if (text == "repeat") return DedupeMode::kRepeat;
  if (text == "working_set") return DedupeMode::kWorkingSet;
  fail("fio's dedupe modes are repeat and working_set");
}


// fio's 1 when not given: as fio, zero_buffers and buffer_pattern turn scrambling off only when it is not given.
constexpr FioOptionDefault kScrambleDefault = FioOptionDefault::not_given(
    "1", "unset, it scrambles unless zero_buffers or buffer_pattern says otherwise (fio's rule); a given 1 keeps it");

constexpr std::array kRules = {
    FioOptionRule{{"verify", {}, kRequired, kData, "md5|crc32c|sha1|sha256|sha512|xxhash|meta|pattern|null|0",
                   "a header and digest in each block written, checked when read back", "0", recorded_in("verify")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.method = verify_method(v); }},
    FioOptionRule{{"verify_pattern", {}, kRequired, kData, "PATTERN", "the bytes verify=pattern writes and checks",
                   {}, recorded_in("verify_pattern")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.pattern = data_pattern(v, true); }},
    FioOptionRule{{"verify_interval", {}, kRequired, kData, "SIZE",
                   "a header every SIZE bytes (without it: one per request)",
                   {}, recorded_in("verify_interval")},
                  [](WorkloadSpec& s, std::string_view v, unsigned kb) {
                    s.verify.interval =
                        static_cast<std::uint32_t>(std::min<std::uint64_t>(fio_size_of(v, kb), kMaxBlockBytes + 1));
                    if (s.verify.interval == 0 || s.verify.interval > kMaxBlockBytes)
                      fail(fmt::format("must be between 1 and {} bytes", kMaxBlockBytes));
                  }},
    FioOptionRule{{"do_verify", {}, kRequired, kData, "0|1", "read back and check after the writes",
                   "1", recorded_in("do_verify")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.do_verify = boolean(v); }},
    FioOptionRule{{"verify_only", {}, kFlag, kData, "", "only read back and check what an earlier run wrote",
                   {}, recorded_in("verify_only")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_only = boolean(v); }},
    FioOptionRule{{"verify_fatal", {}, kRequired, kData, "0|1", "stop the job at the first bad block",
                   "0", not_recorded("bench++ stops a job at its first bad block whatever it says")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_fatal = boolean(v); }},
    FioOptionRule{{"verify_backlog", {}, kRequired, kData, "N", "check written blocks after every N writes",
                   {}, recorded_in("verify_backlog")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.verify.verify_backlog = whole_number(v, 0, UINT64_MAX);
                  }},
    FioOptionRule{{"verify_backlog_batch", {}, kRequired, kData, "N", "how many blocks each backlog check reads",
                   {}, recorded_in("verify_backlog_batch")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.verify.verify_backlog_batch = whole_number(v, 0, UINT64_MAX);
                  }},
    FioOptionRule{{"verify_dump", {}, kRequired, kData, "0|1",
                   "a bad block's received and expected bytes written to FILE.OFFSET.received and .expected", "0",
                   not_recorded("where a bad block's bytes go; the check is the same")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.verify.verify_dump = boolean(v); }},
    FioOptionRule{{"verify_async", {}, kRequired, kData, "N",
                   "fio's verifier threads; bench++ checks each block on the job's own thread", "0",
                   not_recorded("how many threads fio checks with; bench++ checks on the job's thread whatever it says")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.verify.verify_async = whole_number32(v, 0, UINT32_MAX);
                  }},
    FioOptionRule{{"refill_buffers", {}, kFlag, kData, "", "new buffer contents before every write",
                   {}, recorded_in("refill_buffers")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.refill_buffers = boolean(v); }},
    FioOptionRule{{"zero_buffers", {}, kFlag, kData, "", "write zeros", {}, recorded_in("zero_buffers")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.zero_buffers = boolean(v); }},
    FioOptionRule{{"scramble_buffers", {}, kRequired, kData, "0|1",
                   "an offset and stamp in each 512 bytes", kScrambleDefault, recorded_in("scramble_buffers")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.scramble_buffers = boolean(v); }},
    FioOptionRule{{"buffer_pattern", {}, kRequired, kData, "PATTERN", "fill the write buffers with a pattern",
                   {}, recorded_in("buffer_pattern")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.buffers.buffer_pattern = data_pattern(v, false);
                  }},
    FioOptionRule{{"buffer_compress_percentage", {}, kRequired, kData, "PERCENT", "how compressible the buffers are",
                   {}, recorded_in("buffer_compress_percentage")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.buffers.compress_percentage = whole_number32(v, 0, 100);
                  }},
    FioOptionRule{{"buffer_compress_chunk", {}, kRequired, kData, "SIZE", "the unit of compressibility",
                   "512", recorded_in("buffer_compress_chunk")},
                  [](WorkloadSpec& s, std::string_view v, unsigned kb) {
                    s.buffers.compress_chunk =
                        static_cast<std::uint32_t>(std::min<std::uint64_t>(fio_size_of(v, kb), 0xffffffffu));
                  }},
    FioOptionRule{{"dedupe_percentage", {}, kRequired, kData, "PERCENT", "the share of writes that repeat a buffer",
                   {}, recorded_in("dedupe_percentage")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.buffers.dedupe_percentage = whole_number32(v, 0, 100);
                  }},
    FioOptionRule{{"dedupe_mode", {}, kRequired, kData, "repeat|working_set", "which buffer a repeat takes",
                   "repeat", recorded_in("dedupe_mode")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.dedupe_mode = dedupe_mode(v); }},
    FioOptionRule{{"dedupe_working_set_percentage", {}, kRequired, kData, "PERCENT",
                   "the working set's share of the file", "5", recorded_in("dedupe_working_set_percentage")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) {
                    s.buffers.dedupe_working_set_percentage = whole_number32(v, 0, 100);
                  }},
    FioOptionRule{{"dedupe_global", {}, kRequired, kData, "0|1", "jobs share their repeated buffers",
                   "0", recorded_in("dedupe_global")},
                  [](WorkloadSpec& s, std::string_view v, unsigned) { s.buffers.dedupe_global = boolean(v); }},
};

}  // namespace

std::span<const FioOptionRule> fio_data_rules() { return kRules; }

}  // namespace bench
