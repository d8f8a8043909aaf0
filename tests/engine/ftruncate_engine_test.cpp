// ftruncate (engine/ftruncate_engine.h), as fio 3.33's: a write sets the file's size to its offset and counts its
// length, anything else fails with EINVAL and leaves the file as it was.
#include "engine/ftruncate_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <vector>

#include "engine/make_io_engine.h"
#include "platform/posix_file.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

struct TruncateSetup {
  test::TempDir dir;
  UniqueFd fd;
  std::vector<int> fds;
  std::vector<std::byte> buffers;
  EngineSetup setup;
  explicit TruncateSetup(std::uint32_t depth) : buffers(std::size_t{depth} * kBlock) {
    fd = UniqueFd(::open((dir.path() / "file").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600));
    REQUIRE(fd.get() >= 0);
    REQUIRE(::ftruncate(fd.get(), 64 * kBlock) == 0);
    fds = {fd.get()};
    setup = EngineSetup{depth, fds, buffers, kBlock};
  }
  std::uintmax_t size() const { return std::filesystem::file_size(dir.path() / "file"); }
};

TEST_CASE("ftruncate engine: each write truncates the file to its offset and counts its length") {
  TruncateSetup truncate(4);
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFtruncate, truncate.setup);
  CHECK(engine->kind() == EngineKind::kFtruncate);
  std::vector<IoCompletion> completions;
  // Shrinks, then grows past the size it had: the size is the offset, the length plays no part in it.
  for (const std::uint64_t offset : {std::uint64_t{5} * kBlock, std::uint64_t{0}, std::uint64_t{100} * kBlock + 512}) {
    CAPTURE(offset);
    const IoRequest write{IoOp::kWrite, 0, offset, kBlock, 0, offset + 1};
    engine->submit({&write, 1});
    CHECK(engine->in_flight() == 1);
    completions.clear();
    REQUIRE(engine->reap(1, 1, completions) == 1);
    CHECK(completions[0].tag == offset + 1);
    CHECK(completions[0].result == kBlock);
    CHECK(truncate.size() == offset);
  }
}

TEST_CASE("ftruncate engine: reads, syncs and trims fail with EINVAL and leave the file alone, as fio's") {
  TruncateSetup truncate(4);
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFtruncate, truncate.setup);
  const std::vector<IoRequest> others = {{IoOp::kRead, 0, 0, kBlock, 0, 1},
                                         {IoOp::kFsync, 0, 0, 0, 0, 2},
                                         {IoOp::kFdatasync, 0, 0, 0, 0, 3},
                                         {IoOp::kTrim, 0, kBlock, kBlock, 0, 4}};
  engine->submit(others);
  std::vector<IoCompletion> completions;
  CHECK(engine->reap(4, 4, completions) == 4);
  for (std::size_t i = 0; i < completions.size(); ++i) {
    CHECK(completions[i].tag == i + 1);
    CHECK(completions[i].result == -EINVAL);
  }
  CHECK(truncate.size() == 64 * kBlock);
}

TEST_CASE("ftruncate engine: a write on a file not open for writing is the kernel's error") {
  TruncateSetup truncate(1);
  const UniqueFd read_only(::open((truncate.dir.path() / "file").c_str(), O_RDONLY | O_CLOEXEC));
  REQUIRE(read_only.get() >= 0);
  const std::vector<int> fds = {read_only.get()};
  truncate.setup.fds = fds;
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFtruncate, truncate.setup);
  const IoRequest write{IoOp::kWrite, 0, 0, kBlock, 0, 7};
  engine->submit({&write, 1});
  std::vector<IoCompletion> completions;
  REQUIRE(engine->reap(1, 1, completions) == 1);
  CHECK((completions[0].result == -EINVAL || completions[0].result == -EBADF));
  CHECK(truncate.size() == 64 * kBlock);
}

}  // namespace
}  // namespace bench
