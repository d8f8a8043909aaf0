// Checks that bench++ uses bonnie++'s method, by counting the system calls the real binary makes on its
// test file under strace: one-byte writes and reads, chunk-sized block calls, rewrite's read and write
// back in place, the seek test's reads and its share of write-backs (pread/pwrite where bonnie++ makes
// lseek + read/write), and the threads that did the seeks; and that the io_uring engine submits and waits in
// one system call.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <numeric>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "engine/engine_test_support.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

struct Counts {
  std::map<std::pair<std::string, long>, long> calls;  // (syscall, size or lseek offset kind) -> count
  std::set<long> seek_offsets_read;                     // offsets of the seek test's preads
  std::set<std::string> seek_reader_pids;
  std::map<std::string, std::vector<long>> pwrite_offsets;  // per thread, in call order
  long fsyncs = 0;
};

// `log` is one thread's strace output (strace -ff), `thread` its id.
void count_data_file_calls(const std::string& log, const std::string& thread, Counts& counts) {
  static const std::regex kCall(R"(^(read|write|pread64|pwrite64|lseek|fsync)\(\d+<([^>]*)>(.*)\)\s+=\s+(-?\d+))");
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, kCall)) continue;
    const std::string path = m[2], name = m[1], args = m[3];
    if (path.size() < 5 || path.compare(path.size() - 5, 5, "/data") != 0) continue;
    if (name == "fsync") {
      ++counts.fsyncs;
    } else if (name == "lseek") {
      counts.calls[{args.find("SEEK_CUR") != std::string::npos ? "lseek_cur" : "lseek_set", 0}]++;
    } else if (name == "pread64" || name == "pwrite64") {  // (fd, buffer, size, offset)
      const auto last_comma = args.rfind(", ");
      const auto size_comma = args.rfind(", ", last_comma - 1);
      const long size = std::stol(args.substr(size_comma + 2, last_comma - size_comma - 2));
      counts.calls[{name, size}]++;
      if (name == "pwrite64") counts.pwrite_offsets[thread].push_back(std::stol(args.substr(last_comma + 2)));
      if (name == "pread64") {
        counts.seek_reader_pids.insert(thread);
        counts.seek_offsets_read.insert(std::stol(args.substr(last_comma + 2)));
      }
    } else {
      const long size = std::stol(args.substr(args.rfind(", ") + 2));
      counts.calls[{name, size}]++;
    }
  }
}

TEST_CASE("method: the I/O tests make bonnie++'s system calls (counted under strace)") {
  if (test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed (Debian strace)")) {
    return;
  }
  test::TempDir dir;
  test::TempDir log_dir;
  const auto log = log_dir.path() / "strace";
  const auto r = test::run_program({"strace", "-ff", "-qq", "-y", "-e", "trace=read,write,pread64,pwrite64,lseek,fsync", "-o",
                                    log.string(), BENCH_BINARY, "-d", dir.path().string(), "-s", "1M:4k:8192:5",
                                    "-f64k", "-n", "0", "--no-sync-test", "-q", "-z", "7"});
  REQUIRE(r.exit_code == 0);
  Counts c;
  for (const auto& entry : std::filesystem::directory_iterator(log_dir.path())) {
    count_data_file_calls(test::read_file(entry.path()), entry.path().extension().string(), c);
  }
  const long chunks = 256;  // 1 MiB / 4 KiB
  CHECK(c.calls.at({"write", 1}) == 65536);  // per-char write: one call per byte
  CHECK(c.calls.at({"read", 1}) == 65536);   // per-char read
  // Rewrite writes each chunk back in place with pwrite, the seek test reads and writes back with
  // pread/pwrite: no lseek at all.
  CHECK(c.calls.count({"lseek_cur", 0}) == 0);
  CHECK(c.calls.count({"lseek_set", 0}) == 0);
  CHECK(c.calls.at({"read", 4096}) == chunks /*rewrite*/ + chunks /*block read*/);
  CHECK(c.calls.at({"write", 4096}) == chunks /*block write*/);
  CHECK(c.calls.at({"pread64", 4096}) == 8192);  // one read per ticket
  // One thread (the rewrite's) wrote back chunk after chunk, in place, from offset 0.
  std::vector<long> chunk_offsets(chunks);
  for (long i = 0; i < chunks; ++i) chunk_offsets[static_cast<std::size_t>(i)] = i * 4096;
  CHECK(std::count_if(c.pwrite_offsets.begin(), c.pwrite_offsets.end(),
                      [&](const auto& thread) { return thread.second == chunk_offsets; }) == 1);
  const long write_backs = c.calls.at({"pwrite64", 4096}) - chunks /*rewrite*/;
  // Random chunks: 8192 draws over 256 chunks reach (nearly) all of them, and all chunk-aligned.
  CHECK(c.seek_offsets_read.size() > 250);
  CHECK(std::all_of(c.seek_offsets_read.begin(), c.seek_offsets_read.end(),
                    [](long offset) { return offset % 4096 == 0 && offset < 256 * 4096; }));
  const double share = static_cast<double>(write_backs) / 8192.0;
  CHECK(share > 0.08);
  CHECK(share < 0.12);
  // Five seekers, each on its own thread.
  CHECK(c.seek_reader_pids.size() == 5);
  // fsync before close: per-char write, block write, rewrite, per-char read, block read, and each seeker.
  CHECK(c.fsyncs == 5 + 5);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("method: an io_uring job at QD1 makes one io_uring_enter per request (submit and wait in one call)") {
  if (test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed (Debian strace)")) {
    return;
  }
  if (test::skip_if(test::io_uring_skip_reason())) return;
  test::TempDir dir;
  test::TempDir log_dir;
  const auto log = log_dir.path() / "strace";
  // 1 MiB in 4 KiB reads, one pass: 256 requests, one at a time.
  std::vector<std::string> argv = {"strace", "-f", "-c", "-o", log.string(), "-e", "trace=io_uring_enter", BENCH_BINARY,
                                   "job", "-q", "-d", dir.path().string(), "--name=qd1", "--rw=randread", "--bs=4k",
                                   "--size=1m", "--iodepth=1", "--ioengine=io_uring"};
#if defined(BENCH_TESTS_UNDER_ASAN)
  argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
#endif
  const auto r = test::run_program(argv);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(test::contains(r.err, "io_uring"));  // the engine that ran, in the table
  long enters = -1;
  for (const std::string& line : test::lines_of(test::read_file(log))) {
    std::istringstream fields(line);
    std::vector<std::string> words{std::istream_iterator<std::string>(fields), std::istream_iterator<std::string>()};
    if (words.size() >= 5 && words.back() == "io_uring_enter") enters = std::stol(words[3]);  // "calls" column
  }
  // One per request (256), and a few for the ring's own work; a submit, then a wait for each request not done
  // by the time submit returned, made 401 here.
  CHECK(enters >= 256);
  CHECK(enters <= 256 + 8);
}

// The requests per io_uring_enter (its to_submit argument) of a one-pass io_uring job at QD32 over 1 MiB of 4 KiB
// reads, with `options` added; nullopt when strace or io_uring is missing here (a skip, said by the skip policy).
std::optional<std::vector<long>> submitted_per_enter(const std::vector<std::string>& options) {
  if (test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed (Debian strace)") ||
      test::skip_if(test::io_uring_skip_reason())) {
    return std::nullopt;
  }
  std::vector<long> counts;
  test::TempDir dir;
  test::TempDir log_dir;
  const auto log = log_dir.path() / "strace";
  std::vector<std::string> argv = {"strace", "-f", "-qq", "-o", log.string(), "-e", "trace=io_uring_enter",
                                   BENCH_BINARY, "job", "-q", "-d", dir.path().string(), "--name=qd32",
                                   "--rw=randread", "--bs=4k", "--size=1m", "--iodepth=32", "--ioengine=io_uring"};
#if defined(BENCH_TESTS_UNDER_ASAN)
  argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
#endif
  argv.insert(argv.end(), options.begin(), options.end());
  const auto r = test::run_program(argv);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::regex enter(R"(io_uring_enter\([^,]*, (\d+),)");
  for (const std::string& line : test::lines_of(test::read_file(log))) {
    std::smatch m;
    if (std::regex_search(line, m, enter)) counts.push_back(std::stol(m[1]));
  }
  return counts;
}

TEST_CASE("method: an io_uring job at QD32 submits each request as its slot frees, as fio's iodepth_batch_submit=1") {
  const std::optional<std::vector<long>> defaults = submitted_per_enter({});
  if (!defaults) return;  // skipped: strace or io_uring missing, said by submitted_per_enter
  // strace saw the calls: none seen is a failure, not a pass.
  REQUIRE(!defaults->empty());
  // 1 MiB / 4 KiB, and whatever the check that io_uring works here submits.
  CHECK(std::accumulate(defaults->begin(), defaults->end(), 0L) >= 256);
  CHECK(std::accumulate(defaults->begin(), defaults->end(), 0L) <= 256 + 4);
  CHECK(*std::max_element(defaults->begin(), defaults->end()) == 1);
  // iodepth_batch_submit=0 (the depth) fills the queue and submits it in one call.
  const auto whole = submitted_per_enter({"--iodepth_batch_submit=0", "--iodepth_batch_complete_max=32"});
  REQUIRE(whole.has_value());
  REQUIRE(!whole->empty());
  CHECK(std::accumulate(whole->begin(), whole->end(), 0L) >= 256);
  CHECK(*std::max_element(whole->begin(), whole->end()) == 32);
}

}  // namespace
}  // namespace bench
