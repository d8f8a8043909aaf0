// fio's verify= and buffer options, the same job under bench++ and under fio 3.33: a block corrupted after a
// verified write fails both tools' read-verify, each naming the block's offset and exiting 1; the contents of
// compressible write buffers compress (zlib) as fio's do.
//
// bench++'s verify headers are its own (data/verify.h), not fio's: each tool reads back what it wrote itself, so
// the corrupted block's check runs on each tool's own file (docs/fio-options.md says why).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "data/data_test_support.h"
#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kCorruptAt = 262144 + 100;  // a byte in the block at 256 KiB

void make_file(const fs::path& path, std::uint64_t bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::vector<char> zeros(bytes, 0);
  out.write(zeros.data(), static_cast<std::streamsize>(zeros.size()));
}

void corrupt_byte(const fs::path& path, std::uint64_t offset) {
  std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
  file.seekg(static_cast<std::streamoff>(offset));
  char byte = 0;
  file.read(&byte, 1);
  file.seekp(static_cast<std::streamoff>(offset));
  byte = static_cast<char>(~byte);
  file.write(&byte, 1);
}

std::vector<std::byte> file_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> out(chars.size());
  std::memcpy(out.data(), chars.data(), chars.size());
  return out;
}

test::CommandOutput bench_job(const fs::path& dir, const fs::path& file, const std::vector<std::string>& options) {
  std::vector<std::string> args = {"job", "-q", "-d", dir.string(), "--allow-overwrite", file.string(),
                                   "--name=peer", "--filename=" + file.string()};
  args.insert(args.end(), options.begin(), options.end());
  return test::run_bench(args);
}

test::CommandOutput fio_job(const fs::path& file, const std::vector<std::string>& options) {
  // verify_state_save=0: fio would otherwise leave its verify state file in the current directory on a failure.
  std::vector<std::string> argv = {"fio", "--output=/dev/null", "--verify_state_save=0", "--name=peer",
                                   "--filename=" + file.string()};
  argv.insert(argv.end(), options.begin(), options.end());
  return test::run_program(argv, "");
}

}  // namespace

TEST_CASE("fio peer: verify=crc32c: a corrupted block fails both tools' read-verify, at the same offset") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const fs::path ours = dir.path() / "bench.data";
  const fs::path theirs = dir.path() / "fio.data";
  make_file(ours, 1 << 20);
  make_file(theirs, 1 << 20);
  const std::vector<std::string> write = {"--rw=write", "--bs=4k", "--size=1m", "--verify=crc32c"};
  const std::vector<std::string> read = {"--rw=read", "--bs=4k", "--size=1m", "--verify=crc32c"};
  // The verified write: each tool writes headers and reads them back after the writes; all good.
  const test::CommandOutput bench_write = bench_job(dir.path(), ours, write);
  INFO(bench_write.err);
  REQUIRE(bench_write.exit_code == 0);
  REQUIRE(fio_job(theirs, write).exit_code == 0);
  // Untouched, both read-verify clean.
  CHECK(bench_job(dir.path(), ours, read).exit_code == 0);
  CHECK(fio_job(theirs, read).exit_code == 0);
  corrupt_byte(ours, kCorruptAt);
  corrupt_byte(theirs, kCorruptAt);
  const test::CommandOutput bench_read = bench_job(dir.path(), ours, read);
  const test::CommandOutput fio_read = fio_job(theirs, read);
  INFO("bench++: " << bench_read.err);
  INFO("fio: " << fio_read.err);
  CHECK(fio_read.exit_code == 1);
  CHECK(bench_read.exit_code == fio_read.exit_code);
  CHECK(fio_read.err.find("offset 262144") != std::string::npos);
  CHECK(bench_read.err.find("bad block at offset 262144 (4096 bytes): crc32c expected") != std::string::npos);
  CHECK(bench_read.err.find("first bad byte at offset 262244") != std::string::npos);
  CHECK(bench_read.err.find(ours.string()) != std::string::npos);
  // The write job's own read-back finds it as well: verify_only re-checks what the write left.
  const test::CommandOutput verify_only = bench_job(dir.path(), ours, {"--rw=write", "--bs=4k", "--size=1m",
                                                                       "--verify=crc32c", "--verify_only"});
  CHECK(verify_only.exit_code == 1);
  CHECK(verify_only.err.find("bad block at offset 262144") != std::string::npos);
}

TEST_CASE("fio peer: buffer_compress_percentage and zero_buffers: the written data compress as fio's") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const fs::path ours = dir.path() / "bench.data";
  const fs::path theirs = dir.path() / "fio.data";
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {},
           {"--refill_buffers"},
           {"--buffer_compress_percentage=50"},
           {"--buffer_compress_percentage=75", "--buffer_compress_chunk=1k"},
           {"--zero_buffers"},
           {"--buffer_compress_percentage=100"}}) {
    std::vector<std::string> options = {"--rw=write", "--bs=64k", "--size=2m"};
    options.insert(options.end(), extra.begin(), extra.end());
    std::string text;
    for (const std::string& option : extra) text += option + " ";
    INFO("options: " << text);
    make_file(ours, 2 << 20);
    make_file(theirs, 2 << 20);
    const test::CommandOutput bench = bench_job(dir.path(), ours, options);
    INFO(bench.err);
    REQUIRE(bench.exit_code == 0);
    REQUIRE(fio_job(theirs, options).exit_code == 0);
    const double bench_ratio = test::zlib_ratio(file_bytes(ours));
    const double fio_ratio = test::zlib_ratio(file_bytes(theirs));
    INFO("zlib ratio: bench++ " << bench_ratio << ", fio " << fio_ratio);
    CHECK(std::abs(bench_ratio - fio_ratio) < 0.05);
  }
}

}  // namespace bench
