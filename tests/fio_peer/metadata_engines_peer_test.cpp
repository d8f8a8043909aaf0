// fio 3.33's metadata engines (filecreate, filestat, filedelete) run by fio and by the fio persona (`bench++ fio`)
// on a small job: the same call on each of the job's files, in the same order, from the job's own process or
// thread (strace), and fio's counts in the same JSON keys (the read direction carries the requests and the calls'
// times as clat; lat and slat record nothing, as fio's FIO_NOSTATS).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_paths.h"
#include "test_support.h"

namespace bench::test {
namespace {

namespace fs = std::filesystem;

// One traced call on a job file, as "CALL ARGUMENTS NAME": "openat O_RDWR|O_CREAT 0600 peer.0.1",
// "newfstatat 0 peer.0.1", "unlink peer.0.1" (unlinkat(AT_FDCWD, path, 0) is unlink(path) to the kernel); with
// the process or thread that made it and when.
struct TracedCall {
  std::string pid;
  double time = 0;
  std::string text;
};

// The calls on `dir`'s files that succeeded, in one `strace -ttt` output of process or thread `pid`.
void add_calls_on_files(const std::string& trace, const std::string& pid, const fs::path& dir,
                        std::vector<TracedCall>& calls) {
  const std::string prefix = "\"" + dir.string() + "/";
  for (const std::string& line : lines_of(trace)) {
    const std::size_t at = line.find(prefix);
    if (at == std::string::npos || line.find(" = -1 ") != std::string::npos) continue;
    const std::size_t name_end = line.find('"', at + prefix.size());
    const std::string name = line.substr(at + prefix.size(), name_end - at - prefix.size());
    const std::size_t space = line.find(' ');
    TracedCall call{pid, std::stod(line.substr(0, space)), ""};
    const std::string rest = line.substr(space + 1);
    const std::string function = rest.substr(0, rest.find('('));
    const std::string after = line.substr(name_end + 1);  // ", FLAGS, MODE) = N" and the like
    if (function == "openat") {
      const std::size_t flags = after.find(", ") + 2;
      std::string arguments = after.substr(flags, after.find(')') - flags);
      arguments.erase(std::remove(arguments.begin(), arguments.end(), ','), arguments.end());
      call.text = "openat " + arguments + " " + name;
    } else if (function == "newfstatat") {
      const bool nofollow = after.find("AT_SYMLINK_NOFOLLOW") != std::string::npos;
      call.text = std::string("newfstatat ") + (nofollow ? "AT_SYMLINK_NOFOLLOW " : "0 ") + name;
    } else if (function == "unlink" || (function == "unlinkat" && rest.starts_with("unlinkat(AT_FDCWD"))) {
      call.text = "unlink " + name;
    } else {
      call.text = function + " " + name;
    }
    calls.push_back(call);
  }
}

// The calls the job made itself, in order: of the process or thread that made the last call on its files, the
// run of calls of that last call's kind which ends there (a job on the tool's main thread, as bench++'s with
// --thread, made the layout's calls before them). Every lstat (newfstatat with AT_SYMLINK_NOFOLLOW) is left out:
// bench++'s main thread asks after the run which of its files are still there, to list them as kept.
std::vector<std::string> job_calls(const std::vector<TracedCall>& calls) {
  const TracedCall* last = nullptr;
  for (const TracedCall& call : calls) {
    if (call.text.starts_with("newfstatat AT_SYMLINK_NOFOLLOW ")) continue;
    if (last == nullptr || call.time >= last->time) last = &call;
  }
  if (last == nullptr) return {};
  std::vector<const TracedCall*> own;
  for (const TracedCall& call : calls) {
    if (call.pid == last->pid && !call.text.starts_with("newfstatat AT_SYMLINK_NOFOLLOW ")) own.push_back(&call);
  }
  std::sort(own.begin(), own.end(), [](const TracedCall* a, const TracedCall* b) { return a->time < b->time; });
  const std::string kind = last->text.substr(0, last->text.find(' '));
  std::vector<std::string> run;
  for (auto it = own.rbegin(); it != own.rend() && (*it)->text.starts_with(kind + " "); ++it) {
    run.insert(run.begin(), (*it)->text);
  }
  return run;
}

struct TracedJob {
  std::vector<std::string> calls;  // job_calls
  nlohmann::json read;             // jobs[0].read of its JSON
  nlohmann::json write;
  std::vector<std::string> files_left;
};

// The job `options` (--name=peer --directory=DIR added) run by `tool` ({"fio"} or {bench++, "fio"}) under strace in
// a directory of its own, with --output-format=json.
TracedJob run_traced(std::vector<std::string> tool, const std::vector<std::string>& options) {
  const TempDir dir;
  const fs::path files = dir.path() / "files";
  fs::create_directory(files);
  const fs::path traces = dir.path() / "traces";
  fs::create_directory(traces);
  // One output per process or thread (-ff: no call cut by another's), each call stamped (-ttt).
  std::vector<std::string> argv = {"strace", "-ff", "-ttt", "-qq", "-e",
                                   "trace=openat,newfstatat,statx,unlink,unlinkat", "-o", (traces / "t").string()};
  argv.insert(argv.end(), tool.begin(), tool.end());
  for (const std::string& option : {std::string("--output-format=json"), "--directory=" + files.string(),
                                    std::string("--name=peer")}) {
    argv.push_back(option);
  }
  argv.insert(argv.end(), options.begin(), options.end());
  const CommandOutput output = run_program(argv);
  INFO(tool.front() << ": " << output.err);
  REQUIRE(output.exit_code == 0);
  const nlohmann::json report = nlohmann::json::parse(output.out);
  REQUIRE(report["jobs"].size() == 1);
  std::vector<TracedCall> calls;
  for (const fs::directory_entry& trace : fs::directory_iterator(traces)) {  // t.PID
    add_calls_on_files(read_file(trace.path()), trace.path().extension().string().substr(1), files, calls);
  }
  return TracedJob{job_calls(calls), report["jobs"][0]["read"], report["jobs"][0]["write"], list_tree(files)};
}

struct BothTraced {
  TracedJob fio;
  TracedJob bench;
};

BothTraced run_both_traced(const std::vector<std::string>& options) {
  return {run_traced({"fio"}, options), run_traced({BENCH_BINARY, "fio"}, options)};
}

// What both tools' JSON says alike of a job of `files` files of one request each: the reads carry the requests,
// their bytes and one clat sample per file (the call's time); no lat, no slat; no writes.
void check_same_counts(const BothTraced& both, std::uint64_t files, std::uint64_t file_bytes) {
  for (const TracedJob* job : {&both.fio, &both.bench}) {
    CAPTURE((job == &both.fio ? "fio" : "bench++"));
    CHECK(job->read["total_ios"] == files);
    CHECK(job->read["io_bytes"] == files * file_bytes);
    CHECK(job->read["clat_ns"]["N"] == files);
    CHECK(job->read["clat_ns"]["min"].get<std::uint64_t>() > 0);
    CHECK(job->read["lat_ns"]["N"] == 0);
    CHECK(job->read["slat_ns"]["N"] == 0);
    CHECK(job->write["total_ios"] == 0);
  }
}

std::vector<std::string> each_file(const std::string& call, std::uint64_t files) {
  std::vector<std::string> calls;
  for (std::uint64_t file = 0; file < files; ++file) calls.push_back(call + " peer.0." + std::to_string(file));
  return calls;
}

}  // namespace

TEST_CASE("fio peer: filecreate creates each file with one open(O_CREAT|O_RDWR, 0600), counted as a read") {
  if (!peers_available()) return;
  const BothTraced both = run_both_traced({"--ioengine=filecreate", "--nrfiles=5", "--filesize=4k",
                                           "--create_on_open=1", "--openfiles=1", "--fallocate=none"});
  CHECK(both.fio.calls == each_file("openat O_RDWR|O_CREAT 0600", 5));
  CHECK(both.bench.calls == both.fio.calls);
  check_same_counts(both, 5, 4096);
  CHECK(both.bench.files_left == both.fio.files_left);
  CHECK(both.fio.files_left.size() == 5);
}

TEST_CASE("fio peer: filestat stats each laid-out file once, by its path") {
  if (!peers_available()) return;
  const BothTraced both = run_both_traced({"--ioengine=filestat", "--nrfiles=4", "--filesize=4k", "--thread"});
  CHECK(both.fio.calls == each_file("newfstatat 0", 4));
  CHECK(both.bench.calls == both.fio.calls);
  check_same_counts(both, 4, 4096);
  CHECK(both.bench.files_left == both.fio.files_left);
}

TEST_CASE("fio peer: filedelete unlinks each laid-out file once, leaving none") {
  if (!peers_available()) return;
  const BothTraced both = run_both_traced({"--ioengine=filedelete", "--nrfiles=4", "--filesize=8k", "--bs=8k",
                                           "--unlink=0"});
  CHECK(both.fio.calls == each_file("unlink", 4));
  CHECK(both.bench.calls == both.fio.calls);
  check_same_counts(both, 4, 8192);
  CHECK(both.fio.files_left.empty());
  CHECK(both.bench.files_left.empty());
}

}  // namespace bench::test
