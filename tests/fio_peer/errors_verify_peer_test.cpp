// Errors as data and verify's extras, the same job under fio 3.33 and under bench++'s fio persona: errors injected
// with libfiu (Debian fiu-utils: fiu-run -x preloads wrappers of the POSIX calls, which fail on demand with the
// errno given as failinfo; every pwrite, or each with a probability), on a data file both find made and large
// enough, so neither lays it out. Both must agree on what continue_on_error= and ignore_error= make of the errors:
// the exit status, fio's JSON keys ("error", "total_err", "first_error"), the counts of failed requests; the normal
// output's errors line and the terse fields. verify_dump=1 writes a bad block's bytes as fio names its files.
// Skipped without fio, fiu-run, and under AddressSanitizer (whose runtime must come first in the preload list).
#include <doctest/doctest.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "fio_run.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

#if defined(BENCH_TESTS_UNDER_ASAN)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif

bool injection_available() {
  return test::fio_available() &&
         !test::skip_unless(!kUnderAsan, test::Need::kMachine, "libfiu's preload does not mix with AddressSanitizer") &&
         !test::skip_unless(test::tool_installed("fiu-run"), test::Need::kTool,
                            "fiu-run is not installed (Debian fiu-utils)");
}

// A tool's run of the job: its exit status, its output and stderr.
struct ToolRun {
  test::CommandOutput output;
  std::optional<nlohmann::json> job;  // the JSON's only job, with --output-format=json
};

// `options` of one job named "j" on `data` run by `tool` ("fio" or "bench") in `dir` under fiu-run with
// `enable` (no injection when empty), with --output-format=`format`.
ToolRun run_tool(const std::string& tool, const fs::path& dir, const fs::path& data, const std::string& enable,
                 const std::vector<std::string>& options, const std::string& format = "json") {
  std::vector<std::string> argv;
  if (!enable.empty()) argv = {"fiu-run", "-x", "-f", "", "-c", enable};
  if (tool == "fio") {
    argv.push_back("fio");
  } else {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  }
  argv.insert(argv.end(), {"--name=j", "--filename=" + data.string(), "--directory=" + dir.string(),
                           "--output-format=" + format});
  argv.insert(argv.end(), options.begin(), options.end());
  // Each run within 30 s, a killed run once more, said so; killed twice, it fails. libfiu's preload is not safe across
  // fork(): a job process forked while another thread of its parent held libfiu's lock of its failure points waits
  // for that lock forever at its first wrapped call (seen with fio 3.33 under load, once in some hundreds of runs:
  // the job process in pthread_rwlock_rdlock from fiu_fail, from the calloc of io_u_rinit). Both tools fork their
  // job processes from a parent with threads, and both put each job process in a session of its own (setsid), so
  // timeout's KILL reaches the parent alone: the job process that held the output pipes is then killed by its
  // command line, which holds the run's own directory (a temporary directory of this test), this shell apart.
  const std::string kill_after_timeout =
      "timeout -s KILL 30 \"$@\"; status=$?; "
      "if [ $status = 137 ]; then for p in $(pgrep -f -- \"--directory=$0\"); do [ $p = $$ ] || kill -9 $p; done; fi; "
      "exit $status";
  argv.insert(argv.begin(), {"sh", "-c", kill_after_timeout, dir.string()});
  ToolRun run{test::run_program(argv), std::nullopt};
  if (run.output.exit_code == 128 + SIGKILL) {
    MESSAGE(tool << " hung under fiu-run (libfiu's lock across fork) and was killed after 30 s: run once more");
    run.output = test::run_program(argv);
  }
  CHECK_MESSAGE(run.output.exit_code != 128 + SIGKILL, tool << " hung under fiu-run twice, killed after 30 s each");
  if (format == "json") {
    const std::vector<std::string> documents = test::json_object_texts(run.output.out);
    REQUIRE_MESSAGE(!documents.empty(), tool << " wrote no JSON: " << run.output.err);
    run.job = nlohmann::json::parse(documents.back()).at("jobs").at(0);
  }
  return run;
}

// A data file of `bytes` zeros.
fs::path made_data(const fs::path& dir, std::uint64_t bytes) {
  const fs::path data = dir / "data";
  std::ofstream(data, std::ios::binary) << std::string(bytes, '\0');
  return data;
}

struct BothRuns {
  ToolRun fio;
  ToolRun bench;
};

BothRuns run_both(const std::string& enable, const std::vector<std::string>& options,
                  const std::string& format = "json") {
  const test::TempDir fio_dir, bench_dir;
  const fs::path fio_data = made_data(fio_dir.path(), 256 << 10);
  const fs::path bench_data = made_data(bench_dir.path(), 256 << 10);
  return {run_tool("fio", fio_dir.path(), fio_data, enable, options, format),
          run_tool("bench", bench_dir.path(), bench_data, enable, options, format)};
}

constexpr const char* kEveryWriteEio = "enable name=posix/io/rw/pwrite,failinfo=5";
constexpr const char* kEveryReadNoSpace = "enable name=posix/io/rw/pread,failinfo=28";

// The keys and figures both tools must agree on.
void check_same_errors(const BothRuns& runs) {
  const nlohmann::json& fio = *runs.fio.job;
  const nlohmann::json& bench = *runs.bench.job;
  CHECK_MESSAGE(runs.bench.output.exit_code == runs.fio.output.exit_code, runs.bench.output.err);
  CHECK(bench.at("error") == fio.at("error"));
  CHECK(bench.contains("total_err") == fio.contains("total_err"));
  CHECK(bench.contains("first_error") == fio.contains("first_error"));
  if (fio.contains("total_err")) {
    CHECK(bench.at("total_err") == fio.at("total_err"));
    CHECK(bench.at("first_error") == fio.at("first_error"));
  }
  for (const char* direction : {"read", "write"}) {
    CAPTURE(direction);
    CHECK(bench.at(direction).at("total_ios") == fio.at(direction).at("total_ios"));
    CHECK(bench.at(direction).at("io_bytes") == fio.at(direction).at("io_bytes"));
  }
}

}  // namespace

TEST_CASE("fio peer: ignore_error=,EIO goes on after every write's EIO, counted, exit 0, as fio") {
  if (!injection_available()) return;
  const BothRuns runs = run_both(kEveryWriteEio, {"--rw=randwrite", "--bs=4k", "--size=64k", "--ignore_error=,EIO"});
  check_same_errors(runs);
  CHECK(runs.fio.output.exit_code == 0);
  CHECK(runs.bench.job->at("total_err") == 16);
  CHECK(runs.bench.job->at("first_error") == EIO);
  CHECK(runs.bench.job->at("error") == EIO);  // fio's error of a job that went on: its first
  CHECK(runs.bench.job->at("write").at("total_ios") == 16);
}

TEST_CASE("fio peer: continue_on_error=write goes on after fio's default EIO, continue_on_error=read does not") {
  if (!injection_available()) return;
  for (const std::string kind : {"write", "io", "all", "1", "read", "none", "verify"}) {
    CAPTURE(kind);
    const BothRuns runs = run_both(kEveryWriteEio, {"--rw=write", "--bs=4k", "--size=32k", "--continue_on_error=" + kind});
    check_same_errors(runs);
    const bool goes_on = kind == "write" || kind == "io" || kind == "all" || kind == "1";
    CHECK(runs.bench.output.exit_code == (goes_on ? 0 : 1));
    CHECK(runs.bench.job->contains("total_err") == (kind != "none"));
  }
}

TEST_CASE("fio peer: without continue_on_error a failed request ends the job, counted as issued, no error keys") {
  if (!injection_available()) return;
  const BothRuns runs = run_both(kEveryWriteEio, {"--rw=write", "--bs=4k", "--size=32k"});
  check_same_errors(runs);
  CHECK(runs.bench.output.exit_code == 1);
  CHECK_FALSE(runs.bench.job->contains("total_err"));
  CHECK(runs.bench.job->at("write").at("total_ios") == 1);
}

TEST_CASE("fio peer: an error not in its kind's list stops the job, counted once, a read's list is its own") {
  if (!injection_available()) return;
  // ENOSPC on reads is not in fio's default list (EIO, EILSEQ): the job stops, the error counted.
  const BothRuns stops = run_both(kEveryReadNoSpace, {"--rw=read", "--bs=4k", "--size=32k", "--continue_on_error=all"});
  check_same_errors(stops);
  CHECK(stops.bench.output.exit_code == 1);
  CHECK(stops.bench.job->at("total_err") == 1);
  CHECK(stops.bench.job->at("first_error") == ENOSPC);
  // The reads' list names it (by number): every read goes on.
  const BothRuns goes_on = run_both(kEveryReadNoSpace, {"--rw=randread", "--bs=4k", "--size=32k", "--ignore_error=28"});
  check_same_errors(goes_on);
  CHECK(goes_on.bench.output.exit_code == 0);
  CHECK(goes_on.bench.job->at("total_err") == 8);
}

TEST_CASE("fio peer: errors injected at random are counted, each request either moved or failed, as fio") {
  if (!injection_available()) return;
  const BothRuns runs = run_both("enable_random name=posix/io/rw/pwrite,probability=0.25,failinfo=5",
                                 {"--rw=randwrite", "--bs=4k", "--size=256k", "--ignore_error=,EIO"});
  CHECK(runs.fio.output.exit_code == 0);
  CHECK_MESSAGE(runs.bench.output.exit_code == 0, runs.bench.output.err);
  for (const ToolRun* run : {&runs.fio, &runs.bench}) {
    const nlohmann::json& write = run->job->at("write");
    const auto failed = run->job->at("total_err").get<std::uint64_t>();
    CHECK(write.at("total_ios") == 64);
    CHECK(write.at("io_bytes").get<std::uint64_t>() == (64 - failed) * 4096);
    CHECK(failed >= 4);  // 16 expected of 64: generous bounds, the injection is random
    CHECK(failed <= 40);
  }
}

TEST_CASE("fio peer: the normal output's errors line and the terse fields of a job that went on after errors") {
  if (!injection_available()) return;
  const std::vector<std::string> job = {"--rw=randwrite", "--bs=4k", "--size=64k", "--ignore_error=,EIO"};
  const BothRuns normal = run_both(kEveryWriteEio, job, "normal");
  const std::string errors_line = "     errors    : total=16, first_error=5/<Input/output error>\n";
  CHECK(test::contains(normal.fio.output.out, errors_line));
  CHECK_MESSAGE(test::contains(normal.bench.output.out, errors_line), normal.bench.output.out);
  CHECK(test::contains(normal.bench.output.out, "err= 5 ("));
  const BothRuns terse = run_both(kEveryWriteEio, job, "terse");
  for (const ToolRun* run : {&terse.fio, &terse.bench}) {
    std::string job_line;  // fio writes its "first I/O failed" note on stdout first
    for (const std::string& line : test::lines_of(run->output.out)) {
      if (line.starts_with("3;")) job_line = line;
    }
    CHECK_MESSAGE(job_line.ends_with(";16;5"), run->output.out);
  }
}

TEST_CASE("fio peer: error_dump=1 tells each error the job went on after, as fio") {
  if (!injection_available()) return;
  const BothRuns runs = run_both(kEveryWriteEio, {"--rw=write", "--bs=4k", "--size=16k", "--ignore_error=,EIO",
                                                  "--error_dump=1"});
  check_same_errors(runs);
  CHECK(test::count_of(runs.fio.output.err, "Input/output error: write offset=") == 4);
  CHECK(test::count_of(runs.bench.output.err, "Input/output error") == 4);
  const BothRuns quiet = run_both(kEveryWriteEio, {"--rw=write", "--bs=4k", "--size=16k", "--ignore_error=,EIO"});
  CHECK_FALSE(test::contains(quiet.bench.output.err, "Input/output error"));
}

// `tool`'s ("fio" or "bench") job of `options` on `data`, run in `dir` (where verify_dump writes).
test::CommandOutput run_in(const std::string& tool, const fs::path& dir, const fs::path& data,
                           const std::vector<std::string>& options) {
  std::vector<std::string> argv = {"sh", "-c", "cd \"$0\" && exec \"$@\"", dir.string()};
  if (tool == "fio") {
    argv.push_back("fio");
  } else {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  }
  argv.insert(argv.end(), {"--name=j", "--filename=" + data.string(), "--bs=4k", "--size=64k", "--verify=crc32c",
                           "--output=/dev/null"});
  argv.insert(argv.end(), options.begin(), options.end());
  return test::run_program(argv);
}

TEST_CASE("fio peer: verify_dump=1 writes a bad header's block, and bad data as received and expected, as fio") {
  if (!test::fio_available()) return;
  for (const std::string tool : {"fio", "bench"}) {
    CAPTURE(tool);
    {  // zeros: no block holds a header; the first bad one dumped as read
      const test::TempDir dir;
      const fs::path data = made_data(dir.path(), 64 << 10);
      const test::CommandOutput run = run_in(tool, dir.path(), data, {"--rw=read", "--verify_dump=1"});
      CHECK(run.exit_code != 0);
      const fs::path dumped = dir.path() / "data.0.hdr_fail";
      REQUIRE_MESSAGE(fs::exists(dumped), run.err);
      CHECK(test::read_file(dumped) == std::string(4096, '\0'));
      CHECK_FALSE(fs::exists(dir.path() / "data.0.received"));
    }
    {  // the tool's own verified blocks, one data byte of the second changed: as read and as written
      const test::TempDir dir;
      const fs::path data = made_data(dir.path(), 64 << 10);
      REQUIRE(run_in(tool, dir.path(), data, {"--rw=write", "--do_verify=0"}).exit_code == 0);
      std::string bytes = test::read_file(data);
      bytes[4096 + 3000] = static_cast<char>(bytes[4096 + 3000] ^ 0x5a);
      std::ofstream(data, std::ios::binary) << bytes;
      const test::CommandOutput run = run_in(tool, dir.path(), data, {"--rw=write", "--verify_only", "--verify_dump=1"});
      CHECK(run.exit_code != 0);
      const fs::path received = dir.path() / "data.4096.received";
      const fs::path expected = dir.path() / "data.4096.expected";
      REQUIRE_MESSAGE(fs::exists(received), run.err);
      REQUIRE(fs::exists(expected));
      const std::string as_read = test::read_file(received);
      const std::string as_written = test::read_file(expected);
      CHECK(as_read == bytes.substr(4096, 4096));
      REQUIRE(as_written.size() == 4096);
      // The data past the header as written: the changed byte back, every other one the same (fio's header made
      // again may differ in its own fields).
      CHECK(as_written[3000] == static_cast<char>(as_read[3000] ^ 0x5a));
      std::size_t other_differences = 0;
      for (std::size_t i = 128; i < 4096; ++i) other_differences += i != 3000 && as_written[i] != as_read[i];
      CHECK(other_differences == 0);
    }
  }
}

TEST_CASE("fio peer: verify= with requests of varying sizes writes and reads back the same requests as fio") {
  if (!test::peers_available()) return;
  for (const std::string sizes : {"--bsrange=4k-16k", "--bssplit=4k/50:8k/30:32k/20"}) {
    CAPTURE(sizes);
    const test::TempDir dir;
    const test::PeerPair runs =
        test::run_both_tools(dir.path(), {"--rw=write", sizes, "--verify=crc32c", "--size=512k"}, 512 << 10);
    CHECK_MESSAGE(runs.fio.exit_code == 0, runs.fio.err);
    CHECK_MESSAGE(runs.bench.exit_code == 0, runs.bench.err);
    REQUIRE(runs.bench.requests.size() == runs.fio.requests.size());
    for (std::size_t i = 0; i < runs.fio.requests.size(); ++i) {
      CAPTURE(i);
      CHECK(runs.bench.requests[i].write == runs.fio.requests[i].write);
      CHECK(runs.bench.requests[i].offset == runs.fio.requests[i].offset);
      CHECK(runs.bench.requests[i].length == runs.fio.requests[i].length);
    }
    CHECK(runs.bench.bytes(false) == 512 << 10);  // every byte written read back
  }
}

}  // namespace bench
