// bench++'s buffer contents and verify checksums against fio 3.33's own: files written by the installed fio,
// read back and measured the same way as bench++'s (zlib's ratio, the share of repeated blocks), fio's verify
// headers' checksums recomputed, and a corrupted block that both fio and bench++ find.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "data/buffer_fill.h"
#include "data/checksum.h"
#include "data/data_test_support.h"
#include "data/verify.h"
#include "fio_run.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

std::vector<std::byte> read_bytes(const std::filesystem::path& path) {
  const std::string text = test::read_file(path);
  std::vector<std::byte> bytes(text.size());
  std::memcpy(bytes.data(), text.data(), text.size());
  return bytes;
}

// The file fio writes sequentially with `options` (bs 4k, psync), read back whole.
std::vector<std::byte> fio_written(const test::TempDir& dir, std::uint64_t size,
                                   const std::vector<std::string>& options) {
  const std::filesystem::path file = dir.path() / "written";
  std::filesystem::remove(file);
  std::vector<std::string> args = {"--name=job", "--filename=" + file.string(), "--rw=write", "--bs=4k",
                                   "--size=" + std::to_string(size), "--ioengine=psync"};
  args.insert(args.end(), options.begin(), options.end());
  if (!test::run_fio(dir.path(), args)) return {};
  return read_bytes(file);
}

// What bench++'s BufferFiller writes for the same job: iodepth 1, one buffer.
std::vector<std::byte> bench_written(const BufferOptions& options, std::uint64_t size) {
  BufferJob job;
  job.run_seed = 77;
  job.size_bytes = size;
  job.min_write_bytes = kBlock;
  job.seeds = FioSeeds::for_job(std::nullopt, true, 1, "written");
  BufferFiller filler(plan_buffers(options, false, false), job);
  std::vector<std::byte> buffer(kBlock);
  filler.fill_initial(buffer);
  std::vector<std::byte> stream;
  for (std::uint64_t offset = 0; offset < size; offset += kBlock) {
    filler.prepare_write(buffer, offset, 1'700'000'000'000'000'000ULL + offset * 3001);
    stream.insert(stream.end(), buffer.begin(), buffer.end());
  }
  return stream;
}

template <typename T>
T field(std::span<const std::byte> block, std::size_t at) {
  T value;
  std::memcpy(&value, block.data() + at, sizeof value);
  return value;
}

}  // namespace

TEST_CASE("data: compressibility of fio's buffers and bench++'s for the same options (zlib level 6)") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  constexpr std::uint64_t kSize = 4 << 20;
  struct Case {
    std::vector<std::string> fio;
    BufferOptions bench;
  };
  std::vector<Case> cases;
  cases.push_back({{}, {}});  // fio's default: filled once, scrambled per write
  for (const std::uint32_t percent : {0u, 25u, 50u, 75u, 100u}) {
    BufferOptions options;
    options.compress_percentage = percent;
    cases.push_back({{"--buffer_compress_percentage=" + std::to_string(percent)}, options});
  }
  BufferOptions chunked;
  chunked.compress_percentage = 60;
  chunked.compress_chunk = 4096;
  cases.push_back({{"--buffer_compress_percentage=60", "--buffer_compress_chunk=4k"}, chunked});
  BufferOptions refill;
  refill.refill_buffers = true;
  cases.push_back({{"--refill_buffers"}, refill});
  BufferOptions zero;
  zero.zero_buffers = true;
  cases.push_back({{"--zero_buffers"}, zero});
  for (const Case& one : cases) {
    const std::vector<std::byte> fio = fio_written(dir, kSize, one.fio);
    REQUIRE(fio.size() == kSize);
    const double fio_ratio = test::zlib_ratio(fio);
    const double bench_ratio = test::zlib_ratio(bench_written(one.bench, kSize));
    INFO("fio " << (one.fio.empty() ? std::string("(defaults)") : one.fio.front()) << ": fio " << fio_ratio
                << ", bench++ " << bench_ratio);
    CHECK(std::abs(fio_ratio - bench_ratio) < 0.02);
  }
}

TEST_CASE("data: dedupe_percentage: the share of repeated blocks in fio's file and in bench++'s") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  constexpr std::uint64_t kSize = 8 << 20;  // 2048 blocks: a binomial sd of 0.01 at 30 %
  for (const std::uint32_t percent : {30u, 70u}) {
    for (const bool working_set : {false, true}) {
      std::vector<std::string> fio_options = {"--dedupe_percentage=" + std::to_string(percent)};
      BufferOptions options;
      options.dedupe_percentage = percent;
      if (working_set) {
        fio_options.push_back("--dedupe_mode=working_set");
        fio_options.push_back("--dedupe_working_set_percentage=10");
        options.dedupe_mode = DedupeMode::kWorkingSet;
        options.dedupe_working_set_percentage = 10;
      }
      const double fio = test::duplicate_share(fio_written(dir, kSize, fio_options), kBlock);
      const double bench = test::duplicate_share(bench_written(options, kSize), kBlock);
      INFO(percent << " %" << (working_set ? ", working set" : "") << ": fio " << fio << ", bench++ " << bench);
      CHECK(std::abs(fio - percent / 100.0) < 0.04);
      CHECK(std::abs(fio - bench) < 0.03);
    }
  }
}

TEST_CASE("data: fio's verify headers hold the checksums bench++ computes of the same data") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  // fio's header: magic (u16) 0xacca, type, length, seed, offset (u64 at 16), time, thread, numberio, and a
  // CRC-32C of its first 36 bytes at 36; then the method's own part, then the data. fio's CRC-32C leaves out the
  // final inversion; its SHA-1 stores the five words in host order. (Its sha256 and sha512 are not comparable:
  // fio 3.33 stores the low byte of each state word and pads with a little-endian length, not the standard
  // digest.)
  struct Method {
    const char* name;
    std::size_t part_bytes;  // fio's vhdr_* size
    ChecksumKind kind;
  };
  for (const Method method : {Method{"md5", 16, ChecksumKind::kMd5}, Method{"crc32c", 4, ChecksumKind::kCrc32c},
                              Method{"crc32c-intel", 4, ChecksumKind::kCrc32c}, Method{"sha1", 20, ChecksumKind::kSha1},
                              Method{"xxhash", 4, ChecksumKind::kXxhash32}}) {
    INFO(method.name);
    const std::vector<std::byte> file =
        fio_written(dir, 64 << 10, {std::string("--verify=") + method.name, "--do_verify=0"});
    REQUIRE(file.size() == 64 << 10);
    for (std::size_t at = 0; at < file.size(); at += kBlock) {
      const std::span<const std::byte> block = std::span(file).subspan(at, kBlock);
      REQUIRE(field<std::uint16_t>(block, 0) == 0xacca);
      CHECK(field<std::uint64_t>(block, 16) == at);
      CHECK(field<std::uint32_t>(block, 36) == ~crc32c(block.first(36)));
      const std::span<const std::byte> data = block.subspan(40 + method.part_bytes);
      const Digest ours = checksum(method.kind, data);
      if (method.kind == ChecksumKind::kCrc32c) {
        CHECK(field<std::uint32_t>(block, 40) == ~crc32c(data));
      } else if (method.kind == ChecksumKind::kXxhash32) {
        CHECK(field<std::uint32_t>(block, 40) == xxhash32(data, 1));
      } else if (method.kind == ChecksumKind::kSha1) {
        for (std::size_t i = 0; i < 20; ++i) CHECK(block[40 + (i / 4) * 4 + 3 - i % 4] == ours[i]);
      } else {
        CHECK(std::memcmp(block.data() + 40, ours.data(), 16) == 0);
      }
    }
  }
}

TEST_CASE("data: a corrupted block that fio's verify finds, bench++'s finds at the same offset") {
  if (!test::fio_available()) return;
  const test::TempDir dir;
  const std::filesystem::path file = dir.path() / "verified";
  const std::vector<std::string> job = {"--name=job", "--filename=" + file.string(), "--rw=write", "--bs=4k",
                                        "--size=64k", "--ioengine=psync", "--verify=crc32c"};
  REQUIRE(test::run_fio(dir.path(), test::with(job, {"--do_verify=0"})));
  constexpr std::uint64_t kCorrupted = 5 * kBlock + 1000;
  const auto corrupt = [](const std::filesystem::path& path) {
    std::fstream stream(path, std::ios::in | std::ios::out | std::ios::binary);
    stream.seekg(static_cast<std::streamoff>(kCorrupted));
    const char byte = static_cast<char>(stream.get() ^ 0x5a);
    stream.seekp(static_cast<std::streamoff>(kCorrupted));
    stream.put(byte);
  };
  corrupt(file);
  std::vector<std::string> verify_only = {"sh", "-c", "cd \"$1\" && shift && exec fio --output=/dev/null \"$@\"", "sh",
                                          dir.path().string()};
  verify_only = test::with(verify_only, test::with(job, {"--verify_only"}));
  const test::CommandOutput fio = test::run_program(verify_only);
  INFO("fio: " << fio.err);
  CHECK(fio.exit_code != 0);
  std::smatch match;
  REQUIRE(std::regex_search(fio.err, match, std::regex("verify failed at file \\S+ offset (\\d+)")));
  const std::uint64_t fio_offset = std::stoull(match[1]);
  CHECK(fio_offset == 5 * kBlock);

  // bench++ on its own file of the same job, corrupted in the same byte.
  VerifySpec spec;
  spec.method = VerifyMethod::kCrc32c;
  const BlockVerifier verifier(spec, 1);
  std::vector<std::byte> ours(64 << 10);
  for (std::uint64_t at = 0; at < ours.size(); at += kBlock)
    verifier.fill(std::span(ours).subspan(at, kBlock), {at, 0, 1});
  ours[kCorrupted] ^= std::byte{0x5a};
  std::optional<VerifyFailure> first;
  for (std::uint64_t at = 0; at < ours.size() && !first; at += kBlock)
    first = verifier.check(std::span(ours).subspan(at, kBlock), {at, 0, 1});
  REQUIRE(first.has_value());
  CHECK(first->offset == fio_offset);
  CHECK(first->first_bad_byte == kCorrupted);
  MESSAGE("fio: " << fio.err.substr(0, fio.err.find('\n')) << "\nbench++: " << first->describe());
}

}  // namespace bench
