// fio's trim workloads (rw=randtrim, trimwrite, randtrimwrite) with ioengine=falloc, the same job under bench++
// and under fio 3.33 on the same file: the fallocate(2) calls each made (a trim punches a hole, FALLOC_FL_PUNCH_HOLE
// with FALLOC_FL_KEEP_SIZE; a write allocates, mode 0), compared call for call: modes, offsets and lengths, in
// the same order.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;
constexpr std::uint64_t kFileBytes = 1ull << 20;
constexpr std::string_view kPunch = "FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE";

struct Call {
  std::string mode;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  friend bool operator==(const Call&, const Call&) = default;
};
std::ostream& operator<<(std::ostream& out, const Call& call) {
  return out << call.mode << " " << call.offset << "+" << call.length;
}

std::vector<Call> fallocates_of(const test::PeerRun& run) {
  std::vector<Call> calls;
  for (const test::PeerRequest& request : run.requests) {
    if (!request.fallocate_mode.empty()) calls.push_back({request.fallocate_mode, request.offset, request.length});
  }
  return calls;
}

// Runs the falloc job under both tools; checks they made the same fallocate calls, and returns bench++'s.
std::vector<Call> check_same_fallocates(std::vector<std::string> options) {
  options.insert(options.begin(), {"--ioengine=falloc", "--size=1m"});
  const test::TempDir dir;
  const test::PeerPair pair = test::run_both_tools(dir.path(), options, kFileBytes, test::PeerCalls::kWithFallocate);
  const std::vector<Call> bench = fallocates_of(pair.bench);
  const std::vector<Call> fio = fallocates_of(pair.fio);
  CHECK(bench.size() == fio.size());
  for (std::size_t i = 0; i < std::min(bench.size(), fio.size()); ++i) {
    CAPTURE(i);
    REQUIRE(bench[i] == fio[i]);
  }
  CHECK(pair.bench.count(false) + pair.bench.count(true) == 0);  // the falloc engine reads and writes nothing
  return bench;
}

}  // namespace

TEST_CASE("fio peer: falloc randtrim punches fio's holes, in fio's order") {
  if (!test::peers_available()) return;
  const std::vector<Call> calls = check_same_fallocates({"--rw=randtrim", "--bs=4k"});
  CHECK(calls.size() == kFileBytes / kBlock);  // each block once: the random map
  std::vector<std::uint64_t> offsets;
  for (const Call& call : calls) {
    CHECK(call.mode == kPunch);
    offsets.push_back(call.offset);
  }
  CHECK_FALSE(std::is_sorted(offsets.begin(), offsets.end()));
}

TEST_CASE("fio peer: falloc trimwrite and randtrimwrite: each block punched, then allocated, as fio") {
  if (!test::peers_available()) return;
  for (const std::string rw : {"trimwrite", "randtrimwrite"}) {
    CAPTURE(rw);
    const std::vector<Call> calls = check_same_fallocates({"--rw=" + rw, "--bs=8k"});
    CHECK(calls.size() == 2 * kFileBytes / 8192);
    for (std::size_t i = 0; i + 1 < calls.size(); i += 2) {
      CHECK(calls[i].mode == kPunch);
      CHECK(calls[i + 1] == Call{"0", calls[i].offset, calls[i].length});
    }
  }
}

// (Random offsets with requests of several sizes and the random map part from fio's, as docs/fio-options.md's
// bsrange row says: sequential trims here.)
TEST_CASE("fio peer: falloc trim with bs=R,W,T and bsrange's third range: the trims' sizes, as fio") {
  if (!test::peers_available()) return;
  const std::vector<Call> fixed = check_same_fallocates({"--rw=trim", "--bs=4k,4k,16k"});
  CHECK(fixed.size() == kFileBytes / 16384);
  const std::vector<Call> ranged = check_same_fallocates({"--rw=trim", "--bsrange=4k-4k,4k-4k,4k-32k"});
  CHECK(ranged.size() > kFileBytes / 32768);
  CHECK(ranged.size() < kFileBytes / 4096);
  const std::vector<Call> norandommap =
      check_same_fallocates({"--rw=randtrim", "--bs=4k,4k,16k", "--norandommap"});
  CHECK(norandommap.size() == kFileBytes / 16384);
}

}  // namespace bench
