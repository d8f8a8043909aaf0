#include "cli/size_spec.h"

#include <doctest/doctest.h>

#include <string>

#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::uint64_t kGiB = kMiB * 1024;

// The message of the UsageError `call` throws, or "" when it throws nothing.
template <class Call>
std::string error_of(Call&& call) {
  return test::error_of<UsageError>(call);
}


}  // namespace

TEST_CASE("cli: parse_size reads numbers with k/m/g/t suffixes, K = 1024, any case") {
  CHECK(parse_size("16", SizeUnit::kMiB, "-s") == 16 * kMiB);
  CHECK(parse_size("300", SizeUnit::kBytes, "-n") == 300);
  CHECK(parse_size("2", SizeUnit::kKiB, "-x") == 2 * kKiB);
  CHECK(parse_size("16k", SizeUnit::kMiB, "-s") == 16 * kKiB);
  CHECK(parse_size("16K", SizeUnit::kMiB, "-s") == 16 * kKiB);
  CHECK(parse_size("3m", SizeUnit::kBytes, "-s") == 3 * kMiB);
  CHECK(parse_size("3M", SizeUnit::kBytes, "-s") == 3 * kMiB);
  CHECK(parse_size("2g", SizeUnit::kBytes, "-s") == 2 * kGiB);
  CHECK(parse_size("2G", SizeUnit::kBytes, "-s") == 2 * kGiB);
  CHECK(parse_size("1t", SizeUnit::kBytes, "-s") == 1024 * kGiB);
  CHECK(parse_size("0", SizeUnit::kMiB, "-s") == 0);
  CHECK(parse_size("007", SizeUnit::kBytes, "-s") == 7);
  CHECK(parse_size("18446744073709551615", SizeUnit::kBytes, "-s") == 18446744073709551615ull);
}

TEST_CASE("cli: parse_size rejects every malformed value with one line naming the option and the value") {
  CHECK(error_of([] { parse_size("16x", SizeUnit::kMiB, "-s"); }).rfind(
            "invalid -s value '16x': unknown size suffix 'x'", 0) == 0);
  const struct {
    const char* text;
    const char* reason;
  } cases[] = {
      {"", "empty value"},
      {"-5", "negative"},
      {"abc", "not a number"},
      {"+5", "not a number"},
      {" 5", "not a number"},
      {"1.5g", "whole number"},
      {"16kb", "unknown size suffix 'kb'"},
      {"16 ", "unknown size suffix ' '"},
      {"99999999999999t", "too large"},
      {"18446744073709551616", "too large"},
      {"17179869184g", "too large"},
      {"18446744073709551615k", "too large"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const std::string message = error_of([&] { parse_size(c.text, SizeUnit::kMiB, "-q9"); });
    CHECK(test::contains(message, std::string("invalid -q9 value '") + c.text + "'"));
    CHECK(test::contains(message, c.reason));
    CHECK(message.find('\n') == std::string::npos);
  }
  CHECK(test::contains(error_of([] { parse_size("20000000t", SizeUnit::kBytes, "-s"); }), "too large"));
}

TEST_CASE("cli: parse_count takes digits and an optional x1024 letter") {
  CHECK(parse_count("8192", "-s") == 8192);
  CHECK(parse_count("8k", "-s", 'k') == 8192);
  CHECK(parse_count("8K", "-s", 'k') == 8192);
  CHECK(parse_count("2m", "-n", 'm') == 2048);
  CHECK(parse_count("0", "-z") == 0);
  CHECK(test::contains(error_of([] { parse_count("8k", "-c"); }), "unexpected 'k'"));
  CHECK(test::contains(error_of([] { parse_count("8k", "-n", 'm'); }), "unknown suffix 'k'"));
  CHECK(test::contains(error_of([] { parse_count("-1", "-x"); }), "invalid -x value '-1': must not be negative"));
  CHECK(test::contains(error_of([] { parse_count("", "-x"); }), "empty value"));
  CHECK(test::contains(error_of([] { parse_count("x", "-x"); }), "not a number"));
  CHECK(test::contains(error_of([] { parse_count("1.0", "-x"); }), "whole number"));
  CHECK(test::contains(error_of([] { parse_count("18014398509481984k", "-s", 'k'); }), "too large"));
}

TEST_CASE("cli: parse_io_spec reads size[:chunk[:seeks[:seekers]]] with bonnie++'s defaults") {
  const auto plain = parse_io_spec("16");
  REQUIRE(plain.has_value());
  CHECK(plain->file_size_bytes == 16 * kMiB);
  CHECK(plain->chunk_bytes == 8192);
  CHECK(plain->seeks == 8192);
  CHECK(plain->seekers == 5);
  CHECK(plain->per_char_bytes == 3 * kMiB);

  const auto full = parse_io_spec("2g:64k:2k:10");
  REQUIRE(full.has_value());
  CHECK(full->file_size_bytes == 2 * kGiB);
  CHECK(full->chunk_bytes == 64 * kKiB);
  CHECK(full->seeks == 2048);
  CHECK(full->seekers == 10);

  CHECK(parse_io_spec("1:256")->chunk_bytes == 256);
  CHECK(parse_io_spec("1:1m")->chunk_bytes == kMiB);
  CHECK(parse_io_spec("1:1048576:1:1000")->seekers == 1000);
  CHECK(parse_io_spec("16:8192:4294967295")->seeks == 4294967295u);
  CHECK(parse_io_spec("8k")->per_char_bytes == 8 * kKiB);  // per-char clamped to the file size
  CHECK(parse_io_spec("512k:512")->file_size_bytes == 512 * kKiB);
  CHECK_FALSE(parse_io_spec("0").has_value());
  CHECK_FALSE(parse_io_spec("0:4k:10:2").has_value());
}

TEST_CASE("cli: parse_io_spec refuses bad fields, naming -s, the value and the field") {
  const struct {
    const char* text;
    const char* reason;
  } cases[] = {
      {"", "empty value"},
      {"16x", "unknown size suffix 'x'"},
      {"16x:8k", "size: unknown size suffix 'x'"},
      {"-16", "must not be negative"},
      {"-16:8k", "size: must not be negative"},
      {"99999999999999t", "too large"},
      {"16:300", "chunk must be a power of two from 256 to 1048576 bytes, not 300"},
      {"16:128", "not 128"},
      {"16:2m", "not 2097152"},
      {"16:0", "not 0"},
      {"16:8q", "chunk: unknown size suffix 'q'"},
      {"0:300", "not 300"},
      {"16:8k:0", "seeks must be from 1 to 4294967295, not 0"},
      {"16:8k:4294967296", "seeks must be from 1"},
      {"16:8k:-1", "seeks: must not be negative"},
      {"16:8k:5m", "seeks: unknown suffix 'm'"},
      {"16:8k:10:0", "seekers must be from 1 to 1000, not 0"},
      {"16:8k:10:1001", "not 1001"},
      {"16:8k:10:2k", "seekers: unexpected 'k'"},
      {"16:8k:10:5:1", "too many fields"},
      {"16:", "chunk: empty value"},
      {"16::10", "chunk: empty value"},
      {"4k", "size 4096 bytes is smaller than one chunk (8192 bytes)"},
      {"64k:1m", "smaller than one chunk"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const std::string message = error_of([&] { parse_io_spec(c.text); });
    CHECK(test::contains(message, std::string("invalid -s value '") + c.text + "'"));
    CHECK(test::contains(message, c.reason));
  }
}

TEST_CASE("cli: parse_file_spec reads num[:max[:min[:dirs[:chunk]]]] with bonnie++'s defaults") {
  const auto plain = parse_file_spec("16");
  REQUIRE(plain.has_value());
  CHECK(plain->count_k == 16);
  CHECK(plain->file_count() == 16 * 1024);
  CHECK(plain->content == FileContent::kData);
  CHECK(plain->max_size_bytes == 0);
  CHECK(plain->min_size_bytes == 0);
  CHECK(plain->dirs == 1);
  CHECK(plain->chunk_bytes == 8192);

  const auto full = parse_file_spec("4:100k:1k:50:4k");
  REQUIRE(full.has_value());
  CHECK(full->count_k == 4);
  CHECK(full->max_size_bytes == 100 * kKiB);
  CHECK(full->min_size_bytes == kKiB);
  CHECK(full->dirs == 50);
  CHECK(full->chunk_bytes == 4096);

  CHECK(parse_file_spec("2m")->count_k == 2048);
  CHECK(parse_file_spec("1:1g:1g")->min_size_bytes == kGiB);
  CHECK(parse_file_spec("1:-1")->content == FileContent::kHardLink);
  CHECK(parse_file_spec("1:-2")->content == FileContent::kSymLink);
  CHECK(parse_file_spec("1:-2:0:10")->dirs == 10);
  CHECK(parse_file_spec("1:0:0:99999")->dirs == 99999);
  CHECK(parse_file_spec("1:0:0:2k")->dirs == 2048);
  CHECK(parse_file_spec("1:0:0:1:1m")->chunk_bytes == kMiB);
  CHECK(parse_file_spec("28339")->count_k == kMaxFileCountK);
  CHECK_FALSE(parse_file_spec("0").has_value());
  CHECK_FALSE(parse_file_spec("0:-1").has_value());
}

TEST_CASE("cli: parse_file_spec refuses bad fields, naming -n, the value and the field") {
  const struct {
    const char* text;
    const char* reason;
  } cases[] = {
      {"", "empty value"},
      {"-1", "must not be negative"},
      {"16k", "unknown suffix 'k' (only 'm' is allowed)"},
      {"16k:0", "num: unknown suffix 'k'"},
      {":0", "num: empty value"},
      {"x", "not a number"},
      {"28340", "too many to track"},
      {"99999999999999999999", "too large"},
      {"16:-3", "negative values other than -1"},
      {"16:-1:5", "min must be absent or 0"},
      {"16:-2:1k", "min must be absent or 0"},
      {"16:10:20", "min 20 is larger than max 10"},
      {"16::20", "max: empty value"},
      {"16:0:5", "min 5 is larger than max 0"},
      {"16:10x", "max: unknown size suffix 'x'"},
      {"16:10:-1", "min: must not be negative"},
      {"16:0:0:0", "dirs must be from 1 to 99999, not 0"},
      {"16:0:0:100000", "not 100000"},
      {"16:0:0:-4", "dirs: must not be negative"},
      {"16:0:0:1:300", "chunk must be a power of two"},
      {"16:0:0:1:128", "not 128"},
      {"16:0:0:1:2m", "not 2097152"},
      {"16:0:0:1:8k:1", "too many fields"},
      {"16:99999999999999t", "max: too large"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const std::string message = error_of([&] { parse_file_spec(c.text); });
    CHECK(test::contains(message, std::string("invalid -n value '") + c.text + "'"));
    CHECK(test::contains(message, c.reason));
  }
}

TEST_CASE("cli: parse_sync_spec reads total[:write] in bytes") {
  const SyncTestSpec defaults;
  const auto total_only = parse_sync_spec("23000");
  CHECK(total_only.total_bytes == 23000);
  CHECK(total_only.write_bytes == defaults.write_bytes);
  const auto both = parse_sync_spec("1m:4k");
  CHECK(both.total_bytes == kMiB);
  CHECK(both.write_bytes == 4096);
  CHECK(parse_sync_spec("1:1").write_bytes == 1);
  const struct {
    const char* text;
    const char* reason;
  } cases[] = {
      {"", "empty value"},
      {"1x", "unknown size suffix 'x'"},
      {"1x:1k", "total: unknown size suffix 'x'"},
      {"-1", "must not be negative"},
      {"100", "total 100 bytes is less than one write (2300 bytes)"},
      {"1m:0", "write must be from 1 to 1048576, not 0"},
      {"1m:2m", "not 2097152"},
      {"1m:", "write: empty value"},
      {"1m:1k:1", "too many fields"},
      {"99999999999999t", "too large"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const std::string message = error_of([&] { parse_sync_spec(c.text); });
    CHECK(test::contains(message, std::string("invalid --sync-size value '") + c.text + "'"));
    CHECK(test::contains(message, c.reason));
  }
}

}  // namespace bench
