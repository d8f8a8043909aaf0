#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "phases/bonnie/data_pattern.h"
#include "phases/bonnie/io_phase_common.h"
#include "phases/bonnie/io_phases.h"
#include "phases/phase_fixture.h"
#include "phases/seeds.h"
#include "platform/posix_file.h"
#include "test_support.h"

namespace bench {
namespace {

struct IoFixture : test::PhaseFixture {
  IoFixture() {
    setup.io->file_size_bytes = 1 << 20;
    setup.io->chunk_bytes = 4096;
    setup.io->seeks = 1000;
    setup.io->seekers = 3;
    setup.io->per_char_bytes = 64 << 10;
    setup.seed = 99;
  }
  // Checks every block of the data file against the pattern.
  bool file_matches_pattern() {
    BlockPattern pattern(setup.data, pattern_seed(setup.seed, 0), setup.io->chunk_bytes);
    PosixFile file(dir.path() / "data", O_RDONLY);
    AlignedBuffer block(setup.io->chunk_bytes);
    for (std::uint64_t offset = 0; offset < setup.io->file_size_bytes; offset += setup.io->chunk_bytes) {
      if (file.read_full(block.data(), block.size()) != block.size() || !pattern.matches(block.data(), offset)) {
        return false;
      }
    }
    return true;
  }
};

TEST_CASE("per-char write and read move per_char_bytes with one sample per chunk") {
  IoFixture f;
  const WorkDone written = f.run(*make_per_char_write_phase());
  CHECK(written.bytes == 64 << 10);
  CHECK(f.latency.count() == 16);  // 64 KiB / 4 KiB chunks
  CHECK(std::filesystem::file_size(f.dir.path() / "data") == 64 << 10);
  const WorkDone read = f.run(*make_per_char_read_phase());
  CHECK(read.bytes == 64 << 10);
  CHECK(f.latency.count() == 16);
}

TEST_CASE("per-char write writes byte n as n mod 128, and a per-char read of a shorter file is an error") {
  IoFixture f;
  f.run(*make_per_char_write_phase());
  const std::string bytes = test::read_file(f.data());
  REQUIRE(bytes.size() == 64 << 10);
  bool pattern = true;
  for (std::size_t n = 0; n < bytes.size(); ++n) pattern = pattern && bytes[n] == static_cast<char>(n % 128);
  CHECK(pattern);
  std::filesystem::resize_file(f.data(), (64 << 10) - 1);
  CHECK_THROWS_WITH(f.run(*make_per_char_read_phase()), ("unexpected end of file in " + f.data().string()).c_str());
}

TEST_CASE("block write, rewrite and block read cover the file in chunks and keep the pattern") {
  IoFixture f;
  SUBCASE("random data") {}
  SUBCASE("zero data") { f.setup.data = DataPattern::kZero; }
  const WorkDone written = f.run(*make_block_write_phase());
  CHECK(written.operations == 256);
  CHECK(written.bytes == 1 << 20);
  CHECK(f.latency.count() == 256);
  CHECK(std::filesystem::file_size(f.dir.path() / "data") == 1 << 20);
  CHECK(f.file_matches_pattern());
  const WorkDone rewritten = f.run(*make_rewrite_phase());
  CHECK(rewritten.operations == 256);
  CHECK(f.latency.count() == 256);
  CHECK(f.file_matches_pattern());
  const WorkDone read = f.run(*make_block_read_phase());
  CHECK(read.bytes == 1 << 20);
  CHECK(f.latency.count() == 256);
}

TEST_CASE("rewrite and block read with --verify still record one latency sample per chunk") {
  IoFixture f;
  f.setup.verify = true;
  f.run(*make_block_write_phase());
  CHECK(f.run(*make_rewrite_phase()).operations == 256);
  CHECK(f.latency.count() == 256);
  CHECK(f.file_matches_pattern());
  CHECK(f.run(*make_block_read_phase()).operations == 256);
  CHECK(f.latency.count() == 256);
}

// Behaviour, not speed: a pause of 100 ms is in the sample, or left out of it by exclude(). (The second
// check fails only if this thread is descheduled for 100 ms between two clock reads.)
TEST_CASE("ChunkTimer records one sample per record(), without what exclude() ran") {
  using namespace std::chrono_literals;
  LatencyHistogram latency;
  ChunkTimer timer(latency);
  timer.start();
  std::this_thread::sleep_for(100ms);
  timer.record();
  REQUIRE(latency.count() == 1);
  CHECK(latency.max_ns() >= 100'000'000);
  latency.clear();
  bool ran = false;
  timer.start();
  timer.exclude([&] {
    std::this_thread::sleep_for(100ms);
    ran = true;
  });
  timer.record();
  CHECK(ran);
  REQUIRE(latency.count() == 1);
  CHECK(latency.max_ns() < 100'000'000);
}

TEST_CASE("random data is not trivially compressible or repeated") {
  BlockPattern pattern(DataPattern::kRandom, 5, 8192);
  std::vector<unsigned char> first(pattern.block_for(0), pattern.block_for(0) + 8192);
  const unsigned char* second = pattern.block_for(8192);
  CHECK(std::memcmp(first.data(), second, 8192) != 0);
  // Every 512-byte sector differs from every other one in the two blocks (the stamp alone ensures it).
  for (std::size_t a = 0; a < 8192; a += 512) {
    CHECK(std::memcmp(first.data() + a, second + a, 512) != 0);
  }
  CHECK_FALSE(pattern.matches(first.data(), 8192));  // the offset stamp tells blocks apart
  CHECK(pattern.matches(first.data(), 0));
}

TEST_CASE("random seeks run every ticket once over several seekers") {
  IoFixture f;
  f.run(*make_block_write_phase());
  const WorkDone seeks = f.run(*make_random_seeks_phase());
  CHECK(seeks.operations == 1000);
  CHECK(f.latency.count() == 1000);
  // About one ticket in ten writes back: bytes = (reads + write-backs) * chunk.
  const auto write_backs = seeks.bytes / 4096 - 1000;
  CHECK(write_backs > 50);
  CHECK(write_backs < 150);
  CHECK(f.file_matches_pattern());  // write-backs change only the write generation
}

TEST_CASE("random seeks with --seek-writes 0 only read, with 100 every ticket writes back") {
  IoFixture f;
  f.run(*make_block_write_phase());
  const std::string before = test::read_file(f.data());
  SUBCASE("0 %: fio's randread") {
    f.setup.io->seek_write_percent = 0;
    const WorkDone seeks = f.run(*make_random_seeks_phase());
    CHECK(seeks.operations == 1000);
    CHECK(seeks.bytes == 1000 * 4096);  // reads only
    CHECK(f.latency.count() == 1000);
    CHECK(test::read_file(f.data()) == before);  // not a byte written
  }
  SUBCASE("100 %, with --verify") {
    f.setup.io->seek_write_percent = 100;
    f.setup.verify = true;  // the check of each chunk read sits outside the sample, which stays one per ticket
    const WorkDone seeks = f.run(*make_random_seeks_phase());
    CHECK(seeks.operations == 1000);
    CHECK(seeks.bytes == 2 * 1000 * 4096);  // every ticket reads and writes its chunk
    CHECK(f.latency.count() == 1000);
    CHECK(test::read_file(f.data()) != before);
    CHECK(f.file_matches_pattern());  // write-backs change only the write generation
  }
}

TEST_CASE("random seeks count their tickets on the runner's progress counter") {
  IoFixture f;
  f.run(*make_block_write_phase());
  std::atomic<std::uint64_t> progress{7};  // whatever it holds at the start is the base
  PhaseContext c = f.context();
  c.operations_started = &progress;
  const auto seeks = make_random_seeks_phase();
  seeks->prepare(c);
  const WorkDone done = seeks->measure(c);
  CHECK(done.operations == 1000);
  CHECK(f.latency.count() == 1000);  // every ticket done once, none twice
  // Each of the 3 seekers draws once more to find the dispenser empty.
  CHECK(progress.load() == 7 + 1000 + 3);
}

TEST_CASE("the fsync latency test writes, syncs and removes its file") {
  IoFixture f;
  f.setup.sync_test->write_bytes = 2300;
  f.setup.sync_test->total_bytes = 2300 * 20;
  const WorkDone done = f.run(*make_fsync_latency_phase());
  CHECK(done.operations == 20);
  CHECK(done.bytes == 2300 * 20);
  CHECK(f.latency.count() == 20);
  CHECK_FALSE(std::filesystem::exists(f.dir.path() / "fsync"));
}

TEST_CASE("an interrupt stops an I/O phase with InterruptedError") {
  IoFixture f;
  f.interrupt = 2;
  CHECK_THROWS_AS(f.run(*make_block_write_phase()), InterruptedError);
}

TEST_CASE("a failing open names the path") {
  IoFixture f;
  try {
    f.run(*make_block_read_phase());  // no data file yet
    FAIL("expected an exception");
  } catch (const std::system_error& error) {
    CHECK(std::string(error.what()).find((f.dir.path() / "data").string()) != std::string::npos);
    CHECK(error.code() == std::errc::no_such_file_or_directory);
  }
}

TEST_CASE("the O_DIRECT hint keeps the error's code: std::system_error with EINVAL, the hint added") {
  IoFixture f;
  f.setup.direct_io = true;
  const PhaseContext context = f.context();
  try {
    try {
      throw std::system_error(EINVAL, std::generic_category(), "cannot write /x/data");
    } catch (const std::system_error&) {
      rethrow_with_direct_io_hint(context);
    }
    FAIL("expected an exception");
  } catch (const std::system_error& error) {  // once a std::runtime_error, its code lost
    CHECK(error.code() == std::errc::invalid_argument);
    CHECK(std::string(error.what()) ==
          "cannot write /x/data (O_DIRECT needs the chunk size (4096 bytes) to be a multiple of the device's logical "
          "block size): Invalid argument");
  }
}

TEST_CASE("O_DIRECT on tmpfs gives a clear error or works") {
  const bool shm_writable = std::filesystem::is_directory("/dev/shm") && ::access("/dev/shm", W_OK) == 0;
  if (test::skip_unless(shm_writable, test::Need::kMachine, "no writable tmpfs at /dev/shm")) return;
  IoFixture f;
  f.setup.direct_io = true;
  test::TempDir shm_dir;  // the fixture's dir is on $TMPDIR; try /dev/shm explicitly
  const auto shm = std::filesystem::path("/dev/shm") / shm_dir.path().filename();
  std::filesystem::create_directory(shm);
  PhaseContext c{.setup = f.setup,
                 .data_file = shm / "data",
                 .files_dir = shm / "files",
                 .latency = f.latency,
                 .rng = f.rng,
                 .state = f.state,
                 .interrupt_signal = f.interrupt,
                 .sync_file = shm / "fsync"};
  try {
    const WorkDone done = make_block_write_phase()->measure(c);
    CHECK(done.bytes == f.setup.io->file_size_bytes);  // it works (tmpfs takes O_DIRECT since Linux 6.6): all written
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()).find("O_DIRECT") != std::string::npos);
  }
  std::filesystem::remove_all(shm);
}

}  // namespace
}  // namespace bench
