// --verify: the read phases (rewrite, per-char read, block read, random seeks) compare every chunk they read
// with the pattern the block write wrote, and a corruption made between the write and the reads fails the
// run with the offset of the bad block and of its first wrong byte. Checked on the phases directly (every
// read phase, deterministic) and on the real binary, corrupting the file while bench++ runs.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <memory>

#include "phases/bonnie/io_phases.h"
#include "phases/phase_fixture.h"
#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

// Flips the bits of the byte at `offset` of `path` (through the page cache bench++ reads from too).
void corrupt_byte(const std::filesystem::path& path, std::uint64_t offset) {
  const int fd = ::open(path.c_str(), O_RDWR);
  REQUIRE(fd >= 0);
  unsigned char byte = 0;
  REQUIRE(::pread(fd, &byte, 1, static_cast<off_t>(offset)) == 1);
  byte ^= 0xff;
  REQUIRE(::pwrite(fd, &byte, 1, static_cast<off_t>(offset)) == 1);
  ::close(fd);
}

struct VerifyFixture : test::PhaseFixture {
  VerifyFixture() {
    setup.io->file_size_bytes = 1 << 20;
    setup.io->chunk_bytes = 8192;
    setup.io->seeks = 4000;  // about every chunk of the file is visited
    setup.io->seekers = 3;
    setup.io->per_char_bytes = 64 << 10;  // the corrupted blocks of the tests are in it
    setup.seed = 7;
    setup.verify = true;
  }
  // The message of the phase's failure, or "" when it ran through.
  std::string failure_of(const BonnieTest& phase) {
    try {
      run(phase);
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    return "";
  }
};

TEST_CASE("reliability: --verify passes a file as written, rewritten and seeked") {
  VerifyFixture f;
  f.run(*make_block_write_phase());
  CHECK(f.failure_of(*make_rewrite_phase()).empty());
  CHECK(f.failure_of(*make_per_char_read_phase()).empty());
  CHECK(f.failure_of(*make_block_read_phase()).empty());
  CHECK(f.failure_of(*make_random_seeks_phase()).empty());
  CHECK(f.failure_of(*make_block_read_phase()).empty());  // after the seek write-backs too
}

TEST_CASE("reliability: every read phase with --verify names the offset of a corrupted block") {
  VerifyFixture f;
  f.run(*make_block_write_phase());
  const std::uint64_t block = 5 * 8192;
  std::uint64_t byte = 0;
  SUBCASE("in the random body of a sector") { byte = block + 3 * 512 + 100; }
  SUBCASE("in an offset stamp") { byte = block + 2 * 512 + 3; }
  SUBCASE("in the seed stamp") { byte = block + 9; }
  corrupt_byte(f.data(), byte);
  const std::string expected = "data mismatch in " + f.data().string() + " at offset " + std::to_string(block) +
                               ": the 8192-byte block read there is not the one written (first wrong byte at offset " +
                               std::to_string(byte) + ")";
  CHECK(f.failure_of(*make_block_read_phase()) == expected);
  CHECK(f.failure_of(*make_per_char_read_phase()) == expected);
  CHECK(f.failure_of(*make_random_seeks_phase()) == expected);  // 4000 random tickets over 128 chunks
  CHECK(f.failure_of(*make_rewrite_phase()) == expected);
}

TEST_CASE("reliability: the write generation that rewrites bump is not a mismatch, and without --verify nothing is checked") {
  VerifyFixture f;
  f.run(*make_block_write_phase());
  SUBCASE("the generation field") {
    corrupt_byte(f.data(), 8192 * 3 + 512 * 4 + 13);
    CHECK(f.failure_of(*make_block_read_phase()).empty());
  }
  SUBCASE("no --verify") {
    corrupt_byte(f.data(), 8192 * 3 + 100);
    f.setup.verify = false;
    CHECK(f.failure_of(*make_block_read_phase()).empty());
    CHECK(f.failure_of(*make_rewrite_phase()).empty());
  }
}

TEST_CASE("reliability: bench++ --verify catches a corruption made while it runs, exit 1, nothing left") {
  test::RunDirectory dir("size=64m");
  // The corruption is made once the block write is done (the rewrite has started) with bench++ stopped;
  // the rewrite, or else the block read (after a slow per-char read), finds it.
  test::BackgroundProcess bench(test::bench_command({"-d", dir.path().string(), "-s", "16M:4k", "-f256k", "-n", "0",
                                                     "--no-sync-test", "-r", "0", "--verify"}));
  REQUIRE(bench.wait_for_stderr("Rewriting...", 60s));
  bench.send_signal(SIGSTOP);
  const auto data = test::find_data_file(dir.path());
  REQUIRE(data.has_value());
  const std::uint64_t block = 8 << 20;
  corrupt_byte(*data, block + 1000);
  bench.send_signal(SIGCONT);
  const auto r = bench.finish();
  CHECK(r.exit_code == 1);
  CHECK_MESSAGE(r.err.find("\nbench++: data mismatch in " + data->string() + " at offset " + std::to_string(block) +
                           ": the 4096-byte block read there is not the one written (first wrong byte at offset " +
                           std::to_string(block + 1000) + ")\n") != std::string::npos,
                r.err);
  CHECK(r.out.find("Results of the tests completed before the failure") != std::string::npos);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("reliability: bench++ --verify passes an intact run, with -c 4 too, and refuses --data zero") {
  test::RunDirectory dir("size=64m");
  const std::vector<std::string> quick = {"-d", dir.path().string(), "-s", "2M:4k", "-f64k", "-n", "0",
                                          "--sync-size", "23000", "-r", "0", "-q", "--verify"};
  const auto ok = test::run_bench(quick);
  CHECK_MESSAGE(ok.exit_code == 0, ok.err);
  const auto four_workers = test::run_bench(test::with(quick, {"-c", "4"}));  // each worker with its own data
  CHECK_MESSAGE(four_workers.exit_code == 0, four_workers.err);
  std::vector<std::string> zero = quick;
  zero.insert(zero.end(), {"--data", "zero"});
  const auto refused = test::run_bench(zero);
  CHECK(refused.exit_code == 2);
  CHECK(refused.err == "bench++: option --verify needs --data random: zero blocks carry no offset stamp to check\n");
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace
}  // namespace bench
