// fio's multi-file options (nrfiles=, file_service_type=, openfiles=, filesize=lo-hi, filename=a:b), the same
// job under bench++ and under fio 3.33 on files each tool creates (strace's pwrite64/pread64: psync, both tools'
// default engine): the same files of the same sizes, the same requests in each file and, for one job, the files
// taken in the same order.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kBlock = 4096;

void check_same_files(const test::PeerFilesPair& pair, bool write) {
  CHECK(pair.bench.sizes == pair.fio.sizes);  // names (peer.0.0, ...) and sizes
  CHECK(pair.fio.by_file.size() == pair.bench.by_file.size());
  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& fio_file : pair.fio.by_file) {
    const auto& name = fio_file.first;
    const auto& fio_run = fio_file.second;
    CAPTURE(name);
    REQUIRE(pair.bench.by_file.contains(name));
    const test::PeerRun& bench_run = pair.bench.by_file.at(name);
    CHECK(fio_run.count(write) > 0);
    CHECK(bench_run.count(write) == fio_run.count(write));
    CHECK(bench_run.bytes(write) == fio_run.bytes(write));
    CHECK(bench_run.hits(write, kBlock) == fio_run.hits(write, kBlock));
  }
}

}  // namespace

TEST_CASE("fio peer: nrfiles= with each file_service_type and openfiles= makes the same files, taken in the same "
          "order") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=write", "--size=192k", "--nrfiles=3"},  // roundrobin, fio's default
           {"--rw=write", "--size=1m", "--nrfiles=3"},    // 349525 bytes a file: not whole blocks
           {"--rw=randwrite", "--size=256k", "--nrfiles=4", "--file_service_type=roundrobin:3"},
           {"--rw=write", "--size=96k", "--nrfiles=3", "--file_service_type=sequential"},
           {"--rw=write", "--size=256k", "--nrfiles=4", "--file_service_type=random"},
           {"--rw=randwrite", "--size=240k", "--nrfiles=5", "--file_service_type=random:2"},
           {"--rw=write", "--size=192k", "--nrfiles=3", "--openfiles=2"},
           {"--rw=write", "--size=192k", "--nrfiles=4", "--openfiles=1"},
           {"--rw=write", "--nrfiles=4", "--filesize=16k-64k"},
           {"--rw=write", "--nrfiles=3", "--filesize=32k", "--size=64k"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    check_same_files(pair, true);
    CHECK(pair.bench.order == pair.fio.order);  // one job: request after request, the same file
  }
}

TEST_CASE("fio peer: nrfiles= with numjobs= and a reading job give each job its files and the same reads") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=randwrite", "--size=96k", "--nrfiles=3", "--numjobs=2"},
           {"--rw=read", "--size=128k", "--nrfiles=2"},
           {"--rw=read", "--size=1m", "--nrfiles=3", "--offset=8k"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    // A reading job's files: bench++ lays them out with pwrite (fio with write): compare the reads only.
    check_same_files(pair, options.front() != "--rw=read");
  }
}

TEST_CASE("fio peer: filename=a:b is two files every job shares, with the same requests in each") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=write", "--size=128k", "--filename=a:b"},
           {"--rw=randwrite", "--size=96k", "--filename=a:b:c", "--numjobs=2"},
           {"--rw=write", "--size=64k", "--filename=a\\:1:b", "--file_service_type=sequential"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    check_same_files(pair, true);
    if (options.size() == 3) CHECK(pair.bench.order == pair.fio.order);
  }
}

TEST_CASE("fio peer: file_service_type=zipf, pareto, normal and gauss pick the same file for each request, "
          "a covered file starting over") {
  if (!test::peers_available()) return;
  // 8 files of 8 blocks, io_size 96 requests: the skewed picks cover some files and start them over (fio's
  // fio_file_reset); psync's pass goes on to io_size (fio counts no bytes a synchronous engine issues, and the files
  // are never done). Sequential writes: each file's blocks the same too.
  for (const std::string_view type : {"zipf", "zipf:1.4", "pareto", "pareto:0.3:0.25", "normal", "gauss:20",
                                  "normal:10:0.75"}) {
    CAPTURE(type);
    const test::TempDir dir;
    const std::vector<std::string> options{"--rw=write", "--size=256k", "--nrfiles=8", "--io_size=384k",
                                           "--file_service_type=" + std::string(type)};
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    CHECK(pair.fio.order.size() == 96);
    CHECK(pair.bench.order == pair.fio.order);  // request after request, the same file
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& fio_file : pair.fio.by_file) {
      const auto& name = fio_file.first;
      const auto& fio_run = fio_file.second;
      CAPTURE(name);
      REQUIRE(pair.bench.by_file.contains(name));
      CHECK(pair.bench.by_file.at(name).count(true) == fio_run.count(true));
      CHECK(pair.bench.by_file.at(name).hits(true, kBlock) == fio_run.hits(true, kBlock));
    }
  }
  // Random writes (fio resets a file's block map and goes on in it) and two jobs: per file, the same number of
  // requests (which blocks: bench++ draws each file's offsets from a stream of its own, fio from the job's).
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--rw=randwrite", "--size=128k", "--nrfiles=4", "--io_size=256k", "--file_service_type=zipf:1.2"},
           {"--rw=randwrite", "--size=128k", "--nrfiles=8", "--numjobs=2", "--file_service_type=pareto:0.4"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    CHECK(pair.fio.by_file.size() == pair.bench.by_file.size());
    // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
    for (const auto& fio_file : pair.fio.by_file) {
      const auto& name = fio_file.first;
      const auto& fio_run = fio_file.second;
      CAPTURE(name);
      REQUIRE(pair.bench.by_file.contains(name));
      CHECK(pair.bench.by_file.at(name).count(true) == fio_run.count(true));
    }
    if (options[3] != "--numjobs=2") CHECK(pair.bench.order == pair.fio.order);  // one job: the same order
  }
}

}  // namespace bench
