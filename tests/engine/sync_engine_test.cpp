// What only the synchronous engine does: the call inline at depth 1 (no threads), depth worker threads above,
// and depth preads truly in the kernel at once (each blocks on a userfaultfd-watched buffer page until the test
// lets it go, so a serialised engine would show only one).
#include "engine/sync_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"
#include "engine_test_support.h"
#include "platform/aligned_buffer.h"

namespace bench {
namespace {

constexpr std::uint32_t kPage = 4096;

// The process's threads but io_uring's kernel workers ("iou-wrk-N", "iou-sqp-N"), which rings of earlier tests
// leave behind for a moment after they are closed.
std::size_t thread_count() {
  std::size_t count = 0;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream comm(task.path() / "comm");
    std::string name;
    std::getline(comm, name);
    if (name.rfind("iou-", 0) != 0) ++count;
  }
  return count;
}

// An anonymous mapping whose missing pages fault into a userfaultfd the test reads; see userfaultfd(2).
class WatchedPages {
 public:
  explicit WatchedPages(std::size_t pages) : bytes_(pages * kPage) {
    uffd_ = UniqueFd(static_cast<int>(::syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK)));
    if (!uffd_.is_open()) {
      error_ = std::string("userfaultfd: ") + std::strerror(errno);
      return;
    }
    uffdio_api api{UFFD_API, 0, 0};
    void* memory = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (::ioctl(uffd_.get(), UFFDIO_API, &api) != 0 || memory == MAP_FAILED) {
      error_ = std::string("userfaultfd set-up: ") + std::strerror(errno);
      return;
    }
    base_ = static_cast<std::byte*>(memory);
    ::madvise(base_, bytes_, MADV_NOHUGEPAGE);
    uffdio_register registration{{reinterpret_cast<std::uintptr_t>(base_), bytes_}, UFFDIO_REGISTER_MODE_MISSING, 0};
    if (::ioctl(uffd_.get(), UFFDIO_REGISTER, &registration) != 0)
      error_ = std::string("UFFDIO_REGISTER: ") + std::strerror(errno);
  }
  ~WatchedPages() {
    stop_watching();
    if (base_ != nullptr) ::munmap(base_, bytes_);
  }
  WatchedPages(const WatchedPages&) = delete;
  WatchedPages& operator=(const WatchedPages&) = delete;

  const std::string& error() const { return error_; }  // empty when usable
  std::span<std::byte> bytes() { return {base_, bytes_}; }
  // The page index of the next fault, or -1 when none comes within `timeout`.
  long next_fault(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      uffd_msg message{};
      if (::read(uffd_.get(), &message, sizeof message) == sizeof message) {
        if (message.event != UFFD_EVENT_PAGEFAULT) continue;
        return static_cast<long>((message.arg.pagefault.address - reinterpret_cast<std::uintptr_t>(base_)) / kPage);
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return -1;
      pollfd ready{uffd_.get(), POLLIN, 0};
      ::poll(&ready, 1, static_cast<int>(left.count()));
    }
  }
  // Unregisters the mapping, which wakes any thread still waiting on one of its pages.
  void stop_watching() {
    if (base_ == nullptr) return;
    uffdio_range range{reinterpret_cast<std::uintptr_t>(base_), bytes_};
    ::ioctl(uffd_.get(), UFFDIO_UNREGISTER, &range);
  }
  // Maps a zeroed page at `page`, waking the thread that faulted on it.
  void resolve(long page) {
    alignas(kPage) static std::byte zeros[kPage] = {};
    uffdio_copy copy{reinterpret_cast<std::uintptr_t>(base_) + static_cast<std::uintptr_t>(page) * kPage,
                     reinterpret_cast<std::uintptr_t>(zeros), kPage, 0, 0};
    ::ioctl(uffd_.get(), UFFDIO_COPY, &copy);
  }

 private:
  UniqueFd uffd_;
  std::byte* base_ = nullptr;
  std::size_t bytes_;
  std::string error_;
};

}  // namespace

TEST_CASE("engine: the sync engine calls inline at depth 1 and runs depth threads above") {
  const test::TempDir tmp;
  PosixFile file(tmp.path() / "f", O_RDWR | O_CREAT | O_TRUNC);
  AlignedBuffer buffers(8 * kPage);
  const int fds[] = {file.fd()};
  const std::size_t before = thread_count();
  {
    const auto engine = make_sync_engine({1, fds, std::as_writable_bytes(buffers.span()), kPage});
    CHECK(thread_count() == before);
    // Inline: the write has happened when submit() returns, before any reap.
    test::fill_block(std::as_writable_bytes(buffers.span()).first(kPage), 3);
    const IoRequest write{IoOp::kWrite, 0, 0, kPage, 0, 1};
    engine->submit({&write, 1});
    CHECK(file.size() == kPage);
    CHECK(engine->in_flight() == 1);
  }
  {
    const auto engine = make_sync_engine({8, fds, std::as_writable_bytes(buffers.span()), kPage});
    CHECK(thread_count() == before + 8);
  }
  CHECK(thread_count() == before);  // joined
}

TEST_CASE("engine: the sync engine keeps depth preads in the kernel at once") {
  constexpr std::uint32_t kDepth = 8;
  WatchedPages pages(kDepth);
  if (test::skip_unless(pages.error().empty(), test::Need::kMachine, pages.error())) return;
  const test::TempDir tmp;
  const auto path = tmp.path() / "data";
  test::write_pattern_file(path, kDepth, kPage);
  PosixFile file(path, O_RDONLY);  // buffered: the copy to the buffer page is what blocks
  const int fds[] = {file.fd()};
  const auto engine = make_sync_engine({kDepth, fds, pages.bytes(), kPage});
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
