// fio's invalidate=1 in a buffered time_based job (io_u.c loop_cache_invalidate): each time the job starts over
// in its file (a random job's map exhausted, a sequential job back at the start), fio drops the file's cached
// pages. The same job under bench++ and fio 3.33 on the same file, strace's pread64/pwrite64 and
// fadvise64(POSIX_FADV_DONTNEED) on it: after the first request, a drop exactly every pass's worth of requests.
// At the job's start (filesetup.c file_invalidate_cache) fio only declares the pages unneeded: it syncs nothing, so
// the job's first timed sync pays for whatever the device still holds from before, in both tools. And fio's
// fsync=/fdatasync= sync goes before the next write (io_u.c get_rw_ddir), so none follows a job's last write.
// After laying out a new file fio drops the pages it wrote (filesetup.c setup_files), direct=1 or not.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

// The requests between consecutive cache drops from the first request on (the drops before it are the tools'
// start-up: each drops the file's pages once or twice as it opens it), and the requests after the last drop.
struct DropSpacing {
  std::vector<std::uint64_t> between;  // requests before each drop, counted from the previous one
  std::uint64_t after_last = 0;
};

DropSpacing spacing_of(const test::PeerRun& run) {
  DropSpacing out;
  bool started = false;
  for (const test::PeerRequest& request : run.requests) {
    if (request.transfer()) {
      started = true;
      ++out.after_last;
    } else if (request.drops_cache && started) {
      out.between.push_back(out.after_last);
      out.after_last = 0;
    }
  }
  return out;
}

constexpr std::uint64_t kBlocks = 16;  // 64 KiB of 4 KiB blocks: a pass

}  // namespace

TEST_CASE("fio peer: a buffered time_based job drops its file's cached pages at each pass, as fio") {
  if (!test::peers_available()) return;
  for (const char* rw : {"--rw=randwrite", "--rw=randread", "--rw=write", "--rw=read"}) {
    CAPTURE(rw);
    const test::TempDir dir;
    // 320 requests a second for a second: about 20 passes over the 16 blocks when nothing slows the tools down.
    const test::PeerPair pair =
        test::run_both_tools(dir.path(), {rw, "--bs=4k", "--size=64k", "--time_based", "--runtime=1", "--rate_iops=320"},
                             64 * 1024, test::PeerCalls::kWithCacheDrops);
    REQUIRE(pair.fio.exit_code == 0);
    REQUIRE(pair.bench.exit_code == 0);
    for (const test::PeerRun* run : {&pair.fio, &pair.bench}) {
      const DropSpacing spacing = spacing_of(*run);
      // About 20 passes on an idle machine; a loaded one (strace's stops cost a scheduling round each) may
      // manage far fewer: the spacing is what is checked, two drops suffice to see it.
      CHECK(spacing.between.size() >= 2);
      for (const std::uint64_t requests : spacing.between) CHECK(requests == kBlocks);
      CHECK(spacing.after_last >= 1);
      CHECK(spacing.after_last <= kBlocks);
    }
    // Each drop is of the job's whole region.
    for (const test::PeerRequest& request : pair.bench.requests) {
      if (!request.drops_cache) continue;
      CHECK((request.length == 64 * 1024 || request.length == 0));
      CHECK(request.offset == 0);
    }
  }
}

TEST_CASE("fio peer: no cache drop at a pass with direct=1, invalidate=0 or norandommap, as fio") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--rw=randread", "--direct=1"}, {"--rw=read", "--invalidate=0"}, {"--rw=randread", "--norandommap"}}) {
    CAPTURE(extra.back());
    const test::TempDir dir;
    std::vector<std::string> options = {"--bs=4k", "--size=64k", "--time_based", "--runtime=1", "--rate_iops=160"};
    options.insert(options.end(), extra.begin(), extra.end());
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, 64 * 1024, test::PeerCalls::kWithCacheDrops);
    REQUIRE(pair.fio.exit_code == 0);
    REQUIRE(pair.bench.exit_code == 0);
    // Past the first pass (about 10 passes when nothing slows the tools down), so a drop was due if any were.
    CHECK(pair.fio.count(false) > kBlocks);
    CHECK(pair.bench.count(false) > kBlocks);
    CHECK(spacing_of(pair.fio).between.empty());
    CHECK(spacing_of(pair.bench).between.empty());
  }
}

TEST_CASE("fio peer: a job syncs its file where fio does: not at its start (invalidate=1), not after its last write") {
  if (!test::peers_available()) return;
  // The file is written just before each run (buffered: its pages are dirty), so a sync at the start would show.
  for (const std::vector<std::string>& extra :
       std::vector<std::vector<std::string>>{{"--rw=write", "--fdatasync=1"}, {"--rw=randread"}}) {
    CAPTURE(extra.front());
    const test::TempDir dir;
    std::vector<std::string> options = {"--bs=4k", "--size=64k"};
    options.insert(options.end(), extra.begin(), extra.end());
    const test::PeerPair pair = test::run_both_tools(dir.path(), options, 64 * 1024, test::PeerCalls::kWithSyncs);
    REQUIRE(pair.fio.exit_code == 0);
    REQUIRE(pair.bench.exit_code == 0);
    for (const test::PeerRun* run : {&pair.fio, &pair.bench}) {
      REQUIRE(!run->requests.empty());
      CHECK(run->requests.front().transfer());  // no sync of the file before its first request
      std::uint64_t syncs = 0;
      for (const test::PeerRequest& request : run->requests) syncs += request.syncs ? 1 : 0;
      // fdatasync=1: a sync between each two writes and no other (fio's get_rw_ddir: a due sync goes before the next
      // request, so none follows the last).
      CHECK(syncs == (extra.size() == 2 ? kBlocks - 1 : 0));
    }
  }
}

TEST_CASE("fio peer: a direct job's new file leaves the cache once laid out, before the first request, as fio") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const test::PeerFilesPair pair = test::run_both_on_new_files(
      dir.path(), {"--rw=randread", "--bs=4k", "--size=64k", "--direct=1"}, test::PeerCalls::kWithCacheDrops);
  REQUIRE(pair.fio.exit_code == 0);
  REQUIRE(pair.bench.exit_code == 0);
  for (const test::PeerFiles* files : {&pair.fio, &pair.bench}) {
    REQUIRE(files->by_file.size() == 1);
    const std::vector<test::PeerRequest>& calls = files->by_file.begin()->second.requests;
    bool whole_file_dropped = false;
    std::uint64_t reads = 0;
    for (const test::PeerRequest& call : calls) {
      if (call.transfer() && !call.write) {
        ++reads;
        break;  // the drop is looked for before the first read only (bench++'s layout writes are pwrite64s)
      }
      if (call.drops_cache && call.offset == 0 && (call.length == 64 * 1024 || call.length == 0)) {
        whole_file_dropped = true;
      }
    }
    CHECK(reads == 1);
    CHECK(whole_file_dropped);
  }
}

}  // namespace bench
