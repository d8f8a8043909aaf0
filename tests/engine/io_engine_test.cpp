// Every engine through the IoEngine interface, on real files: every request completes once with its tag and
// byte count, reads see what was written, writes land where asked, the depth is kept, syncs complete, errors
// and short reads are results, trims are fio's (BLKDISCARD: -ENOTTY on a regular file, zeros on a device).
#include "engine/make_io_engine.h"
#include "result/result_keywords.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_support.h"
#include "engine_test_support.h"
#include "platform/aligned_buffer.h"

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 4096;
constexpr std::uint64_t kBlocks = 256;  // a 1 MiB file

// The engines that move data (all but falloc) this machine can run, each with why not when it cannot.
std::vector<EngineKind> runnable_kinds() {
  std::vector<EngineKind> kinds{EngineKind::kPsync,  EngineKind::kSync,          EngineKind::kVsync,
                                EngineKind::kPvsync, EngineKind::kPvsync2,       EngineKind::kPsyncThreads,
                                EngineKind::kLibaio, EngineKind::kPosixAio,      EngineKind::kMmap};
  if (!test::skip_if(test::io_uring_skip_reason())) kinds.push_back(EngineKind::kIoUring);
  return kinds;
}


// One pass over the file's blocks in a scattered order (block (tag x 167 + seed) mod kBlocks: 167 is odd, so each
// block once), tags 0..n-1.
std::vector<IoRequest> random_pass(IoOp op, std::uint64_t seed) {
  std::vector<IoRequest> requests;
  for (std::uint64_t tag = 0; tag < kBlocks; ++tag) {
    requests.push_back({op, 0, (tag * 167 + seed) % kBlocks * kBlock, kBlock, 0, tag});
  }
  return requests;
}

// REQUIRES: every tag of `completions` is below `count`. True when each of 0..count-1 came exactly once.
bool each_tag_once(const std::vector<IoCompletion>& completions, std::size_t count) {
  std::vector<int> seen(count);
  for (const IoCompletion& completion : completions) ++seen.at(completion.tag);
  return completions.size() == count && std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; });
}

bool all_results_are(const std::vector<IoCompletion>& completions, std::int64_t result) {
  return std::all_of(completions.begin(), completions.end(), [&](const IoCompletion& c) { return c.result == result; });
}

// A loop device over a file of `bytes` in `dir` (losetup), detached when destroyed; it() empty with why not
// (not root, no losetup, no loop devices here).
class LoopDevice {
 public:
  LoopDevice(const std::filesystem::path& dir, std::uint64_t bytes) : backing_(dir / "loop-backing") {
    if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "a loop device needs root")) return;
    const bool losetup = test::tool_installed("losetup");
    if (test::skip_unless(losetup, test::Need::kTool, "losetup is not installed (util-linux)")) return;
    {
      PosixFile file(backing_, O_WRONLY | O_CREAT | O_TRUNC);
      REQUIRE(::ftruncate(file.fd(), static_cast<off_t>(bytes)) == 0);
    }
    const test::CommandOutput made = test::run_program({"losetup", "--find", "--show", backing_.string()});
    if (test::skip_unless(made.exit_code == 0, test::Need::kMachine, "no loop device: " + made.err)) return;
    device_ = made.out.substr(0, made.out.find('\n'));
  }
  ~LoopDevice() {
    if (!device_.empty()) test::run_program({"losetup", "--detach", device_});
  }
  LoopDevice(const LoopDevice&) = delete;
  LoopDevice& operator=(const LoopDevice&) = delete;
  const std::string& it() const { return device_; }

 private:
  std::filesystem::path backing_;
  std::string device_;
};

}  // namespace

TEST_CASE("engine rows: one per EngineKind in its order, and the lists and rules derived from them") {
  for (std::size_t i = 0; i < kEngines.size(); ++i) {
    const EngineFacts& row = kEngines[i];
    INFO(row.keyword);
    CHECK(static_cast<std::size_t>(row.kind) == i);
    CHECK(keyword(row.kind) == row.keyword);
    CHECK(is_synchronous(row.kind) == row.synchronous);
  }
  CHECK(fio_names_where([](const EngineFacts&) { return true; }, "and") ==
        "io_uring, libaio, posixaio, psync, sync, vsync, pvsync, pvsync2, mmap, falloc, null, filecreate, filestat, "
        "filedelete, ftruncate, cpuio and exec");
  CHECK(fio_names_where([](const EngineFacts& e) { return e.synchronous; }, "or") ==
        "psync, sync, vsync, pvsync, pvsync2, mmap, falloc, filecreate, filestat, filedelete, ftruncate, cpuio or "
        "exec");
  CHECK(fio_names_where([](const EngineFacts& e) { return e.kind == EngineKind::kMmap; }, "or") == "mmap");
  CHECK(fio_names_where([](const EngineFacts&) { return false; }, "or").empty());
  CHECK(is_synchronous(EngineKind::kPsync));
  CHECK_FALSE(is_synchronous(EngineKind::kPsyncThreads));
  CHECK_FALSE(is_synchronous(EngineKind::kIoUring));
  CHECK_FALSE(touches_files(EngineKind::kNull));
  CHECK_FALSE(touches_files(EngineKind::kCpuio));
  CHECK(touches_files(EngineKind::kFtruncate));
  CHECK(moves_no_data(EngineKind::kCpuio));
  CHECK(moves_no_data(EngineKind::kExec));
  CHECK_FALSE(touches_files(EngineKind::kExec));
  CHECK_FALSE(moves_no_data(EngineKind::kNull));
  CHECK(touches_files(EngineKind::kPsync));
}

TEST_CASE("engine: keywords name the engines as fio does, read back, and fio's names map to them") {
  CHECK(keyword(EngineKind::kIoUring) == "io_uring");
  CHECK(keyword(EngineKind::kSync) == "sync");
  CHECK(keyword(EngineKind::kPsync) == "psync");
  CHECK(keyword(EngineKind::kPsyncThreads) == "psync_threads");
  for (const std::string_view name : keywords_of<EngineKind>()) {
    INFO(name);
    const std::optional<EngineKind> kind = enum_from_keyword<EngineKind>(name);
    REQUIRE(kind.has_value());
    CHECK(keyword(*kind) == name);
    // Each of fio's names runs on the engine of that name; psync_threads is no name of fio's.
    CHECK(engine_for_fio_name(name) == (name == "psync_threads" ? std::nullopt : kind));
  }
  CHECK(engine_for_fio_name("libaio") == EngineKind::kLibaio);
  CHECK(engine_for_fio_name("posixaio") == EngineKind::kPosixAio);
  CHECK(engine_for_fio_name("windowsaio") == std::nullopt);
  CHECK(engine_for_fio_name("PSYNC") == std::nullopt);
  CHECK(enum_from_keyword<EngineKind>("IO_URING") == std::nullopt);
}

TEST_CASE("engine: random reads at QD1, QD8 and QD32 complete once each and return what was written") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, kBlocks, kBlock);
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 8u, 32u}) {
      bool direct = false;
      PosixFile file = test::open_maybe_direct(path, O_RDONLY, direct);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {file.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      INFO(keyword(kind) << " depth " << depth << (direct ? " O_DIRECT" : " buffered"));
      CHECK(engine->kind() == kind);
      const test::DriveResult run =
          test::drive(*engine, random_pass(IoOp::kRead, depth), depth, std::as_writable_bytes(buffers.span()), kBlock);
      CHECK(each_tag_once(run.completions, kBlocks));
      CHECK(all_results_are(run.completions, kBlock));
      CHECK(run.wrong_data == 0);
      CHECK(run.max_in_flight == depth);  // the synchronous engines' only as completions held for reap
      CHECK(run.mean_in_flight >= 0.9 * depth);
      CHECK(engine->in_flight() == 0);
    }
  }
}

TEST_CASE("engine: random writes at QD1, QD8 and QD32 land where asked") {
  const test::TempDir tmp;
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 8u, 32u}) {
      if (is_synchronous(kind) && depth == 32) continue;  // one at a time whatever the depth: 8 shows it
      const auto path = tmp.path() / ("written-" + std::string(keyword(kind)) + std::to_string(depth));
      bool direct = false;
      { PosixFile create(path, O_WRONLY | O_CREAT | O_TRUNC); }
      if (kind == EngineKind::kMmap) {  // mmap never extends a file: give it one to write into
        PosixFile create(path, O_WRONLY);
        REQUIRE(::ftruncate(create.fd(), kBlocks * kBlock) == 0);
      }
      PosixFile file = test::open_maybe_direct(path, O_RDWR, direct);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {file.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      INFO(keyword(kind) << " depth " << depth << (direct ? " O_DIRECT" : " buffered"));
      const test::DriveResult run = test::drive(*engine, random_pass(IoOp::kWrite, 7 * depth), depth,
                                                std::as_writable_bytes(buffers.span()), kBlock);
      CHECK(each_tag_once(run.completions, kBlocks));
      CHECK(all_results_are(run.completions, kBlock));
      CHECK(run.max_in_flight == depth);
      PosixFile check(path, O_RDONLY);
      CHECK(check.size() == kBlocks * kBlock);
      AlignedBuffer block(kBlock);
      std::uint64_t wrong_blocks = 0;
      for (std::uint64_t i = 0; i < kBlocks; ++i) {
        check.read_full_at(block.data(), kBlock, i * kBlock);
        if (!test::block_matches(std::as_bytes(block.span()), i)) ++wrong_blocks;
      }
      CHECK(wrong_blocks == 0);
    }
  }
}

TEST_CASE("engine: fsync and fdatasync requests complete beside writes") {
  const test::TempDir tmp;
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 4u}) {
      PosixFile file(tmp.path() / ("synced-" + std::to_string(depth)), O_RDWR | O_CREAT | O_TRUNC);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      test::fill_block(std::as_writable_bytes(buffers.span()).first(kBlock), 0);
      if (kind == EngineKind::kMmap) REQUIRE(::ftruncate(file.fd(), kBlock) == 0);  // it never extends a file
      const int fds[] = {file.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      INFO(keyword(kind) << " depth " << depth);
      const std::vector<IoRequest> requests = {{IoOp::kWrite, 0, 0, kBlock, 0, 10},
                                               {IoOp::kFsync, 0, 0, 0, 0, 11},
                                               {IoOp::kFdatasync, 0, 0, 0, 0, 12},
                                               {IoOp::kFsync, 0, 0, 0, 0, 13}};
      std::vector<IoCompletion> completions;
      for (std::size_t first = 0; first < requests.size(); first += depth) {
        const auto batch = std::span(requests).subspan(first, std::min<std::size_t>(depth, requests.size() - first));
        engine->submit(batch);
        CHECK(engine->reap(batch.size(), batch.size(), completions) == batch.size());
      }
      REQUIRE(completions.size() == 4);
      for (const IoCompletion& completion : completions) {
        CHECK(completion.result == (completion.tag == 10 ? kBlock : 0));
      }
      CHECK(file.size() == kBlock);
    }
  }
}

TEST_CASE("engine: I/O errors and short reads are results as the kernel gave them") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "short";
  {
    PosixFile file(path, O_WRONLY | O_CREAT | O_TRUNC);
    const std::vector<char> bytes(kBlock + 100, 'x');
    file.write_all(bytes.data(), bytes.size());
  }
  for (const EngineKind kind : runnable_kinds()) {
    if (kind == EngineKind::kMmap) continue;  // it maps no write-only file (mmap_engine_test.cpp)
    for (const std::uint32_t depth : {1u, 8u}) {
      PosixFile write_only(path, O_WRONLY);
      PosixFile readable(path, O_RDONLY);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {write_only.fd(), readable.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      INFO(keyword(kind) << " depth " << depth);
      CHECK(test::run_one(*engine, {IoOp::kRead, 0, 1 << 20, kBlock, 0, 1}).result == -EBADF);
      CHECK(test::run_one(*engine, {IoOp::kRead, 1, kBlock, kBlock, 0, 2}).result == 100);    // straddles the end
      CHECK(test::run_one(*engine, {IoOp::kRead, 1, 2 * kBlock, kBlock, 0, 3}).result == 0);  // past the end
      CHECK(test::run_one(*engine, {IoOp::kWrite, 1, 0, kBlock, 0, 4}).result == -EBADF);     // read-only fd
      CHECK(engine->in_flight() == 0);
    }
  }
}

TEST_CASE("engine: reap with min 0 returns without waiting, and hands each completion out once") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 16, kBlock);
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 8u}) {
      PosixFile file(path, O_RDONLY);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {file.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      INFO(keyword(kind) << " depth " << depth);
      std::vector<IoCompletion> out;
      CHECK(engine->reap(0, depth, out) == 0);  // nothing in flight
      std::vector<IoRequest> requests;
      for (std::uint32_t i = 0; i < depth; ++i) requests.push_back({IoOp::kRead, 0, i * kBlock, kBlock, i, i});
      engine->submit(requests);
      CHECK(engine->in_flight() == depth);
      std::size_t reaped = 0;
      while (reaped < depth) reaped += engine->reap(0, 1, out);  // polls one at a time
      CHECK(each_tag_once(out, depth));
      CHECK(engine->in_flight() == 0);
      CHECK(engine->reap(0, depth, out) == 0);
    }
  }
}

TEST_CASE("engine: broken REQUIRES are std::invalid_argument, before anything is submitted") {
  const test::TempDir tmp;
  PosixFile file(tmp.path() / "f", O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(4 * kBlock);
  const auto bytes = std::as_writable_bytes(buffers.span());
  const int fds[] = {file.fd()};
  std::vector<EngineKind> kinds = runnable_kinds();
  kinds.push_back(EngineKind::kFalloc);
  for (const EngineKind kind : kinds) {
    INFO(keyword(kind));
    CHECK_THROWS_AS(make_io_engine(kind, {0, fds, bytes, kBlock}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {kMaxIoDepth + 1, fds, bytes, kBlock}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {4, {}, bytes, kBlock}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {4, fds, bytes, 0}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {4, fds, bytes.first(kBlock + 1), kBlock}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {4, fds, bytes.first(100), kBlock}), std::invalid_argument);
    const int closed[] = {-1};
    CHECK_THROWS_AS(make_io_engine(kind, {4, closed, bytes, kBlock}), std::system_error);

    const auto engine = make_io_engine(kind, {2, fds, bytes, kBlock});
    const IoRequest ok{IoOp::kWrite, 0, 0, kBlock, 0, 1};
    const std::vector<IoRequest> three(3, ok);
    CHECK_THROWS_AS(engine->submit(three), std::invalid_argument);  // above depth 2
    IoRequest bad = ok;
    bad.file_index = 1;
    CHECK_THROWS_AS(engine->submit({&bad, 1}), std::invalid_argument);
    bad = ok;
    bad.buffer_index = 4;
    CHECK_THROWS_AS(engine->submit({&bad, 1}), std::invalid_argument);
    bad = ok;
    bad.length = kBlock + 1;
    CHECK_THROWS_AS(engine->submit({&bad, 1}), std::invalid_argument);
    CHECK(engine->in_flight() == 0);
    std::vector<IoCompletion> out;
    CHECK_THROWS_AS(engine->reap(1, 1, out), std::invalid_argument);  // nothing in flight
    engine->submit({&ok, 1});
    CHECK_THROWS_AS(engine->reap(1, 0, out), std::invalid_argument);  // min above max
    CHECK(engine->reap(1, 1, out) == 1);
  }
}

TEST_CASE("engine: O_DIRECT files need 512-byte aligned buffers and slots") {
  const test::TempDir tmp;
  bool direct = false;
  PosixFile file = test::open_maybe_direct(tmp.path() / "d", O_RDWR | O_CREAT | O_TRUNC, direct);
  if (test::skip_unless(direct, test::Need::kMachine, "the temporary directory's filesystem refuses O_DIRECT")) return;
  AlignedBuffer buffers(4 * kBlock + 512);
  const auto bytes = std::as_writable_bytes(buffers.span());
  const int fds[] = {file.fd()};
  for (const EngineKind kind : runnable_kinds()) {
    INFO(keyword(kind));
    CHECK_THROWS_AS(make_io_engine(kind, {4, fds, bytes.subspan(8, 4 * kBlock), kBlock}), std::invalid_argument);
    CHECK_THROWS_AS(make_io_engine(kind, {4, fds, bytes.first(4 * 1000), 1000}), std::invalid_argument);
    CHECK_NOTHROW(make_io_engine(kind, {4, fds, bytes.subspan(512, 4 * kBlock), kBlock}));
  }
}

TEST_CASE("engine: destroying an engine with requests in flight neither hangs nor throws") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 64, kBlock);
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 8u, 32u}) {
      PosixFile file(path, O_RDONLY);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {file.fd()};
      auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      std::vector<IoRequest> requests;
      for (std::uint32_t i = 0; i < depth; ++i) requests.push_back({IoOp::kRead, 0, i * kBlock, kBlock, i, i});
      engine->submit(requests);
      CHECK_NOTHROW(engine.reset());
    }
  }
}

TEST_CASE("engine: trims are fio 3.33's BLKDISCARD: -ENOTTY on a regular file, as fio's trim jobs fail there") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 8, kBlock);
  for (const EngineKind kind : runnable_kinds()) {
    for (const std::uint32_t depth : {1u, 4u}) {
      INFO(keyword(kind) << " depth " << depth);
      PosixFile file(path, O_RDWR);
      AlignedBuffer buffers(std::size_t{depth} * kBlock);
      const int fds[] = {file.fd()};
      const auto engine = make_io_engine(kind, {depth, fds, std::as_writable_bytes(buffers.span()), kBlock});
      // A read, the trim and a read: all three complete, the trim refused, in any order.
      const std::vector<IoRequest> requests = {{IoOp::kRead, 0, 0, kBlock, 0, 1},
                                               {IoOp::kTrim, 0, kBlock, 2 * kBlock, 0, 2},
                                               {IoOp::kRead, 0, kBlock, kBlock, depth > 1 ? 1u : 0u, 3}};
      std::vector<IoCompletion> out;
      for (std::size_t first = 0; first < requests.size(); first += depth) {
        const auto batch = std::span(requests).subspan(first, std::min<std::size_t>(depth, requests.size() - first));
        engine->submit(batch);
        std::size_t reaped = 0;
        while (reaped < batch.size()) reaped += engine->reap(1, depth, out);
      }
      REQUIRE(out.size() == 3);
      for (const IoCompletion& completion : out) {
        CHECK(completion.result == (completion.tag == 2 ? -ENOTTY : std::int64_t{kBlock}));
      }
    }
  }
}

TEST_CASE("engine: trims discard a device's blocks (a loop device: they read back as zeros)") {
  const test::TempDir tmp;
  constexpr std::uint64_t kDeviceBlocks = 64;
  const LoopDevice loop(tmp.path(), kDeviceBlocks * kBlock);
  if (loop.it().empty()) return;
  for (const EngineKind kind : runnable_kinds()) {
    INFO(keyword(kind));
    test::write_pattern_file(loop.it(), kDeviceBlocks, kBlock);
    PosixFile device(loop.it(), O_RDWR);
    AlignedBuffer buffers(4 * kBlock);
    const int fds[] = {device.fd()};
    const auto engine = make_io_engine(kind, {4, fds, std::as_writable_bytes(buffers.span()), kBlock});
    const IoRequest trim{IoOp::kTrim, 0, 8 * kBlock, 4 * kBlock, 0, 1};
    engine->submit({&trim, 1});
    std::vector<IoCompletion> out;
    REQUIRE(engine->reap(1, 1, out) == 1);
    CHECK(out.front().result == 4 * kBlock);
    AlignedBuffer block(kBlock);
    PosixFile check(loop.it(), O_RDONLY);
    for (std::uint64_t i = 7; i < 13; ++i) {
      check.read_full_at(block.data(), kBlock, i * kBlock);
      const bool zeros = std::all_of(block.data(), block.data() + kBlock, [](unsigned char c) { return c == 0; });
      CHECK(zeros == (i >= 8 && i < 12));
      if (!zeros) CHECK(test::block_matches(std::as_bytes(block.span()), i));
    }
  }
}

}  // namespace bench
