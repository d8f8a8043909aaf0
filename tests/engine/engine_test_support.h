#pragma once
// Helpers of the engine tests: files with a known pattern per block, pages that hold a read in the kernel, a
// driver that keeps an engine's queue full as the workload phase will, and a forked child to run code under a
// seccomp filter.
#include <doctest/doctest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/io_engine.h"
#include "platform/posix_file.h"
#include "test_support.h"

namespace bench::test {

// The pattern block `block` holds: 8-byte words naming the block and the word, so a block read from the
// wrong offset, or a torn one, shows.
void fill_block(std::span<std::byte> bytes, std::uint64_t block);
bool block_matches(std::span<const std::byte> bytes, std::uint64_t block);

// Writes a file of `blocks` blocks of `block_bytes`, each with its pattern.
void write_pattern_file(const std::filesystem::path& path, std::uint64_t blocks, std::uint32_t block_bytes);

// Opens `path` with `flags` | O_DIRECT, or without O_DIRECT where the filesystem refuses it (tmpfs); `direct`
// tells which happened.
PosixFile open_maybe_direct(const std::filesystem::path& path, int flags, bool& direct);

// Submits one request alone and reaps its completion (REQUIREs that exactly one comes back).
IoCompletion run_one(IoEngine& engine, const IoRequest& request);

// Why an io_uring test cannot run here (a capability of the machine: the kernel or a seccomp policy refuses
// io_uring), or nullopt when io_uring is available.
std::optional<Skip> io_uring_skip_reason();

// Ends the calling test case as a skip (test_support.h) when io_uring is unavailable here.
#define SKIP_UNLESS_IO_URING()                                         \
  if (::bench::test::skip_if(::bench::test::io_uring_skip_reason())) { \
    return;                                                            \
  }

// An anonymous mapping of 4 KiB pages whose missing pages fault into a userfaultfd the test reads (see
// userfaultfd(2)): a read(2) into such a page blocks in the kernel until the test resolves the fault, so a test
// sees which requests an engine has truly started and can hold them there.
class WatchedPages {
 public:
  static constexpr std::size_t kPageBytes = 4096;
  explicit WatchedPages(std::size_t pages);
  ~WatchedPages();
  WatchedPages(const WatchedPages&) = delete;
  WatchedPages& operator=(const WatchedPages&) = delete;

  const std::string& error() const { return error_; }  // empty when usable
  std::span<std::byte> bytes() { return {base_, bytes_}; }
  // The page index of the next fault, or -1 when none comes within `timeout`.
  long next_fault(std::chrono::milliseconds timeout);
  // Unregisters the mapping, which wakes any thread still waiting on one of its pages.
  void stop_watching();
  // Maps a zeroed page at `page`, waking the thread that faulted on it.
  void resolve(long page);

 private:
  UniqueFd uffd_;
  std::byte* base_ = nullptr;
  std::size_t bytes_;
  std::string error_;
};

struct DriveResult {
  std::vector<IoCompletion> completions;  // in the order reaped
  std::size_t max_in_flight = 0;
  double mean_in_flight = 0;   // in_flight() after each submit while requests remained: fio's "IO depths"
  std::size_t wrong_data = 0;  // reads whose slot did not hold the block's pattern when reaped
};

// Runs `requests` (tags 0..n-1, reads and writes of whole blocks at block-aligned offsets) through `engine` as
// the workload phase does: fills the queue to `depth`, then reaps at least one and refills. Each request gets
// a free buffer slot (buffer_index is overwritten); writes carry their block's pattern, reads are checked
// against it when reaped.
DriveResult drive(IoEngine& engine, std::vector<IoRequest> requests, std::uint32_t depth, std::span<std::byte> buffers,
                  std::uint32_t block_bytes);

// Runs `body` in a forked child (no doctest macros there) with a 30 s alarm; returns the child's report: what
// body returned ("" for success), "exception: ..." when it threw, or how the child died.
std::string run_in_child(const std::function<std::string()>& body);

// In the calling process from now on (irrevocably; call it in a child): the system call `syscall_number`
// fails with `error`, or only its calls whose argument `argument` (0-based: 1, the second, unless told; its
// low 32 bits) is one of `second_args` when that is not empty. Returns "" or why the filter could not be
// installed (prefixed "skip: ").
struct SyscallRefusal {
  long syscall_number;
  int error;
  std::vector<std::uint32_t> second_args;
  unsigned argument = 1;
};
std::string install_seccomp_refusals(const std::vector<SyscallRefusal>& refusals);
// Whether a run_in_child report is such a "skip: ..." (a capability of the machine): then it is a skip, said and
// logged (test_support.h), and the caller checks nothing.
bool child_skipped(const std::string& report);

}  // namespace bench::test
