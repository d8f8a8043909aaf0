// fio's fadvise_hint (ioengines.c td_io_open_file): as a job opens its file for its requests, fio declares its
// access pattern over the job's region: POSIX_FADV_RANDOM for a random job and POSIX_FADV_SEQUENTIAL otherwise (1,
// the default), the one named (random, sequential), or nothing (0). The same job under bench++ and fio 3.33 on the
// same file: the advice strace saw on it, besides the cache drops, is the same, over the same range.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

// The advice other than POSIX_FADV_DONTNEED a run gave on the file, each with its range, in order.
std::vector<std::string> hints_of(const test::PeerRun& run) {
  std::vector<std::string> hints;
  for (const test::PeerRequest& request : run.requests) {
    if (request.advice.empty() || request.drops_cache) continue;
    hints.push_back(request.advice + " " + std::to_string(request.offset) + "+" + std::to_string(request.length));
  }
  return hints;
}

}  // namespace

TEST_CASE("fio peer: fadvise_hint declares the job's pattern on its file as fio does") {
  if (!test::peers_available()) return;
  struct Case {
    std::vector<std::string> options;
    std::vector<std::string> hints;  // what both tools give
  };
  const std::vector<Case> cases = {
      {{"--rw=randread"}, {"POSIX_FADV_RANDOM 0+65536"}},
      {{"--rw=write"}, {"POSIX_FADV_SEQUENTIAL 0+65536"}},
      {{"--rw=randread", "--fadvise_hint=0"}, {}},
      {{"--rw=read", "--fadvise_hint=random"}, {"POSIX_FADV_RANDOM 0+65536"}},
      {{"--rw=randwrite", "--fadvise_hint=sequential"}, {"POSIX_FADV_SEQUENTIAL 0+65536"}},
      {{"--rw=randread", "--direct=1"}, {"POSIX_FADV_RANDOM 0+65536"}},  // direct too, as fio
  };
  for (const Case& each : cases) {
    CAPTURE(each.options);
    const test::TempDir dir;
    std::vector<std::string> options = {"--bs=4k", "--size=64k"};
    options.insert(options.end(), each.options.begin(), each.options.end());
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, 64 * 1024, test::PeerCalls::kWithCacheDrops);
    REQUIRE(pair.fio.exit_code == 0);
    REQUIRE(pair.bench.exit_code == 0);
    CHECK(hints_of(pair.fio) == each.hints);
    CHECK(hints_of(pair.bench) == each.hints);
  }
}

TEST_CASE("fio peer: fadvise_hint takes fio's values and refuses others, naming them") {
  const test::TempDir dir;
  const test::CommandOutput bad =
      test::run_bench({"job", "-d", dir.path().string(), "--name=x", "--size=64k", "--fadvise_hint=often"});
  CHECK(bad.exit_code == 2);
  CHECK(test::contains(bad.err, "fadvise_hint"));
  CHECK(test::contains(bad.err, "0 (none), 1 (by the job's pattern, the default), random and sequential"));
  CHECK(test::list_tree(dir.path()).empty());
}

}  // namespace bench
