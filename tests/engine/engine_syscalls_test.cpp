// Each engine makes the system calls fio 3.33's engine of the same name makes: the same job (one pass of 4 KiB
// requests over a 256 KiB file both tools are given) run by bench++ and by fio under strace, the calls on the
// data file counted for both (strace -y names each descriptor's file; the AIO calls, msync and the mapping's
// madvise are counted whatever they name, as nothing else makes them).
#include <doctest/doctest.h>
#include <fcntl.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine_test_support.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr long kRequests = 64;  // 256 KiB / 4 KiB

// What a run did, as strace saw it.
struct Calls {
  std::map<std::string, long> on_data;  // system call -> calls on the data file (lseek: SEEK_SET ones only)
  long iocbs = 0;                       // requests in io_submit calls
  long io_getevents = 0;
  long msync = 0;
  long access_hints = 0;  // madvise(MADV_RANDOM or MADV_SEQUENTIAL)
  long of(const std::string& call) const {
    const auto found = on_data.find(call);
    return found == on_data.end() ? 0 : found->second;
  }
};

void count_line(const std::string& line, const std::string& data_mark, Calls& calls) {
  const std::size_t paren = line.find('(');
  if (paren == std::string::npos || line.starts_with("+++") || line.starts_with("---")) return;
  const std::string call = line.substr(0, paren);
  if (call == "io_getevents") ++calls.io_getevents;
  if (call == "msync") ++calls.msync;
  if (call == "madvise" && (test::contains(line, "MADV_RANDOM") || test::contains(line, "MADV_SEQUENTIAL"))) {
    ++calls.access_hints;
  }
  if (call == "io_submit") calls.iocbs += static_cast<long>(test::count_of(line, "aio_fildes="));
  if (!test::contains(line, data_mark)) return;
  if (call == "lseek" && !test::contains(line, "SEEK_SET")) return;
  ++calls.on_data[call];
}

constexpr const char* kTraced =
    "trace=read,write,pread64,pwrite64,readv,writev,preadv,pwritev,preadv2,pwritev2,lseek,fsync,fdatasync,"
    "fallocate,ioctl,mmap,msync,madvise,io_submit,io_getevents";

// `command` run under strace -ff (one log per thread, so that no call is split by another's); fails the test
// when it fails.
Calls traced(std::vector<std::string> command, const fs::path& data) {
  const test::TempDir logs;
  std::vector<std::string> argv = {"strace", "-ff", "-qq", "-y", "-e", kTraced, "-o", (logs.path() / "s").string()};
#if defined(BENCH_TESTS_UNDER_ASAN)
  argv.insert(argv.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});  // LeakSanitizer refuses to run under ptrace
#endif
  argv.insert(argv.end(), command.begin(), command.end());
  const test::CommandOutput run = test::run_program(argv);
  INFO(command.front() << " stderr: " << run.err);
  CHECK(run.exit_code == 0);
  Calls calls;
  const std::string data_mark = "<" + fs::canonical(data).string() + ">";
  for (const auto& log : fs::directory_iterator(logs.path())) {
    for (const std::string& line : test::lines_of(test::read_file(log.path()))) count_line(line, data_mark, calls);
  }
  return calls;
}

struct Job {
  std::string engine;
  std::string rw;
  unsigned iodepth = 1;
  bool direct = false;
};

// The job's options, as both tools take them.
std::vector<std::string> options_of(const Job& job, const fs::path& data) {
  return {"--name=t", "--filename=" + data.string(), "--size=256k", "--bs=4k", "--rw=" + job.rw,
          "--ioengine=" + job.engine, "--iodepth=" + std::to_string(job.iodepth),
          std::string("--direct=") + (job.direct ? "1" : "0")};
}

// The calls of bench++ and of fio running `job`, each on a fresh copy of the data; nullopt when a tool is
// missing (a skip) or direct I/O is refused here.
struct Pair {
  Calls bench;
  Calls fio;
};
std::optional<Pair> run_both(const Job& job) {
  if (test::skip_unless(test::tool_installed("strace"), test::Need::kTool, "strace is not installed (Debian strace)") ||
      test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) {
    return std::nullopt;
  }
  const test::TempDir dir;
  const fs::path data = dir.path() / "data";
  test::write_pattern_file(data, kRequests, 4096);
  if (job.direct) {
    bool direct = false;
    test::open_maybe_direct(data, O_RDONLY, direct);
    if (test::skip_unless(direct, test::Need::kMachine, "the temporary directory's filesystem refuses O_DIRECT")) {
      return std::nullopt;
    }
  }
  const bool writes = job.rw.find("write") != std::string::npos;
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.path().string()};
  if (writes) bench.insert(bench.end(), {"--allow-overwrite", data.string()});
  const std::vector<std::string> options = options_of(job, data);
  bench.insert(bench.end(), options.begin(), options.end());
  std::vector<std::string> fio = {"fio", "--output=/dev/null"};
  fio.insert(fio.end(), options.begin(), options.end());
  Pair pair{traced(bench, data), {}};
  test::write_pattern_file(data, kRequests, 4096);
  pair.fio = traced(fio, data);
  return pair;
}

// CHECKs that both made `count` calls of `call` on the data file.
void check_both(const Pair& pair, const std::string& call, long count) {
  INFO(call);
  CHECK(pair.bench.of(call) == count);
  CHECK(pair.fio.of(call) == count);
}

}  // namespace

TEST_CASE("syscalls: psync, pvsync and pvsync2 make one pread/preadv/preadv2 (pwrite...) per request, as fio") {
  struct Calls3 {
    const char* engine;
    const char* read_call;
    const char* write_call;
  };
  // Named variables, not a structured binding: clang 14 cannot capture one in INFO's lambda.
  for (const Calls3& calls : {Calls3{"psync", "pread64", "pwrite64"}, Calls3{"pvsync", "preadv", "pwritev"},
                              Calls3{"pvsync2", "preadv2", "pwritev2"}}) {
    const char* const engine = calls.engine;
    const char* const read_call = calls.read_call;
    const char* const write_call = calls.write_call;
    INFO(engine);
    const auto reads = run_both({engine, "randread"});
    if (!reads) return;
    check_both(*reads, read_call, kRequests);
    check_both(*reads, "lseek", 0);
    const auto writes = run_both({engine, "randwrite"});
    check_both(*writes, write_call, kRequests);
    check_both(*writes, read_call, 0);
  }
}

TEST_CASE("syscalls: sync reads and writes at the position, seeking only when it is elsewhere, vsync always, as fio") {
  const auto sequential = run_both({"sync", "read"});
  if (!sequential) return;
  check_both(*sequential, "read", kRequests);
  check_both(*sequential, "lseek", 0);  // one pass in order: never elsewhere
  const auto writes = run_both({"sync", "write"});
  check_both(*writes, "write", kRequests);
  check_both(*writes, "lseek", 0);
  const auto random = run_both({"sync", "randread"});
  check_both(*random, "read", kRequests);
  // A seek before each but those that happen to follow the one before (a few of 64, in either tool's order).
  CHECK(random->bench.of("lseek") >= kRequests - 8);
  CHECK(random->bench.of("lseek") <= kRequests);
  CHECK(random->fio.of("lseek") >= kRequests - 8);
  const auto vectored = run_both({"vsync", "read"});
  check_both(*vectored, "readv", kRequests);
  check_both(*vectored, "lseek", kRequests);
}

TEST_CASE("syscalls: libaio submits each request in its own io_submit and takes completions one per io_getevents") {
  for (const unsigned depth : {1u, 32u}) {
    INFO("iodepth " << depth);
    const auto pair = run_both({"libaio", "randread", depth, true});
    if (!pair) return;
    check_both(*pair, "io_submit", kRequests);
    CHECK(pair->bench.iocbs == kRequests);
    CHECK(pair->fio.iocbs == kRequests);
    check_both(*pair, "pread64", 0);
    // One completion per call (fio's iodepth_batch_complete_max), but fio takes what is left at the end (up
    // to depth - 1) in one call.
    for (const long calls : {pair->fio.io_getevents, pair->bench.io_getevents}) {
      CHECK(calls >= kRequests - (depth - 1));
      CHECK(calls <= kRequests);
    }
  }
}

TEST_CASE("syscalls: posixaio's requests are glibc's preads and pwrites, one per request, as fio's") {
  for (const unsigned depth : {1u, 32u}) {
    INFO("iodepth " << depth);
    const auto reads = run_both({"posixaio", "randread", depth, true});
    if (!reads) return;
    check_both(*reads, "pread64", kRequests);
    check_both(*reads, "io_submit", 0);
    const auto writes = run_both({"posixaio", "randwrite", depth});
    check_both(*writes, "pwrite64", kRequests);
  }
}

TEST_CASE("syscalls: mmap maps the file once with fio's access hint and makes no read or write calls") {
  const auto reads = run_both({"mmap", "randread"});
  if (!reads) return;
  check_both(*reads, "mmap", 1);
  check_both(*reads, "pread64", 0);
  check_both(*reads, "read", 0);
  CHECK(reads->bench.access_hints == 1);
  CHECK(reads->fio.access_hints == 1);
  CHECK(reads->bench.msync == 0);
  CHECK(reads->fio.msync == 0);
  // direct=1: an msync of each request's pages, in place of direct I/O.
  const auto writes = run_both({"mmap", "randwrite", 1, true});
  if (!writes) return;
  check_both(*writes, "pwrite64", 0);
  CHECK(writes->bench.msync == kRequests);
  CHECK(writes->fio.msync == kRequests);
}

TEST_CASE("syscalls: falloc makes one fallocate per request, as fio") {
  const auto writes = run_both({"falloc", "randwrite"});
  if (!writes) return;
  check_both(*writes, "fallocate", kRequests);
  check_both(*writes, "pwrite64", 0);
}

}  // namespace bench
