// What only the synchronous engines do: each request's calls inline in submit() (no threads) at any depth;
// sync's and vsync's reads and writes at the file position they seek to, the positional engines' leaving it;
// pvsync2's RWF_HIPRI; falloc's fallocate modes; and psync_threads' depth worker threads with depth preads truly
// in the kernel at once (each blocks on a userfaultfd-watched buffer page until the test lets it go, so a
// serialised engine would show only one).
#include "engine/sync_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine_test_support.h"
#include "platform/aligned_buffer.h"
#include "result/result_keywords.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kPage = 4096;

constexpr EngineKind kInlineKinds[] = {EngineKind::kPsync,  EngineKind::kSync,    EngineKind::kVsync,
                                       EngineKind::kPvsync, EngineKind::kPvsync2, EngineKind::kFalloc};

// The process's threads now, by id, but io_uring's kernel workers ("iou-wrk-N", "iou-sqp-N"), which rings of
// earlier tests leave behind for a moment after they are closed. (glibc's POSIX AIO threads of earlier tests
// end a second after their last request: count threads new since a snapshot, not all of them.)
std::set<std::string> thread_ids() {
  std::set<std::string> ids;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string name;
    std::getline(comm, name);
    if (name.rfind("iou-", 0) != 0) ids.insert(task.path().filename().string());
  }
  return ids;
}

std::size_t threads_new_since(const std::set<std::string>& before) {
  std::size_t count = 0;
  for (const std::string& id : thread_ids()) count += before.count(id) == 0 ? 1 : 0;
  return count;
}

off_t position_of(const PosixFile& file) { return ::lseek(file.fd(), 0, SEEK_CUR); }

// st_blocks of `path`: 512-byte units allocated.
long long allocated_units(const std::filesystem::path& path) {
  struct stat status {};
  REQUIRE(::stat(path.c_str(), &status) == 0);
  return static_cast<long long>(status.st_blocks);
}

}  // namespace

TEST_CASE("engine: the synchronous engines make each request inline, at any depth, without threads") {
  const test::TempDir tmp;
  AlignedBuffer buffers(8 * kPage);
  const auto bytes = std::as_writable_bytes(buffers.span());
  for (const EngineKind kind : kInlineKinds) {
    for (const std::uint32_t depth : {1u, 8u}) {
      INFO(keyword(kind) << " depth " << depth);
      PosixFile file(tmp.path() / ("f-" + std::string(keyword(kind)) + std::to_string(depth)),
                     O_RDWR | O_CREAT | O_TRUNC);
      const int fds[] = {file.fd()};
      const std::set<std::string> before = thread_ids();
      const auto engine = make_sync_engine(kind, {depth, fds, bytes, kPage});
      CHECK(engine->kind() == kind);
      CHECK(threads_new_since(before) == 0);
      // Inline: the writes have happened when submit() returns, before any reap (falloc's allocate).
      std::vector<IoRequest> writes;
      for (std::uint32_t i = 0; i < depth; ++i) writes.push_back({IoOp::kWrite, 0, i * kPage, kPage, i, i});
      engine->submit(writes);
      CHECK(file.size() == depth * kPage);
      CHECK(engine->in_flight() == depth);
      std::vector<IoCompletion> out;
      CHECK(engine->reap(depth, depth, out) == depth);
      for (std::uint32_t i = 0; i < depth; ++i) CHECK(out[i].tag == i);  // in order
    }
  }
}

TEST_CASE("engine: sync and vsync read and write at the position they seek to, psync, pvsync, pvsync2 leave it") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 16, kPage);
  AlignedBuffer buffers(kPage);
  const auto bytes = std::as_writable_bytes(buffers.span());
  for (const EngineKind kind : {EngineKind::kSync, EngineKind::kVsync, EngineKind::kPsync, EngineKind::kPvsync,
                                EngineKind::kPvsync2}) {
    INFO(keyword(kind));
    PosixFile file(path, O_RDWR);
    const int fds[] = {file.fd()};
    const auto engine = make_sync_engine(kind, {1, fds, bytes, kPage});
    const bool moves = kind == EngineKind::kSync || kind == EngineKind::kVsync;
    // In order from 0, then backwards, then after a jump: each block where asked.
    for (const std::uint64_t block : {0, 1, 2, 3, 9, 4, 15, 10}) {
      CHECK(test::run_one(*engine, {IoOp::kRead, 0, block * kPage, kPage, 0, block}).result == kPage);
      CHECK(test::block_matches(bytes, block));
      CHECK(position_of(file) == static_cast<off_t>(moves ? (block + 1) * kPage : 0));
    }
    // A write lands where asked too, and a short read at the end moves the position by what it read.
    test::fill_block(bytes, 5);
    CHECK(test::run_one(*engine, {IoOp::kWrite, 0, 5 * kPage, kPage, 0, 5}).result == kPage);
    CHECK(position_of(file) == static_cast<off_t>(moves ? 6 * kPage : 0));
    AlignedBuffer check(kPage);
    file.read_full_at(check.data(), kPage, 5 * kPage);
    CHECK(test::block_matches(std::as_bytes(check.span()), 5));
    CHECK(::ftruncate(file.fd(), 16 * kPage - 100) == 0);
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 15 * kPage, kPage, 0, 15}).result == kPage - 100);
    CHECK(position_of(file) == static_cast<off_t>(moves ? 16 * kPage - 100 : 0));
    CHECK(test::run_one(*engine, {IoOp::kRead, 0, 16 * kPage, kPage, 0, 16}).result == 0);
    test::write_pattern_file(path, 16, kPage);
  }
}

TEST_CASE("engine: pvsync2 sets RWF_HIPRI on its preadv2 and pwritev2 with hipri, and no flag without") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, 4, kPage);
  // In a child, preadv2 and pwritev2 with RWF_HIPRI in their flags (the sixth argument) fail with EPERM.
  const std::string report = test::run_in_child([&]() -> std::string {
    const std::vector<std::uint32_t> hipri = {RWF_HIPRI};
    if (std::string skip = test::install_seccomp_refusals(
            {{SYS_preadv2, EPERM, hipri, 5}, {SYS_pwritev2, EPERM, hipri, 5}});
        !skip.empty()) {
      return skip;
    }
    PosixFile file(path, O_RDWR);
    AlignedBuffer buffers(kPage);
    const int fds[] = {file.fd()};
    for (const bool flagged : {false, true}) {
      EngineSetup setup{1, fds, std::as_writable_bytes(buffers.span()), kPage};
      setup.hipri = flagged;
      const auto engine = make_sync_engine(EngineKind::kPvsync2, setup);
      const std::int64_t expected = flagged ? -EPERM : std::int64_t{kPage};
      for (const IoOp op : {IoOp::kRead, IoOp::kWrite}) {
        const std::int64_t result = test::run_one(*engine, {op, 0, kPage, kPage, 0, 1}).result;
        if (result != expected) {
          return std::string(flagged ? "hipri " : "") + (op == IoOp::kRead ? "read: " : "write: ") +
                 std::to_string(result);
        }
      }
    }
    // Without the flag from pvsync: hipri means nothing to psync.
    EngineSetup setup{1, fds, std::as_writable_bytes(buffers.span()), kPage};
    setup.hipri = true;
    const auto psync = make_sync_engine(EngineKind::kPsync, setup);
    if (test::run_one(*psync, {IoOp::kRead, 0, 0, kPage, 0, 0}).result != kPage) return "psync with hipri failed";
    return "";
  });
  if (!test::child_skipped(report)) CHECK(report == "");
}

TEST_CASE("engine: falloc allocates for writes, keeps the size for reads, punches holes for trims, moves no data") {
  const test::TempDir tmp;
  const auto path = tmp.path() / "allocated";
  PosixFile file(path, O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(kPage);
  const auto bytes = std::as_writable_bytes(buffers.span());
  test::fill_block(bytes, 1);
  const int fds[] = {file.fd()};
  const auto engine = make_sync_engine(EngineKind::kFalloc, {1, fds, bytes, kPage});
  // A read past the end allocates nothing visible: the size stays.
  const IoCompletion read = test::run_one(*engine, {IoOp::kRead, 0, 8 * kPage, kPage, 0, 1});
  if (read.result == -EOPNOTSUPP) {
    test::skip_unless(false, test::Need::kMachine, "the temporary directory's filesystem has no fallocate");
    return;
  }
  CHECK(read.result == kPage);
  CHECK(file.size() == 0);
  // Writes allocate and extend, moving no data: the blocks read back as zeros.
  for (std::uint64_t block = 0; block < 4; ++block) {
    CHECK(test::run_one(*engine, {IoOp::kWrite, 0, block * kPage, kPage, 0, block}).result == kPage);
  }
  CHECK(file.size() == 4 * kPage);
  AlignedBuffer check(kPage);
  file.read_full_at(check.data(), kPage, kPage);
  CHECK(std::all_of(check.data(), check.data() + kPage, [](unsigned char c) { return c == 0; }));
  // Data written by others, then a trim of two blocks: a hole, the size kept.
  test::write_pattern_file(path, 4, kPage);
  const long long before = allocated_units(path);
  const IoCompletion trim = test::run_one(*engine, {IoOp::kTrim, 0, kPage, 2 * kPage, 0, 9});
  if (trim.result == -EOPNOTSUPP) {
    test::skip_unless(false, test::Need::kMachine, "the temporary directory's filesystem cannot punch holes");
    return;
  }
  CHECK(trim.result == 2 * kPage);
  CHECK(file.size() == 4 * kPage);
  CHECK(allocated_units(path) <= before - 2 * kPage / 512);
  file.read_full_at(check.data(), kPage, 2 * kPage);
  CHECK(std::all_of(check.data(), check.data() + kPage, [](unsigned char c) { return c == 0; }));
  file.read_full_at(check.data(), kPage, 3 * kPage);
  CHECK(test::block_matches(std::as_bytes(check.span()), 3));
  // A sync is fallocate over 0 bytes, which the kernel refuses, as in fio.
  CHECK(test::run_one(*engine, {IoOp::kFsync, 0, 0, 0, 0, 10}).result == -EINVAL);
  CHECK(test::run_one(*engine, {IoOp::kFdatasync, 0, 0, 0, 0, 11}).result == -EINVAL);
  // On a read-only descriptor fallocate is refused: fio's falloc opens every file for writing.
  PosixFile read_only(path, O_RDONLY);
  const int read_only_fds[] = {read_only.fd()};
  const auto refused = make_sync_engine(EngineKind::kFalloc, {1, read_only_fds, bytes, kPage});
  CHECK(test::run_one(*refused, {IoOp::kRead, 0, 0, kPage, 0, 12}).result == -EBADF);
}

TEST_CASE("engine: psync_threads runs depth worker threads and joins them") {
  const test::TempDir tmp;
  PosixFile file(tmp.path() / "f", O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(8 * kPage);
  const int fds[] = {file.fd()};
  const std::set<std::string> before = thread_ids();
  {
    const auto engine =
        make_sync_engine(EngineKind::kPsyncThreads, {8, fds, std::as_writable_bytes(buffers.span()), kPage});
    CHECK(engine->kind() == EngineKind::kPsyncThreads);
    CHECK(threads_new_since(before) == 8);
  }
  CHECK(threads_new_since(before) == 0);  // joined
  CHECK_THROWS_AS(make_sync_engine(EngineKind::kIoUring, {1, fds, std::as_writable_bytes(buffers.span()), kPage}),
                  std::invalid_argument);
}

TEST_CASE("engine: psync_threads keeps depth preads in the kernel at once") {
  constexpr std::uint32_t kDepth = 8;
  test::WatchedPages pages(kDepth);
  if (test::skip_unless(pages.error().empty(), test::Need::kMachine, pages.error())) return;
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, kDepth, kPage);
  PosixFile file(path, O_RDONLY);  // buffered: the copy to the buffer page is what blocks
  const int fds[] = {file.fd()};
  const auto engine = make_sync_engine(EngineKind::kPsyncThreads, {kDepth, fds, pages.bytes(), kPage});
  std::vector<IoRequest> requests;
  for (std::uint32_t i = 0; i < kDepth; ++i)
    requests.push_back({IoOp::kRead, 0, std::uint64_t{i} * kPage, kPage, i, i});
  engine->submit(requests);
  std::set<long> faulted;
  for (std::uint32_t i = 0; i < kDepth; ++i) {
    const long page = pages.next_fault(std::chrono::seconds(10));
    if (page < 0) break;
    faulted.insert(page);
  }
  CHECK(faulted.size() == kDepth);  // all depth reads were blocked in pread together
  for (const long page : faulted) pages.resolve(page);
  pages.stop_watching();  // lets any read that did not fault yet run freely (a serialised engine's)
  std::vector<IoCompletion> out;
  CHECK(engine->reap(kDepth, kDepth, out) == kDepth);
  for (const IoCompletion& completion : out) {
    CHECK(completion.result == kPage);
    CHECK(test::block_matches(pages.bytes().subspan(completion.tag * kPage, kPage), completion.tag));
  }
}

}  // namespace bench
