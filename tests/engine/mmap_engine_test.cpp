// What only the mmap engine does: one shared mapping per file, reads and writes as memcpy (writes reach the file
// through the page cache, seen by a plain read and kept after the engine is gone), requests beyond the file's
// size short rather than a SIGBUS, the region it maps, and the files it refuses.
#include "engine/mmap_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "engine_test_support.h"
#include "platform/aligned_buffer.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;

// Mappings of `path` in /proc/self/maps.
std::size_t mappings_of(const std::filesystem::path& path) {
  const std::string name = std::filesystem::canonical(path).string();
  std::ifstream maps("/proc/self/maps");
  std::size_t count = 0;
  for (std::string line; std::getline(maps, line);) count += line.ends_with(" " + name) ? 1 : 0;
  return count;
}

}  // namespace

TEST_CASE("engine: mmap maps each file once, reads and writes through the mapping, unmaps when destroyed") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 16, kBlock);
  AlignedBuffer buffers(4 * kBlock);
  const auto bytes = std::as_writable_bytes(buffers.span());
  {
    PosixFile file(path, O_RDWR);
    const int fds[] = {file.fd(), file.fd()};
    const auto engine = make_mmap_engine({4, fds, bytes, kBlock});
    CHECK(engine->kind() == EngineKind::kMmap);
    CHECK(mappings_of(path) == 2);
    const auto slot = [&](std::uint32_t i) { return bytes.subspan(std::size_t{i} * kBlock, kBlock); };
    std::vector<IoRequest> reads;
    for (std::uint32_t i = 0; i < 4; ++i) {
      reads.push_back({IoOp::kRead, i % 2, (12u - 3 * i) * std::uint64_t{kBlock}, kBlock, i, i});
    }
    engine->submit(reads);
    std::vector<IoCompletion> out;
    CHECK(engine->reap(4, 4, out) == 4);
    for (std::uint32_t i = 0; i < 4; ++i) {
      CHECK(out[i].result == kBlock);
      CHECK(test::block_matches(slot(i), 12 - 3 * i));
    }
    test::fill_block(slot(0), 77);
    CHECK(test::run_one(*engine, {IoOp::kWrite, 1, 5 * kBlock, kBlock, 0, 5}).result == kBlock);
    AlignedBuffer check(kBlock);
    PosixFile reader(path, O_RDONLY);
    reader.read_full_at(check.data(), kBlock, 5 * kBlock);  // the page cache holds the mapped page
    CHECK(test::block_matches(std::as_bytes(check.span()), 77));
    CHECK(test::run_one(*engine, {IoOp::kFsync, 0, 0, 0, 0, 6}).result == 0);
    CHECK(test::run_one(*engine, {IoOp::kFdatasync, 1, 0, 0, 0, 7}).result == 0);
    CHECK(test::run_one(*engine, {IoOp::kTrim, 0, 0, kBlock, 0, 8}).result == -ENOTTY);  // BLKDISCARD, as fio
  }
  CHECK(mappings_of(path) == 0);
  PosixFile reader(path, O_RDONLY);
  AlignedBuffer check(kBlock);
  reader.read_full_at(check.data(), kBlock, 5 * kBlock);
  CHECK(test::block_matches(std::as_bytes(check.span()), 77));
}

TEST_CASE("engine: mmap keeps within the file: short at its end, nothing past it, the region's bytes only") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "short";
  test::write_pattern_file(path, 2, kBlock);
  {
    PosixFile grow(path, O_WRONLY | O_APPEND);
    const std::vector<char> tail(100, 'x');
    grow.write_all(tail.data(), tail.size());
  }
  AlignedBuffer buffers(kBlock);
  const auto bytes = std::as_writable_bytes(buffers.span());
  PosixFile file(path, O_RDWR);
  const int fds[] = {file.fd()};
  {
    const auto engine = make_mmap_engine({1, fds, bytes, kBlock});
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 2 * kBlock, kBlock, 0, 1}).result == 100);  // straddles the end
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 3 * kBlock, kBlock, 0, 2}).result == 0);    // past it
    CHECK(test::run_one(*engine, {IoOp::kWrite, 0, 3 * kBlock, kBlock, 0, 3}).result == 0);   // never extends
    CHECK(file.size() == 2 * kBlock + 100);
  }
  {
    // A region of one block: the rest of the file is out of its reach.
    EngineSetup setup{1, fds, bytes, kBlock};
    setup.region_bytes = kBlock;
    setup.random_offsets = true;
    const auto engine = make_mmap_engine(setup);
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 0, kBlock, 0, 4}).result == kBlock);
    CHECK(test::block_matches(bytes, 0));
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, kBlock, kBlock, 0, 5}).result == 0);
  }
  {
    // An empty file maps nothing; its requests move nothing and its syncs succeed.
    PosixFile empty(tmp.path() / "empty", O_RDWR | O_CREAT);
    const int empty_fds[] = {empty.fd()};
    const auto engine = make_mmap_engine({1, empty_fds, bytes, kBlock});
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 0, kBlock, 0, 6}).result == 0);
    CHECK(test::run_one(*engine, {IoOp::kFsync, 0, 0, 0, 0, 7}).result == 0);
  }
}

TEST_CASE("engine: mmap with O_DIRECT still moves the data (msync after each request), refuses what it cannot map") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 8, kBlock);
  AlignedBuffer buffers(kBlock);
  const auto bytes = std::as_writable_bytes(buffers.span());
  {
    bool direct = false;
    PosixFile file = test::open_maybe_direct(path, O_RDWR, direct);
    INFO((direct ? "O_DIRECT" : "buffered"));
    const int fds[] = {file.fd()};
    const auto engine = make_mmap_engine({1, fds, bytes, kBlock});
    test::fill_block(bytes, 40);
    CHECK(test::run_one(*engine, {IoOp::kWrite, 0, 3 * kBlock, kBlock, 0, 1}).result == kBlock);
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 4 * kBlock, kBlock, 0, 2}).result == kBlock);
    CHECK(test::block_matches(bytes, 4));
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 3 * kBlock, kBlock, 0, 3}).result == kBlock);
    CHECK(test::block_matches(bytes, 40));
  }
  PosixFile write_only(path, O_WRONLY);
  const int write_only_fds[] = {write_only.fd()};
  CHECK_THROWS_AS(make_mmap_engine({1, write_only_fds, bytes, kBlock}), std::invalid_argument);
  int ends[2];
  REQUIRE(::pipe(ends) == 0);
  const UniqueFd read_end(ends[0]), write_end(ends[1]);
  const int unmappable[] = {read_end.get()};
  CHECK_THROWS_AS(make_mmap_engine({1, unmappable, bytes, kBlock}), std::system_error);  // no size, no mapping
}

}  // namespace bench
