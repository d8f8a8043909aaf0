// fio's job control, the same job file under bench++ and under fio 3.33: --section (which sections' files
// each tool makes and fills), fallocate= and create_on_open= (the preallocating calls strace sees on each new
// file), exitall (the other jobs stop when one ends).
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "fio_peer/fio_peer_support.h"
#include "sanitizers.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// What one tool did with a job file in a directory of its own.
struct ToolRun {
  int exit_code = -1;
  std::string err;
  std::map<std::string, std::uint64_t> sizes;  // the files it left, by name
  std::vector<std::string> calls;              // the traced calls that name a path inside its directory, in order
};

// Runs `argv` under strace (-f, the calls `syscalls`), keeping the calls whose text names `dir`.
ToolRun traced_run(const std::vector<std::string>& argv, const std::string& syscalls, const fs::path& dir) {
  const test::TempDir logs;
  std::vector<std::string> full = {"strace", "-f", "-qq", "-y", "-s", "0", "-e", "trace=" + syscalls,
                                   "-o", (logs.path() / "s").string()};
#if defined(BENCH_TESTS_UNDER_ASAN)
  full.insert(full.begin(), {"env", "ASAN_OPTIONS=detect_leaks=0"});
#endif
  full.insert(full.end(), argv.begin(), argv.end());
  const test::CommandOutput run = test::run_program(full);
  ToolRun out{run.exit_code, run.err, {}, {}};
  const std::string inside = fs::canonical(dir).string() + "/";
  for (const std::string& line : test::lines_of(test::read_file(logs.path() / "s"))) {
    if (test::contains(line, inside)) out.calls.push_back(line.substr(line.find_first_not_of("0123456789 ")));
  }
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) out.sizes[entry.path().filename().string()] = entry.file_size();
  }
  return out;
}

struct ToolPair {
  ToolRun bench;
  ToolRun fio;
  std::chrono::steady_clock::duration bench_elapsed{};
  std::chrono::steady_clock::duration fio_elapsed{};
};

// The job file `text` run by both tools on files each creates, in DIR/bench and DIR/fio: bench++ as `bench++ job
// -q -d DIR/bench --unlink=0 ARGS FILE`, fio as `fio --output=/dev/null --directory=DIR/fio ARGS FILE`.
ToolPair run_both_job_file(const fs::path& dir, const std::string& text, const std::vector<std::string>& args,
                           const std::string& syscalls = "pwrite64") {
  const fs::path job = dir / "job.fio";
  std::ofstream(job) << text;
  const fs::path bench_dir = dir / "bench";
  const fs::path fio_dir = dir / "fio";
  fs::create_directories(bench_dir);
  fs::create_directories(fio_dir);
  std::vector<std::string> bench = {BENCH_BINARY, "job", "-q", "-d", bench_dir.string(), "--unlink=0"};
  bench.insert(bench.end(), args.begin(), args.end());
  bench.push_back(job.string());
  std::vector<std::string> fio = {"fio", "--output=/dev/null", "--directory=" + fio_dir.string()};
  fio.insert(fio.end(), args.begin(), args.end());
  fio.push_back(job.string());
  ToolPair pair;
  auto started = std::chrono::steady_clock::now();
  pair.bench = traced_run(bench, syscalls, bench_dir);
  pair.bench_elapsed = std::chrono::steady_clock::now() - started;
  started = std::chrono::steady_clock::now();
  pair.fio = traced_run(fio, syscalls, fio_dir);
  pair.fio_elapsed = std::chrono::steady_clock::now() - started;
  INFO("bench++: " << pair.bench.err);
  INFO("fio: " << pair.fio.err);
  CHECK(pair.bench.exit_code == 0);
  CHECK(pair.fio.exit_code == 0);
  return pair;
}

std::size_t count_starting(const std::vector<std::string>& calls, std::string_view start) {
  std::size_t count = 0;
  for (const std::string& call : calls) count += call.starts_with(start) ? 1 : 0;
  return count;
}

// The calls as strace -y shows them, without the descriptor: "fallocate(7</d/peer.0.0>, 0, 0, 65536) = 0" gives
// "fallocate(/d/peer.0.0>, 0, 0, 65536) = 0" less the directory: "fallocate(peer.0.0, 0, 0, 65536) = 0".
std::vector<std::string> without_descriptors(const std::vector<std::string>& calls, const fs::path& dir) {
  const std::regex descriptor(R"(\(\d+<([^>]*)>)");
  const std::string inside = fs::canonical(dir).string() + "/";
  std::vector<std::string> out;
  for (const std::string& call : calls) {
    std::string plain = std::regex_replace(call, descriptor, "($1");
    for (std::size_t at = plain.find(inside); at != std::string::npos; at = plain.find(inside)) plain.erase(at, inside.size());
    const std::size_t private_dir = plain.find("bench++-job.");  // bench++'s private directory inside its -d
    if (private_dir != std::string::npos) plain.erase(private_dir, plain.find('/', private_dir) + 1 - private_dir);
    out.push_back(plain);
  }
  return out;
}

}  // namespace

TEST_CASE("fio peer: fallocate= makes the same preallocating call on a new file as fio's") {
  if (!test::peers_available()) return;
  for (const std::string mode : {"none", "native", "posix", "keep", "truncate", "0", "1"}) {
    CAPTURE(mode);
    const test::TempDir dir;
    const ToolPair pair = run_both_job_file(dir.path(), "[peer]\nrw=write\nsize=64k\nfallocate=" + mode + "\n", {},
                                            "fallocate,ftruncate");
    const std::vector<std::string> bench = without_descriptors(pair.bench.calls, dir.path() / "bench");
    const std::vector<std::string> fio = without_descriptors(pair.fio.calls, dir.path() / "fio");
    CHECK(bench == fio);  // e.g. {"fallocate(peer.0.0, FALLOC_FL_KEEP_SIZE, 0, 65536) = 0"}
    CHECK(fio.size() == (mode == "none" || mode == "0" ? 0u : 1u));
    CHECK(pair.bench.sizes == pair.fio.sizes);
  }
  // The default is fio 3.33's: native.
  const test::TempDir dir;
  const ToolPair pair = run_both_job_file(dir.path(), "[peer]\nrw=randwrite\nsize=48k\n", {}, "fallocate,ftruncate");
  CHECK(without_descriptors(pair.bench.calls, dir.path() / "bench") ==
        std::vector<std::string>{"fallocate(peer.0.0, 0, 0, 49152) = 0"});
  CHECK(without_descriptors(pair.fio.calls, dir.path() / "fio") ==
        std::vector<std::string>{"fallocate(peer.0.0, 0, 0, 49152) = 0"});
}

TEST_CASE("fio peer: create_on_open=1 makes the file at the job's open, with no preallocation, and the same writes") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const ToolPair pair =
      run_both_job_file(dir.path(), "[peer]\nrw=write\nsize=64k\ncreate_on_open=1\n", {}, "fallocate,ftruncate,pwrite64");
  CHECK(count_starting(pair.fio.calls, "fallocate") == 0);
  CHECK(count_starting(pair.bench.calls, "fallocate") == 0);
  CHECK(count_starting(pair.bench.calls, "pwrite64") == count_starting(pair.fio.calls, "pwrite64"));
  CHECK(count_starting(pair.fio.calls, "pwrite64") == 16);
  CHECK(pair.bench.sizes == pair.fio.sizes);
}

TEST_CASE("fio peer: exitall stops the other jobs when one ends, as fio's does") {
  if (!test::peers_available()) return;
  const test::TempDir dir;
  const ToolPair pair = run_both_job_file(
      dir.path(), "[short]\nrw=write\nsize=128k\nexitall\n[long]\nrw=write\nsize=1m\ntime_based\nruntime=120\n", {});
  CHECK(pair.bench.sizes == pair.fio.sizes);  // short.0.0 and long.0.0
  // Both stop long well before its 120 s (a run without exitall takes them).
  CHECK(pair.fio_elapsed < std::chrono::seconds(60));
  CHECK(pair.bench_elapsed < std::chrono::seconds(60));
}

TEST_CASE("fio peer: exit_what=group, stonewall and all stop the jobs fio's do") {
  if (!test::peers_available()) return;
  // short ends at once; long is another fio group (new_group) of the same stonewall group, time-based (4 s where
  // it runs its time, 60 s where it must be stopped: a stop shows as a run well under that, however loaded the
  // machine); next is the stonewall group after them, 256 KiB at 512 KiB/s.
  const auto job_file = [](std::string_view scope, int long_seconds) {
    return fmt::format("[global]\nexitall\nexit_what={}\n[short]\nrw=write\nsize=256k\n[long]\nnew_group\n"
                       "rw=write\nsize=1m\ntime_based\nruntime={}\n[next]\nstonewall\nrw=write\nsize=256k\n"
                       "rate=512k\n",
                       scope, long_seconds);
  };
  using std::chrono::milliseconds;
  const test::TempDir group_dir;
  const ToolPair group = run_both_job_file(group_dir.path(), job_file("group", 4), {});
  CHECK(group.fio_elapsed >= milliseconds(4400));  // long runs its 4 s (another fio group), then next
  CHECK(group.bench_elapsed >= milliseconds(4400));
  const test::TempDir stonewall_dir;
  const ToolPair stonewall = run_both_job_file(stonewall_dir.path(), job_file("stonewall", 60), {});
  for (const auto& [tool, elapsed] : {std::pair{"fio", stonewall.fio_elapsed}, std::pair{"bench++", stonewall.bench_elapsed}}) {
    const std::string tool_name = tool;  // named for CAPTURE (a lambda), which clang 14 needs
    CAPTURE(tool_name);
    CHECK(elapsed >= milliseconds(400));        // next ran whole
    CHECK(elapsed < std::chrono::seconds(30));  // long stopped with short, not run its 60 s
  }
  CHECK(count_starting(stonewall.bench.calls, "pwrite64") > 0);
  const test::TempDir all_dir;
  const ToolPair all = run_both_job_file(all_dir.path(), job_file("all", 60), {});
  CHECK(all.fio_elapsed < std::chrono::seconds(30));  // long stopped (not run its 60 s), next never started
  CHECK(all.bench_elapsed < std::chrono::seconds(30));
  CHECK(all.bench.sizes == all.fio.sizes);  // both lay out next's file before anything runs
}

TEST_CASE("fio peer: exitall_on_error stops the other jobs when one fails, both tools exit non-zero") {
  if (!test::peers_available()) return;
  // bad verifies a file of zeros (fails at once); long is time-based, 4 s. Without exitall_on_error both tools let
  // long run on (job_failure_peer_test.cpp); with it both stop long at once, which a long of 60 s shows with a
  // margin for a loaded machine.
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(256 << 10, '\0');
  const auto run = [&](const std::string& tool, bool on_error) {
    const fs::path job = dir.path() / (tool + ".fio");
    std::ofstream(job) << fmt::format("[global]\nexitall_on_error={}\n[bad]\nrw=read\nfilename={}\nsize=64k\n"
                                      "verify=crc32c\n[long]\nrw=write\nsize=1m\ntime_based\nruntime={}\n"
                                      "filename={}\n",
                                      on_error ? 1 : 0, zeros.string(), on_error ? 60 : 4,
                                      (dir.path() / (tool + ".long")).string());
    const std::vector<std::string> command =
        tool == "fio" ? std::vector<std::string>{"fio", "--output=/dev/null", job.string()}
                      : std::vector<std::string>{BENCH_BINARY, "job", "-q", "-d", dir.path().string(), job.string()};
    const auto started = std::chrono::steady_clock::now();
    const test::CommandOutput output = test::run_program(command);
    return std::pair{output.exit_code, std::chrono::steady_clock::now() - started};
  };
  using std::chrono::milliseconds;
  const auto [fio_code, fio_elapsed] = run("fio", true);
  const auto [bench_code, bench_elapsed] = run("bench", true);
  CHECK(fio_code != 0);
  CHECK(bench_code != 0);
  CHECK(fio_elapsed < std::chrono::seconds(30));  // long stopped, not run its 60 s
  CHECK(bench_elapsed < std::chrono::seconds(30));
  const auto [fio_plain_code, fio_plain_elapsed] = run("fio", false);
  CHECK(fio_plain_code != 0);
  CHECK(fio_plain_elapsed >= milliseconds(3900));  // fio's default: long runs on
  const auto [bench_plain_code, bench_plain_elapsed] = run("bench", false);
  CHECK(bench_plain_code == 1);
  CHECK(bench_plain_elapsed >= milliseconds(3900));  // and so does bench++'s
}

TEST_CASE("fio peer: --section runs the same sections of a job file, writing the same files") {
  if (!test::peers_available()) return;
  const std::string text = "[global]\nrw=write\nbs=4k\n[a]\nsize=16k\n[b]\nsize=32k\n[c]\nsize=48k\n";
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--section=b"}, {"--section=c", "--section=a"}, {}}) {
    CAPTURE(args);
    const test::TempDir dir;
    const ToolPair pair = run_both_job_file(dir.path(), text, args);
    CHECK(!pair.fio.sizes.empty());
    CHECK(pair.bench.sizes == pair.fio.sizes);  // b.0.0 alone, or a.0.0 and c.0.0, or all three
    CHECK(count_starting(pair.bench.calls, "pwrite64") == count_starting(pair.fio.calls, "pwrite64"));
  }
}

}  // namespace bench
