// fio's file-naming and file-making options, the same job under bench++ and under fio 3.33, each in a directory of
// its own: filename_format= lays out the same names with the same sizes (the directory's listing after the run)
// and sends each file the same requests (strace's pwrite64/pread64); names that coincide are one shared file in
// both; create_fsync= syncs a new file after its layout, or not, as fio; allow_file_create=0 makes no file. Where
// fio would give a later job of numjobs no file (its clone then does no I/O), bench++ refuses, and fio's report
// shows why.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// Each file's bytes written and read, by name.
std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> bytes_by_file(const test::PeerFiles& files) {
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> out;
  for (const auto& [name, run] : files.by_file) out[name] = {run.bytes(true), run.bytes(false)};
  return out;
}

// The syncs (fsync, fdatasync) of each file, by name.
std::map<std::string, std::size_t> syncs_by_file(const test::PeerFiles& files) {
  std::map<std::string, std::size_t> out;
  for (const auto& [name, run] : files.by_file) {
    out[name] = static_cast<std::size_t>(
        std::count_if(run.requests.begin(), run.requests.end(), [](const test::PeerRequest& r) { return r.syncs; }));
  }
  return out;
}

}  // namespace

TEST_CASE("fio peer: filename_format= lays out the same names, sizes and requests as fio") {
  if (!test::peers_available()) return;
  for (const std::vector<std::string>& options : std::vector<std::vector<std::string>>{
           {"--filename_format=$jobname.f$filenum.j$jobnum", "--numjobs=3", "--nrfiles=2", "--size=64k", "--rw=write"},
           {"--filename_format=file$jobnum", "--numjobs=2", "--size=32k", "--bs=8k", "--rw=randwrite"},
           {"--filename_format=$JOBNAME-$FILENUM", "--nrfiles=3", "--size=48k", "--rw=read"},
           {"--filename_format=data.$clientuid$filenum", "--nrfiles=2", "--size=32k", "--rw=write"}}) {
    CAPTURE(options);
    const test::TempDir dir;
    const test::PeerFilesPair pair = test::run_both_on_new_files(dir.path(), options);
    CHECK(pair.fio.sizes.size() >= 2);
    CHECK(pair.bench.sizes == pair.fio.sizes);
    // The writes to each file (a reading job's are bench++'s layout, which fio writes with write(2), untraced).
    if (options.back() != "--rw=read") CHECK(bytes_by_file(pair.bench) == bytes_by_file(pair.fio));
  }
}

TEST_CASE("fio peer: workloads whose filename_format= names coincide share the files, as in fio") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  // Two workloads one after the other: the second's three files are the first's two and one more, fio's
  // "testfiles.$filenum" shared by dependent jobs (its HOWTO).
  const test::PeerFilesPair pair = test::run_both_on_new_files(
      dir.path(), {"--filename_format=shared.$filenum", "--nrfiles=2", "--size=64k", "--rw=write", "--name=second",
                   "--stonewall", "--filename_format=shared.$FILENUM", "--nrfiles=3", "--size=64k", "--rw=write"});
  CHECK(pair.fio.sizes == std::map<std::string, std::uint64_t>{{"shared.0", 32768}, {"shared.1", 32768},
                                                                {"shared.2", 21845}});
  CHECK(pair.bench.sizes == pair.fio.sizes);
  // Both workloads write each file; fio's second also writes one block past its share of 64k/3 where the file is
  // already longer (shared.0: 24576 bytes, bench++ 20480), a rule of fio's existing files, not of their names.
  for (const auto& file : bytes_by_file(pair.fio)) {  // not a structured binding: CAPTURE (clang 14)
    const std::string& name = file.first;
    CAPTURE(name);
    CHECK(file.second.first > 0);
    CHECK(bytes_by_file(pair.bench)[name].first > 0);
  }
  CHECK(bytes_by_file(pair.bench).size() == bytes_by_file(pair.fio).size());
}

TEST_CASE("fio peer: create_fsync= syncs a new file after its layout, or does not, as fio") {
  if (!test::peers_available()) return;
  for (const std::string value : {"1", "0"}) {
    CAPTURE(value);
    const test::TempDir dir;
    // A reading job's new file is laid out with data (then fio syncs it with create_fsync=1); the reads sync nothing.
    const test::PeerFilesPair pair = test::run_both_on_new_files(
        dir.path(), {"--create_fsync=" + value, "--size=32k", "--rw=read", "--nrfiles=2"}, test::PeerCalls::kWithSyncs);
    const std::map<std::string, std::size_t> fio_syncs = syncs_by_file(pair.fio);
    CHECK(fio_syncs.size() == 2);
    for (const auto& [name, count] : fio_syncs) CHECK(count == (value == "1" ? 1u : 0u));
    CHECK(syncs_by_file(pair.bench) == fio_syncs);
  }
}

TEST_CASE("fio peer: allow_file_create=0 makes no file where fio makes none") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const fs::path missing = dir.path() / "missing";
  const test::CommandOutput fio =
      test::run_program({"fio", "--output=/dev/null", "--name=peer", "--filename=" + missing.string(), "--size=32k",
                         "--rw=write", "--allow_file_create=0"});
  const test::CommandOutput persona =
      test::run_program({BENCH_BINARY, "fio", "--output=/dev/null", "--name=peer", "--filename=" + missing.string(),
                         "--size=32k", "--rw=write", "--allow_file_create=0"});
  INFO(fio.err);
  INFO(persona.err);
  CHECK(fio.exit_code != 0);
  CHECK(test::contains(fio.err, "file creation disallowed by allow_file_create=0"));
  CHECK(persona.exit_code == fio.exit_code);  // fio's 1 for a job it cannot set up
  CHECK(test::contains(persona.err, "file creation disallowed by allow_file_create=0"));
  CHECK_FALSE(fs::exists(missing));
}

TEST_CASE("fio peer: where fio gives a later job of numjobs no file (its first job has the name), bench++ refuses") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const fs::path report = dir.path() / "fio.json";
  const std::vector<std::string> job = {"--name=peer", "--filename_format=shared.$filenum", "--nrfiles=2",
                                        "--numjobs=2", "--size=64k", "--rw=write"};
  std::vector<std::string> fio = {"fio", "--output-format=json", "--output=" + report.string(),
                                  "--directory=" + dir.path().string()};
  fio.insert(fio.end(), job.begin(), job.end());
  const test::CommandOutput fio_run = test::run_program(fio);
  REQUIRE_MESSAGE(fio_run.exit_code == 0, fio_run.err);
  const nlohmann::json jobs = nlohmann::json::parse(test::read_file(report)).at("jobs");
  REQUIRE(jobs.size() == 2);
  CHECK(jobs[0].at("write").at("io_bytes") == 65536);
  CHECK(jobs[1].at("write").at("io_bytes") == 0);  // fio's clone: no file, no I/O
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", dir.path().string()};
  bench.insert(bench.end(), job.begin(), job.end());
  const test::CommandOutput bench_run = test::run_program(bench);
  CHECK(bench_run.exit_code == 2);
  CHECK(test::contains(bench_run.err, "names file 0 of job 1 'shared.0', as the first job's"));
}

}  // namespace bench
