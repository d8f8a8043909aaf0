// What only the io_uring engine does: registration of buffers and files, requests truly pending in the
// kernel together (reads on pipes complete only when written to), cancellation when destroyed.
#include "engine/uring_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <optional>
#include <cerrno>
#include <string>
#include <system_error>
#include <vector>

#include "test_support.h"
#include "engine_test_support.h"
#include "platform/aligned_buffer.h"

namespace bench {
namespace {

constexpr std::uint32_t kDepth = 8;
constexpr std::uint32_t kSlot = 4096;

// kDepth pipes; the engine reads their read ends. Throws (no doctest macros: it also runs in a child).
struct Pipes {
  Pipes() {
    for (auto& pipe : ends) {
      int fds[2];
      if (::pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
      pipe = {UniqueFd(fds[0]), UniqueFd(fds[1])};
    }
  }
  std::vector<int> read_fds() const {
    std::vector<int> fds;
    for (const auto& pipe : ends) fds.push_back(pipe.first.get());
    return fds;
  }
  void write_to(std::size_t index, char byte) const {
    if (::write(ends[index].second.get(), &byte, 1) != 1)
      throw std::system_error(errno, std::generic_category(), "write");
  }
  std::array<std::pair<UniqueFd, UniqueFd>, kDepth> ends;
};

// One 1-byte read per pipe, tag = pipe index, each into its own slot.
std::vector<IoRequest> one_read_per_pipe() {
  std::vector<IoRequest> requests;
  for (std::uint32_t i = 0; i < kDepth; ++i) requests.push_back({IoOp::kRead, i, 0, 1, i, i});
  return requests;
}

// An io_uring engine with one 1-byte read pending on each of kDepth pipes (tag = pipe index, slot = pipe index).
struct PendingPipeReads {
  PendingPipeReads() { engine.submit(one_read_per_pipe()); }
  Pipes pipes;
  std::vector<int> fds = pipes.read_fds();
  AlignedBuffer buffers{kDepth * kSlot};
  UringEngine engine{{kDepth, fds, std::as_writable_bytes(buffers.span()), kSlot}};  // destroyed first
};

bool registration_fits_memlock(std::size_t bytes) {
  rlimit limit{};
  return ::geteuid() == 0 || (::getrlimit(RLIMIT_MEMLOCK, &limit) == 0 && limit.rlim_cur >= 2 * bytes);
}

}  // namespace

TEST_CASE("engine: io_uring registers its files and buffer slots when asked (registerfiles, fixedbufs), not by default") {
  SKIP_UNLESS_IO_URING();
  const test::TempDir tmp;
  PosixFile file(tmp.path() / "f", O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(kDepth * kSlot);
  const int fds[] = {file.fd()};
  const UringEngine plain({kDepth, fds, std::as_writable_bytes(buffers.span()), kSlot});
  CHECK_FALSE(plain.files_registered());  // fio's defaults: registerfiles=0, fixedbufs=0
  CHECK_FALSE(plain.buffers_registered());
  EngineSetup setup{kDepth, fds, std::as_writable_bytes(buffers.span()), kSlot};
  setup.uring.register_files = true;
  CHECK(UringEngine(setup).files_registered());
  if (!test::skip_unless(registration_fits_memlock(buffers.size()), test::Need::kMachine,
                         "buffer registration: RLIMIT_MEMLOCK below " + std::to_string(2 * buffers.size()) + " bytes")) {
    setup.uring.fixed_buffers = true;
    const UringEngine fixed(setup);
    CHECK(fixed.buffers_registered());
    CHECK(fixed.files_registered());
  }
}

TEST_CASE("engine: io_uring's ring is set up with hipri's IOPOLL and sqthread_poll's SQPOLL (and SQ_AFF), as fio's") {
  SKIP_UNLESS_IO_URING();
  const test::TempDir tmp;
  PosixFile file(tmp.path() / "f", O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(kDepth * kSlot);
  const int fds[] = {file.fd()};
  EngineSetup setup{kDepth, fds, std::as_writable_bytes(buffers.span()), kSlot};
  const UringEngine plain(setup);
  CHECK((plain.ring_flags() & (IORING_SETUP_IOPOLL | IORING_SETUP_SQPOLL | IORING_SETUP_SQ_AFF)) == 0);
  setup.hipri = true;
  const UringEngine polled(setup);
  CHECK((polled.ring_flags() & IORING_SETUP_IOPOLL) != 0);
  setup.hipri = false;
  setup.uring.sq_poll_cpu = 0;  // alone: ignored, as fio ignores it
  CHECK((UringEngine(setup).ring_flags() & IORING_SETUP_SQ_AFF) == 0);
  setup.uring.sq_poll = true;
  std::optional<UringEngine> sq_polled;
  std::string refused;
  try {
    sq_polled.emplace(setup);
  } catch (const std::system_error& error) {
    refused = error.what();  // SQPOLL needs CAP_SYS_NICE before Linux 5.11
  }
  if (test::skip_unless(refused.empty(), test::Need::kMachine, "IORING_SETUP_SQPOLL refused here: " + refused)) return;
  CHECK((sq_polled->ring_flags() & IORING_SETUP_SQPOLL) != 0);
  CHECK((sq_polled->ring_flags() & IORING_SETUP_SQ_AFF) != 0);
  CHECK((sq_polled->ring_flags() & IORING_SETUP_DEFER_TASKRUN) == 0);  // the kernel refuses it with SQPOLL
  CHECK(sq_polled->files_registered());                               // as fio registers them for SQPOLL
}

TEST_CASE("engine: io_uring reads the right data with nonvectored=0 (READV), fixedbufs, registerfiles and SQPOLL") {
  SKIP_UNLESS_IO_URING();
  const test::TempDir tmp;
  constexpr std::uint64_t kBlocks = 64;
  test::write_pattern_file(tmp.path() / "data", kBlocks, kSlot);
  PosixFile file(tmp.path() / "data", O_RDONLY);
  const int fds[] = {file.fd()};
  for (int variant = 0; variant < 3; ++variant) {
    CAPTURE(variant);
    AlignedBuffer buffers(kDepth * kSlot);
    EngineSetup setup{kDepth, fds, std::as_writable_bytes(buffers.span()), kSlot};
    if (variant == 0) setup.uring.nonvectored = false;
    if (variant == 1) setup.uring.register_files = true;
    if (variant == 2) setup.uring.sq_poll = true;
    std::optional<UringEngine> engine;
    try {
      engine.emplace(setup);
    } catch (const std::system_error& error) {
      test::skip_if(test::Skip{test::Need::kMachine, std::string("io_uring setup refused: ") + error.what()});
    }
    if (!engine) continue;
    std::vector<IoRequest> requests;
    for (std::uint64_t i = 0; i < kBlocks; ++i) requests.push_back({IoOp::kRead, 0, i * kSlot, kSlot, 0, i});
    const test::DriveResult run = test::drive(*engine, requests, kDepth, std::as_writable_bytes(buffers.span()), kSlot);
    CHECK(run.completions.size() == kBlocks);
    CHECK(run.wrong_data == 0);
  }
}

TEST_CASE("engine: io_uring keeps depth requests pending in the kernel at once and completes them in any order") {
  SKIP_UNLESS_IO_URING();
  PendingPipeReads reads;
  auto& [pipes, fds, buffers, engine] = reads;
  CHECK(engine.in_flight() == kDepth);
  std::vector<IoCompletion> out;
  CHECK(engine.reap(0, kDepth, out) == 0);  // nothing written yet: nothing may complete, and min 0 must not wait
  CHECK(engine.in_flight() == kDepth);
  // Complete them last to first: each read was already waiting in the kernel, none behind another.
  for (std::size_t i = kDepth; i > 0; --i) {
    pipes.write_to(i - 1, static_cast<char>('a' + i));
    out.clear();
    REQUIRE(engine.reap(1, kDepth, out) == 1);
    CHECK(out[0].tag == i - 1);
    CHECK(out[0].result == 1);
    CHECK(static_cast<char>(buffers.data()[(i - 1) * kSlot]) == static_cast<char>('a' + i));
  }
  CHECK(engine.in_flight() == 0);
}

TEST_CASE("engine: io_uring reap waits for at least min completions") {
  SKIP_UNLESS_IO_URING();
  PendingPipeReads reads;
  auto& [pipes, fds, buffers, engine] = reads;
  for (std::size_t i = 0; i < 3; ++i) pipes.write_to(i, 'x');
  std::vector<IoCompletion> out;
  CHECK(engine.reap(3, 3, out) == 3);
  CHECK(engine.in_flight() == kDepth - 3);
  for (std::size_t i = 3; i < kDepth; ++i) pipes.write_to(i, 'y');
  CHECK(engine.reap(kDepth - 3, kDepth, out) == kDepth - 3);
  std::vector<std::uint64_t> tags;
  for (const IoCompletion& completion : out) tags.push_back(completion.tag);
  std::sort(tags.begin(), tags.end());
  CHECK(tags == std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 7});
}

TEST_CASE("engine: destroying an io_uring engine cancels reads that would never complete") {
  SKIP_UNLESS_IO_URING();
  // In a child: were the destructor to wait for the pipes forever, the child's alarm ends it and the test fails.
  const std::string report = test::run_in_child([] {
    { const PendingPipeReads reads; }
    return std::string();
  });
  CHECK(report == "");
}

}  // namespace bench
