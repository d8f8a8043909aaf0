// The job's data (phases/workload/workload_data.h) and fio's data options as bench++ reads them (cli/fio_options.h): a
// verified write's block checks clean and a changed byte names the block; combinations bench++ does not run are
// refused in one line.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/fio_options.h"
#include "phases/workload/workload_data.h"
#include "result/errors.h"

namespace bench {
namespace {

WorkloadSpec spec_of(const std::vector<FioOption>& options) {
  WorkloadSpec spec;
  spec.name = "w";
  spec.size_bytes = 1 << 20;
  for (const FioOption& option : options) apply_fio_option(spec, option, 1024);
  return spec;
}

std::string refusal(const std::vector<FioOption>& options) {
  try {
    check_workload(spec_of(options));
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("job data: a verified write's block checks clean after a read, and a changed byte names the block") {
  for (const char* method : {"crc32c", "crc32c-intel", "md5", "sha256", "xxhash", "meta"}) {
    INFO(method);
    const WorkloadSpec spec = spec_of({{"rw", "write"}, {"verify", method}});
    std::vector<std::byte> buffers(2 * spec.block_bytes);
    JobData data(spec, JobDataSetup{buffers, 2, 0, spec.size_bytes, FioSeeds{}, "the-file"});
    data.fill_initial();
    CHECK(data.acts_per_write());
    CHECK(data.verifies_after_the_job());
    data.before_write(1, 8192, spec.block_bytes);
    // The block as a read would bring it back, in the other slot.
    std::copy(buffers.begin() + 4096, buffers.end(), buffers.begin());
    CHECK_FALSE(data.after_read(0, 8192, spec.block_bytes).has_value());
    // The right bytes at the wrong offset.
    const std::optional<std::string> moved = data.after_read(0, 12288, spec.block_bytes);
    REQUIRE(moved.has_value());
    CHECK(moved->find("bad block at offset 12288 (4096 bytes): offset expected 12288, found 8192") != std::string::npos);
    buffers[4000] ^= std::byte{1};
    const std::optional<std::string> bad = data.after_read(0, 8192, spec.block_bytes);
    if (std::string(method) == "meta") {
      CHECK_FALSE(bad.has_value());  // meta checks the header alone
    } else {
      REQUIRE(bad.has_value());
      CHECK(bad->find("bad block at offset 8192") != std::string::npos);
      CHECK(bad->find("first bad byte at offset 12192") != std::string::npos);
      CHECK(bad->find("in the-file") != std::string::npos);
    }
    CHECK(data.verified_blocks() == 3);
  }
}

TEST_CASE("job data: with requests of varying sizes each write is read back as it went, an overlapped one not") {
  const WorkloadSpec spec = spec_of({{"rw", "randwrite"}, {"bsrange", "4k-16k"}, {"verify", "crc32c"}});
  REQUIRE(spec.block_sizes.varies());
  REQUIRE(spec.block_bytes == 16384);
  std::vector<std::byte> buffers(2 * spec.block_bytes);
  JobData data(spec, JobDataSetup{buffers, 2, 0, spec.size_bytes, FioSeeds{}, "f"});
  data.fill_initial();
  data.before_write(0, 0, 16384);
  data.before_write(0, 32768, 8192);
  data.before_write(1, 8192, 4096);  // inside the first write: that one is no longer as it went
  std::vector<std::pair<std::uint64_t, std::uint32_t>> read_back;
  while (const std::optional<JobData::Extent> block = data.next_read_back()) {
    read_back.emplace_back(block->offset, block->length);
  }
  CHECK(read_back == std::vector<std::pair<std::uint64_t, std::uint32_t>>{{8192, 4096}, {32768, 8192}});
  // The 4096-byte write (slot 1) as a read brings it back: clean at its length, not read as a longer block.
  std::copy(buffers.begin() + spec.block_bytes, buffers.begin() + spec.block_bytes + 4096, buffers.begin());
  CHECK_FALSE(data.after_read(0, 8192, 4096).has_value());
  const std::optional<std::string> longer = data.after_read(0, 8192, 8192);
  REQUIRE(longer.has_value());
  CHECK(longer->find("bad block at offset 8192") != std::string::npos);
  data.forget_writes();
  CHECK_FALSE(data.next_read_back().has_value());
}

TEST_CASE("job data: verify=pattern lays verify_pattern, and a read job checks what it reads") {
  const WorkloadSpec spec = spec_of({{"rw", "read"}, {"verify", "pattern"}, {"verify_pattern", "0xdeadbeef"}});
  std::vector<std::byte> buffer(spec.block_bytes);
  JobData data(spec, JobDataSetup{buffer, 1, 0, spec.size_bytes, FioSeeds{}, "f"});
  CHECK_FALSE(data.acts_per_write());
  CHECK(data.checks_reads());
  CHECK_FALSE(data.verifies_after_the_job());
  for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = std::byte{std::array<unsigned char, 4>{0xde, 0xad, 0xbe, 0xef}[i % 4]};
  CHECK_FALSE(data.after_read(0, 0, spec.block_bytes).has_value());
  buffer[7] = std::byte{0};
  const std::optional<std::string> bad = data.after_read(0, 0, spec.block_bytes);
  REQUIRE(bad.has_value());
  CHECK(bad->find("pattern expected 0xef, found 0x00") != std::string::npos);
}

TEST_CASE("job data: refill_buffers changes a write's buffer, the default scrambles it, zero_buffers leaves zeros") {
  const auto after_two_writes = [](const std::vector<FioOption>& options) {
    const WorkloadSpec spec = spec_of(options);
    std::vector<std::byte> buffer(spec.block_bytes);
    JobData data(spec, JobDataSetup{buffer, 1, 0, spec.size_bytes, FioSeeds{}, "f"});
    data.fill_initial();
    const std::vector<std::byte> first = buffer;
    if (data.acts_per_write()) data.before_write(0, 0, spec.block_bytes);
    std::size_t changed = 0;
    for (std::size_t i = 0; i < buffer.size(); ++i) changed += buffer[i] != first[i] ? 1 : 0;
    std::size_t zeros = 0;
    for (const std::byte b : buffer) zeros += b == std::byte{0} ? 1 : 0;
    return std::pair{changed, zeros};
  };
  CHECK(after_two_writes({{"rw", "write"}, {"refill_buffers", "1"}}).first > 4000);
  const auto scrambled = after_two_writes({{"rw", "write"}});
  CHECK(scrambled.first > 0);
  CHECK(scrambled.first <= 8 * 24);  // 24 bytes of each 512
  CHECK(after_two_writes({{"rw", "write"}, {"zero_buffers", "1"}}) == std::pair<std::size_t, std::size_t>{0, 4096});
  const auto half = after_two_writes({{"rw", "write"}, {"buffer_compress_percentage", "50"}});
  CHECK(half.second >= 2048);  // half of each 512-byte chunk is zeros
}

TEST_CASE("fio options: verify and buffer combinations bench++ does not run are refused in one line") {
  CHECK(refusal({{"rw", "randrw"}, {"verify", "md5"}}) ==
        "workload 'w': verify= with a mixed rw=rw/randrw is not supported by bench++ (verify a write job, then a read "
        "job)");
  CHECK(refusal({{"rw", "write"}, {"verify", "pattern"}}) == "workload 'w': verify=pattern needs verify_pattern=");
  CHECK(refusal({{"rw", "write"}, {"verify", "md5"}, {"verify_backlog", "16"}}).empty());
  CHECK(refusal({{"rw", "write"}, {"verify_only", "1"}}) ==
        "workload 'w': verify_only needs verify= (the method the earlier run wrote with)");
  CHECK(refusal({{"rw", "write"}, {"bs", "64"}, {"verify", "sha256"}}) ==
        "workload 'w': bs=64 does not hold verify=sha256's 80-byte header");
  CHECK(refusal({{"rw", "write"}, {"verify", "md5"}, {"verify_interval", "1000"}}) ==
        "workload 'w': verify_interval=1000 does not divide bs=4096");
  CHECK(refusal({{"rw", "write"}, {"verify", "crc32c"}, {"verify_interval", "512"}}).empty());
  CHECK_THROWS_WITH_AS(spec_of({{"verify", "crc64"}}), doctest::Contains("invalid fio option verify='crc64'"),
                       UsageError);
  CHECK_THROWS_WITH_AS(spec_of({{"buffer_compress_percentage", "101"}}),
                       "invalid fio option buffer_compress_percentage='101': must be between 0 and 100", UsageError);
  CHECK_THROWS_WITH_AS(spec_of({{"dedupe_mode", "often"}}), doctest::Contains("repeat and working_set"), UsageError);
  CHECK_THROWS_WITH_AS(spec_of({{"buffer_pattern", "'file'"}}), doctest::Contains("buffer_pattern"), UsageError);
}

}  // namespace bench
