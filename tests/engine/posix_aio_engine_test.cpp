// What only the posixaio engine does, seen through userfaultfd-watched buffer pages (a read into one blocks in
// glibc's helper thread until the test lets it go): glibc makes one request at a time per file descriptor
// (which is why fio's posixaio figures at any depth look like QD1's), requests on two files run at once, and
// destruction waits for a running request instead of leaving glibc to write into freed buffers.
#include "engine/posix_aio_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>

#include <atomic>
#include <chrono>
#include <set>
#include <thread>
#include <vector>

#include "engine_test_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint32_t kPage = test::WatchedPages::kPageBytes;
constexpr std::uint32_t kDepth = 4;

// Faults that come within `wait`, each page once.
std::set<long> faults_within(test::WatchedPages& pages, std::chrono::milliseconds wait) {
  std::set<long> faulted;
  for (long page = pages.next_fault(wait); page >= 0; page = pages.next_fault(wait)) faulted.insert(page);
  return faulted;
}

}  // namespace

TEST_CASE("engine: posixaio runs one request at a time per file (glibc's), requests on two files at once") {
  test::WatchedPages pages(kDepth);
  if (test::skip_unless(pages.error().empty(), test::Need::kMachine, pages.error())) return;
  const test::TempDir tmp;
  test::write_pattern_file(tmp.path() / "a", kDepth, kPage);
  test::write_pattern_file(tmp.path() / "b", kDepth, kPage);
  PosixFile a(tmp.path() / "a", O_RDONLY), b(tmp.path() / "b", O_RDONLY);  // buffered: the copy is what blocks
  const int fds[] = {a.fd(), b.fd()};
  PosixAioEngine engine({kDepth, fds, pages.bytes(), kPage});
  // Slots 0 and 1 read file a, 2 and 3 file b.
  std::vector<IoRequest> requests;
  for (std::uint32_t i = 0; i < kDepth; ++i) requests.push_back({IoOp::kRead, i / 2, (i % 2) * kPage, kPage, i, i});
  engine.submit(requests);
  CHECK(engine.in_flight() == kDepth);
  std::set<long> faulted = faults_within(pages, std::chrono::milliseconds(500));
  CHECK(faulted.size() == 2);  // the first request of each file
  for (const long page : faulted) {
    CHECK((page == 0 || page == 2));
    pages.resolve(page);
  }
  std::set<long> next = faults_within(pages, std::chrono::milliseconds(500));
  CHECK(next == std::set<long>{1, 3});
  for (const long page : next) pages.resolve(page);
  std::vector<IoCompletion> out;
  std::size_t reaped = 0;
  while (reaped < kDepth) reaped += engine.reap(1, kDepth, out);
  CHECK(out.size() == kDepth);
  for (const IoCompletion& completion : out) {
    CHECK(completion.result == kPage);
    CHECK(test::block_matches(pages.bytes().subspan(completion.tag * kPage, kPage), completion.tag % 2));
  }
}

TEST_CASE("engine: destroying a posixaio engine cancels what glibc has not started and waits for what runs") {
  test::WatchedPages pages(kDepth);
  if (test::skip_unless(pages.error().empty(), test::Need::kMachine, pages.error())) return;
  const test::TempDir tmp;
  test::write_pattern_file(tmp.path() / "a", kDepth, kPage);
  PosixFile file(tmp.path() / "a", O_RDONLY);
  const int fds[] = {file.fd()};
  auto engine = std::make_unique<PosixAioEngine>(EngineSetup{kDepth, fds, pages.bytes(), kPage});
  std::vector<IoRequest> requests;
  for (std::uint32_t i = 0; i < kDepth; ++i) requests.push_back({IoOp::kRead, 0, i * kPage, kPage, i, i});
  engine->submit(requests);
  const long first = pages.next_fault(std::chrono::seconds(10));
  REQUIRE(first == 0);  // the first read blocks in glibc's thread; the others wait behind it
  std::atomic<bool> destroyed{false};
  std::thread destroyer([&] {
    engine.reset();
    destroyed = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK_FALSE(destroyed.load());  // still waiting for the running read
  pages.resolve(first);
  // The others were cancelled: none of them faults.
  CHECK(pages.next_fault(std::chrono::milliseconds(300)) == -1);
  pages.stop_watching();  // were one still to run, it would run freely now
  destroyer.join();
  CHECK(destroyed.load());
}

}  // namespace bench
