// What only the libaio engine does: fio's batching (requests held until iodepth_batch_submit, completions
// taken complete_min at least and complete_max at most per io_getevents), the context it makes and releases,
// and a refused io_setup said as such.
#include "engine/libaio_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/syscall.h>

#include <cerrno>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "engine/checked_setup.h"
#include "engine_test_support.h"
#include "platform/aligned_buffer.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;
constexpr std::uint32_t kDepth = 8;

// The process's libaio contexts: each is a mapping named "/[aio]" in /proc/self/maps.
std::size_t aio_contexts() {
  std::ifstream maps("/proc/self/maps");
  std::size_t count = 0;
  for (std::string line; std::getline(maps, line);) count += line.find("/[aio]") != std::string::npos ? 1 : 0;
  return count;
}

// kDepth buffered reads of blocks 0..kDepth-1 (tag = block): without O_DIRECT the kernel completes each inside
// io_submit, so all have completed when submit() returns.
std::vector<IoRequest> reads_of_every_block() {
  std::vector<IoRequest> requests;
  for (std::uint32_t i = 0; i < kDepth; ++i) {
    requests.push_back({IoOp::kRead, 0, i * std::uint64_t{kBlock}, kBlock, i, i});
  }
  return requests;
}

// `path` after writing kDepth pattern blocks to it.
std::filesystem::path pattern_file(const std::filesystem::path& path) {
  test::write_pattern_file(path, kDepth, kBlock);
  return path;
}

struct Fixture {
  EngineSetup setup(AioBatching batching) {
    EngineSetup made{kDepth, fds, std::as_writable_bytes(buffers.span()), kBlock};
    made.batching = batching;
    return made;
  }
  test::TempDir tmp;
  std::filesystem::path path = pattern_file(tmp.path() / "data");
  PosixFile file{path, O_RDWR};
  int fds[1] = {file.fd()};
  AlignedBuffer buffers{kDepth * kBlock};
};
}  // namespace

TEST_CASE("engine: libaio batching follows fio's rules for iodepth_batch_*") {
  const auto normal = [](std::uint32_t submit, std::uint32_t min, std::uint32_t max, std::uint32_t depth) {
    const AioBatching b = normalized_batching({submit, min, max}, depth);
    return std::vector<std::uint32_t>{b.submit, b.complete_min, b.complete_max};
  };
  CHECK(normal(1, 1, 0, 32) == std::vector<std::uint32_t>{1, 1, 1});     // fio's defaults: one at a time
  CHECK(normal(0, 1, 0, 32) == std::vector<std::uint32_t>{32, 1, 1});    // submit 0: the depth
  CHECK(normal(64, 1, 64, 32) == std::vector<std::uint32_t>{32, 1, 32}); // above the depth: the depth
  CHECK(normal(8, 16, 4, 32) == std::vector<std::uint32_t>{8, 16, 16});  // max below min: min
  CHECK(normal(8, 0, 0, 32) == std::vector<std::uint32_t>{8, 0, 0});     // complete_min 0: fio polls
}

TEST_CASE("engine: libaio holds requests until iodepth_batch_submit of them are queued, and reap submits the rest") {
  Fixture fixture;
  const std::vector<IoRequest> reads = reads_of_every_block();
  // Writes of fresh blocks, 4 to a batch: 3 stay held, and are dropped with the engine, never written.
  {
    const auto bytes = std::as_writable_bytes(fixture.buffers.span());
    for (std::uint32_t i = 0; i < kDepth; ++i) test::fill_block(bytes.subspan(i * kBlock, kBlock), 100 + i);
    LibaioEngine engine(fixture.setup({4, 1, 0}));
    std::vector<IoRequest> writes;
    for (std::uint32_t i = 0; i < 7; ++i) {
      writes.push_back({IoOp::kWrite, 0, i * std::uint64_t{kBlock}, kBlock, i, i});
    }
    engine.submit(std::span(writes).first(4));  // the fourth submits the batch
    engine.submit(std::span(writes).subspan(4));
    CHECK(engine.in_flight() == 7);
  }
  AlignedBuffer check(kBlock);
  for (std::uint32_t i = 0; i < 7; ++i) {
    fixture.file.read_full_at(check.data(), kBlock, i * kBlock);
    INFO("block " << i);
    CHECK(test::block_matches(std::as_bytes(check.span()), i < 4 ? 100 + i : i));
  }
  // A reap submits what is held before it waits: all eight complete.
  LibaioEngine engine(fixture.setup({0, 1, 0}));  // 0: the depth
  engine.submit(std::span(reads).first(5));
  std::vector<IoCompletion> out;
  CHECK(engine.reap(5, kDepth, out) == 5);
  CHECK(engine.in_flight() == 0);
}

TEST_CASE("engine: libaio takes at most iodepth_batch_complete_max completions per call, at least complete_min") {
  Fixture fixture;
  const std::vector<IoRequest> reads = reads_of_every_block();
  std::vector<IoCompletion> out;
  {
    LibaioEngine engine(fixture.setup({}));  // fio's defaults: one completion per io_getevents
    engine.submit(reads);
    for (std::uint32_t i = 0; i < kDepth; ++i) CHECK(engine.reap(1, kDepth, out) == 1);
  }
  {
    LibaioEngine engine(fixture.setup({kDepth, 1, kDepth}));
    engine.submit(reads);
    CHECK(engine.reap(1, kDepth, out) == kDepth);  // all had completed
  }
  {
    LibaioEngine engine(fixture.setup({kDepth, 4, 0}));  // at least 4, and (max below min) at most 4
    engine.submit(reads);
    CHECK(engine.reap(1, kDepth, out) == 4);
    CHECK(engine.reap(1, 2, out) == 2);  // never above the caller's maximum
    CHECK(engine.reap(1, kDepth, out) == 2);  // nor above what is in flight
  }
  {
    LibaioEngine engine(fixture.setup({kDepth, 0, 0}));  // polls until the caller's minimum
    engine.submit(reads);
    std::size_t reaped = 0;
    while (reaped < kDepth) {
      const std::size_t now = engine.reap(1, kDepth, out);
      CHECK(now >= 1);
      reaped += now;
    }
    CHECK(engine.reap(0, kDepth, out) == 0);
  }
}

TEST_CASE("engine: libaio makes one context and releases it, also with requests in flight") {
  Fixture fixture;
  const std::size_t before = aio_contexts();
  {
    bool direct = false;
    PosixFile file = test::open_maybe_direct(fixture.path, O_RDONLY, direct);
    const int fds[] = {file.fd()};
    LibaioEngine engine({kDepth, fds, std::as_writable_bytes(fixture.buffers.span()), kBlock});
    CHECK(aio_contexts() == before + 1);
    engine.submit(reads_of_every_block());
  }
  CHECK(aio_contexts() == before);
}

TEST_CASE("engine: libaio says when the kernel refuses its context (io_setup under seccomp, as containers do)") {
  Fixture fixture;
  const std::string report = test::run_in_child([&]() -> std::string {
    if (std::string skip = test::install_seccomp_refusals({{SYS_io_setup, EPERM, {}}}); !skip.empty()) return skip;
    try {
      LibaioEngine engine(fixture.setup({}));
      return "the context was made under the filter";
    } catch (const std::system_error& error) {
      if (error.code().value() != EPERM) return std::string("error ") + error.what();
      if (std::string(error.what()).find("cannot create a libaio context of depth 8") != 0) return error.what();
    }
    return "";
  });
  if (!test::child_skipped(report)) CHECK(report == "");
}

}  // namespace bench
