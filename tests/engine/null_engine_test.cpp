// null (engine/null_engine.h), as fio 3.33's: no file, every request held completes at the next reap with the
// bytes it asked for, the depth is kept, and what it needs of the setup is checked as every engine's.
#include "engine/null_engine.h"

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "engine/make_io_engine.h"

namespace bench {
namespace {

constexpr std::uint32_t kSlot = 4096;

struct NullSetup {
  std::vector<int> fds{-1, -1};  // descriptors of files never opened, as the workload hands them to null
  std::vector<std::byte> buffers;
  EngineSetup setup;
  explicit NullSetup(std::uint32_t depth) : buffers(std::size_t{depth} * kSlot) {
    setup = EngineSetup{depth, fds, buffers, kSlot};
  }
};

TEST_CASE("null engine: each request completes once, at the next reap, with the bytes it asked for") {
  for (const std::uint32_t depth : {1u, 8u, 32u}) {
    INFO("depth " << depth);
    NullSetup null(depth);
    const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kNull, null.setup);
    CHECK(engine->kind() == EngineKind::kNull);
    std::vector<IoCompletion> completions;
    std::uint64_t tag = 0;
    // Keep the queue full for 1000 requests, reaping one at a time, as the job loop does at its defaults.
    while (tag < 1000) {
      std::vector<IoRequest> batch;
      while (engine->in_flight() + batch.size() < depth && tag + batch.size() < 1000) {
        const std::uint64_t next = tag + batch.size();
        batch.push_back({next % 2 == 0 ? IoOp::kRead : IoOp::kWrite, static_cast<std::uint32_t>(next % 2),
                         next * kSlot, static_cast<std::uint32_t>(512 + next % 7 * 512),
                         static_cast<std::uint32_t>(next % depth), next});
      }
      tag += batch.size();
      engine->submit(batch);
      CHECK(engine->in_flight() == (tag < depth ? tag : depth));
      CHECK(engine->reap(1, 1, completions) == 1);
    }
    const std::size_t left = engine->in_flight();
    CHECK(engine->reap(left, depth, completions) == left);
    CHECK(engine->in_flight() == 0);
    REQUIRE(completions.size() == 1000);
    for (std::size_t i = 0; i < completions.size(); ++i) {  // in submission order, each once
      CHECK(completions[i].tag == i);
      CHECK(completions[i].result == 512 + static_cast<std::int64_t>(i % 7) * 512);
    }
  }
}

TEST_CASE("null engine: syncs complete with 0 bytes, trims with their length, a reap of min 0 takes what is held") {
  NullSetup null(4);
  NullEngine engine(null.setup);
  std::vector<IoCompletion> completions;
  CHECK(engine.reap(0, 4, completions) == 0);
  const std::vector<IoRequest> requests{{IoOp::kFsync, 0, 0, 0, 0, 1},
                                        {IoOp::kFdatasync, 1, 0, 0, 0, 2},
                                        {IoOp::kTrim, 0, 0, 1 << 20, 0, 3}};
  engine.submit(requests);
  CHECK(engine.in_flight() == 3);
  CHECK(engine.reap(0, 2, completions) == 2);
  CHECK(engine.reap(0, 4, completions) == 1);
  REQUIRE(completions.size() == 3);
  CHECK(completions[0].result == 0);
  CHECK(completions[1].result == 0);
  CHECK(completions[2].result == 1 << 20);
}

TEST_CASE("null engine: broken REQUIRES are std::invalid_argument, before anything is held") {
  NullSetup null(2);
  NullEngine engine(null.setup);
  const IoRequest read{IoOp::kRead, 0, 0, kSlot, 0, 0};
  CHECK_THROWS_AS(engine.submit(std::vector<IoRequest>{read, read, read}), std::invalid_argument);  // over depth
  CHECK_THROWS_AS(engine.submit(std::vector<IoRequest>{{IoOp::kRead, 2, 0, kSlot, 0, 0}}), std::invalid_argument);
  CHECK_THROWS_AS(engine.submit(std::vector<IoRequest>{{IoOp::kRead, 0, 0, kSlot + 1, 0, 0}}), std::invalid_argument);
  CHECK(engine.in_flight() == 0);
  std::vector<IoCompletion> completions;
  CHECK_THROWS_AS(engine.reap(1, 1, completions), std::invalid_argument);  // nothing in flight to wait for
  NullSetup no_files(2);
  no_files.fds.clear();
  no_files.setup.fds = no_files.fds;
  CHECK_THROWS_AS(NullEngine{no_files.setup}, std::invalid_argument);
}

}  // namespace
}  // namespace bench
