// file_append= and filestat's stat_type= beside fio 3.33's own, each tool under strace as the persona (`bench++
// fio`, fio's file rules) and as fio, on the same file. file_append=1: the requests go from the existing file's end
// (its size as the job is set up, a block or not), a writing job extends the file in place (one fallocate over it,
// its first bytes kept) and a reading one has it laid out anew, as fio's extend_file does. stat_type=: the call each
// file's request makes, seen as the calls on the job's files beside those of a stat_type=stat run of the same tool
// (the files' set-up makes its own): lstat swaps one stat per file for an lstat, statx for one statx(2) of the
// file's real path.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kKiB = 1024;

// `bytes` bytes of 0x5a at `path`, made anew.
void make_file(const fs::path& path, std::uint64_t bytes) {
  fs::remove(path);
  std::ofstream(path, std::ios::binary) << std::string(bytes, '\x5a');
}

// The command of fio (`fio` true) or the persona, with fio's options `options`, its output thrown away.
std::vector<std::string> tool_argv(bool fio, const std::vector<std::string>& options) {
  std::vector<std::string> argv;
  if (fio) {
    argv = {"fio"};
  } else {
    argv = {BENCH_BINARY, "fio"};
  }
  argv.emplace_back("--output=/dev/null");
  argv.insert(argv.end(), options.begin(), options.end());
  return argv;
}

struct AppendRun {
  test::PeerRun run;
  std::uint64_t size = 0;  // the file's after the run
  bool kept = false;       // its first bytes as they were
};

// Each tool's run of `options` (on file "data" of `existing` bytes, file_append=1).
AppendRun appended(bool fio, std::uint64_t existing, const std::vector<std::string>& options) {
  const test::TempDir dir;
  const fs::path data = dir.path() / "data";
  make_file(data, existing);
  std::vector<std::string> all = {"--name=peer", "--filename=" + data.string(), "--file_append=1"};
  all.insert(all.end(), options.begin(), options.end());
  AppendRun out{test::traced_requests(tool_argv(fio, all), data, test::PeerCalls::kWithFallocate), 0, false};
  out.size = fs::file_size(data);
  std::ifstream in(data, std::ios::binary);
  std::string head(existing, '\0');
  in.read(head.data(), static_cast<std::streamsize>(existing));
  out.kept = head == std::string(existing, '\x5a');
  return out;
}

std::vector<std::uint64_t> sorted(std::vector<std::uint64_t> offsets) {
  std::sort(offsets.begin(), offsets.end());
  return offsets;
}

// The fallocate calls of a run: "mode offset length" each.
std::vector<std::string> fallocates(const test::PeerRun& run) {
  std::vector<std::string> calls;
  for (const test::PeerRequest& request : run.requests) {
    if (!request.fallocate_mode.empty()) {
      calls.push_back(request.fallocate_mode + " " + std::to_string(request.offset) + " " + std::to_string(request.length));
    }
  }
  return calls;
}

}  // namespace

TEST_CASE("fio peer: file_append=1 writes from the file's end, extending it in place, as fio") {
  if (!test::peers_available()) return;
  for (const std::string rw : {"--rw=write", "--rw=randwrite"}) {
    for (const std::uint64_t existing : {64 * kKiB, std::uint64_t{100000}}) {
      CAPTURE(rw);
      CAPTURE(existing);
      const std::vector<std::string> options = {rw, "--bs=16k", "--size=64k"};
      const AppendRun fio = appended(true, existing, options);
      const AppendRun bench = appended(false, existing, options);
      INFO("fio: " << fio.run.err << "\nbench++: " << bench.run.err);
      REQUIRE(fio.run.exit_code == 0);
      REQUIRE(bench.run.exit_code == 0);
      const std::vector<std::uint64_t> expected = {existing, existing + 16 * kKiB, existing + 32 * kKiB,
                                                   existing + 48 * kKiB};
      CHECK(sorted(fio.run.offsets(true)) == expected);
      CHECK(sorted(bench.run.offsets(true)) == expected);
      if (rw == "--rw=write") CHECK(bench.run.offsets(true) == fio.run.offsets(true));
      CHECK(fio.size == existing + 64 * kKiB);
      CHECK(bench.size == fio.size);
      CHECK(fio.kept);  // extended, not made anew
      CHECK(bench.kept);
      CHECK(fallocates(fio.run) == std::vector<std::string>{"0 0 " + std::to_string(existing + 64 * kKiB)});
      CHECK(fallocates(bench.run) == fallocates(fio.run));
      CHECK(bench.run.count(false) == 0);
    }
  }
}

TEST_CASE("fio peer: file_append=1 reads from the file's end, the file laid out anew to hold them, as fio") {
  if (!test::peers_available()) return;
  const std::vector<std::string> options = {"--rw=read", "--bs=16k", "--size=64k"};
  const AppendRun fio = appended(true, 64 * kKiB, options);
  const AppendRun bench = appended(false, 64 * kKiB, options);
  INFO("fio: " << fio.run.err << "\nbench++: " << bench.run.err);
  REQUIRE(fio.run.exit_code == 0);
  REQUIRE(bench.run.exit_code == 0);
  const std::vector<std::uint64_t> expected = {64 * kKiB, 80 * kKiB, 96 * kKiB, 112 * kKiB};
  CHECK(fio.run.offsets(false) == expected);
  CHECK(bench.run.offsets(false) == expected);
  CHECK(fio.size == 128 * kKiB);
  CHECK(bench.size == 128 * kKiB);
  CHECK(!fio.kept);  // laid out anew: its bytes are the layout's
  CHECK(!bench.kept);
}

namespace {

// The calls on the job's own files (".../peer.0.N") strace saw, by kind: "stat", "lstat" (newfstatat with
// AT_SYMLINK_NOFOLLOW), "statx" (statx(-1, the absolute path, ...)).
std::map<std::string, int> stat_calls(bool fio, const std::string& stat_type) {
  const test::TempDir dir;
  const fs::path trace = dir.path() / "trace";
  fs::create_directory(dir.path() / "files");
  const std::string files = fs::canonical(dir.path() / "files").string();
  std::vector<std::string> argv = {"strace", "-f", "-qq", "-e", "trace=newfstatat,statx", "-o", trace.string()};
  const std::vector<std::string> tool = tool_argv(fio, {"--name=peer", "--ioengine=filestat", "--nrfiles=3",
                                                        "--filesize=4k", "--directory=" + files,
                                                        "--stat_type=" + stat_type});
  argv.insert(argv.end(), tool.begin(), tool.end());
  const test::CommandOutput result = test::run_program(argv);
  INFO((fio ? "fio" : "bench++") << ": " << result.err);
  REQUIRE(result.exit_code == 0);
  std::map<std::string, int> calls;
  std::istringstream lines(test::read_file(trace));
  for (std::string line; std::getline(lines, line);) {
    if (line.find("\"" + files + "/peer.0.") == std::string::npos) continue;
    if (line.find(" statx(-1, \"" + files + "/peer.0.") != std::string::npos && line.find("STATX_ALL") != std::string::npos) {
      ++calls["statx"];
    } else if (line.find("newfstatat(") != std::string::npos) {
      ++calls[line.find("AT_SYMLINK_NOFOLLOW") != std::string::npos ? "lstat" : "stat"];
    } else {
      ++calls["other"];
    }
  }
  return calls;
}

// `calls` less `base`, kind by kind (zeros left out).
std::map<std::string, int> beside(std::map<std::string, int> calls, const std::map<std::string, int>& base) {
  for (const auto& [kind, count] : base) calls[kind] -= count;
  std::erase_if(calls, [](const auto& entry) { return entry.second == 0; });
  return calls;
}

}  // namespace

TEST_CASE("fio peer: filestat's stat_type= makes fio's call on each file: stat, lstat or statx of its real path") {
  if (!test::peers_available()) return;
  for (const bool fio : {true, false}) {
    CAPTURE(fio);
    const std::map<std::string, int> stat = stat_calls(fio, "stat");
    CHECK(stat.count("statx") == 0);
    CHECK(stat.at("stat") >= 3);  // one per file at least: the engine's
    CHECK(beside(stat_calls(fio, "lstat"), stat) == std::map<std::string, int>{{"lstat", 3}, {"stat", -3}});
    CHECK(beside(stat_calls(fio, "statx"), stat) == std::map<std::string, int>{{"statx", 3}, {"stat", -3}});
  }
}

}  // namespace bench
