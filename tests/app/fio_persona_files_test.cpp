// fio's files in fio's persona (bench++(1), "Files in fio's persona"): `bench++ fio` run from the directory it
// works in, as tools run `fio`, against fio 3.33 itself on the same commands where fio is installed. What fio 3.33
// does was watched with strace: an existing file large enough is only opened for the job; one too small is
// unlinked, made again (open O_CREAT|O_TRUNC, 0644), fallocated and, for reads, written whole; unlink=1 unlinks
// every regular file of the job at its end, a filename= that existed before too. `bench++ job` keeps its own
// rules (a private directory, removed at the end, never writing what it did not create).
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// The tools: bench++'s persona, and fio 3.33 where it is installed.
enum class Tool { kPersona, kFio };

// Runs `tool` with `args` in `dir` (its current directory: fio's default directory=), as a tool runs `fio`.
test::CommandOutput run_in(Tool tool, const fs::path& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"env", "-C", dir.string()};
  if (tool == Tool::kPersona) {
    argv.insert(argv.end(), {BENCH_BINARY, "fio"});
  } else {
    argv.emplace_back("fio");
  }
  return test::run_program(test::with(argv, args));
}

// The tools to compare: the persona always, fio 3.33 when installed.
std::vector<Tool> tools() {
  std::vector<Tool> found = {Tool::kPersona};
  if (!test::skip_unless(test::tool_installed("fio"), test::Need::kTool, "fio is not installed (Debian fio)")) {
    found.push_back(Tool::kFio);
  }
  return found;
}

nlohmann::json json_of(const test::CommandOutput& r) {
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  return nlohmann::json::parse(r.out);
}

struct FileState {
  ino_t inode = 0;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::string content;
};

FileState state_of(const fs::path& path) {
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  return {info.st_ino, info.st_size, info.st_mtim.tv_sec * 1000000000LL + info.st_mtim.tv_nsec, test::read_file(path)};
}

void write_file(const fs::path& path, std::size_t bytes) {
  std::ofstream out(path, std::ios::binary);
  out << std::string(bytes, 'x');
}

TEST_CASE("fio persona files: write fio.data, then read it back in a second run, as fio") {
  for (const Tool tool : tools()) {
    CAPTURE(static_cast<int>(tool));
    test::TempDir dir;
    const nlohmann::json written = json_of(run_in(tool, dir.path(), {"--name=write", "--rw=write", "--bs=4k",
                                                                     "--size=256k", "--filename=fio.data",
                                                                     "--output-format=json"}));
    CHECK(written["jobs"][0]["write"]["io_bytes"] == 256 * 1024);
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"fio.data"});  // kept, nothing else left
    const FileState before = state_of(dir.path() / "fio.data");
    // No size=: the file's own, as fio takes it.
    const nlohmann::json read = json_of(run_in(tool, dir.path(), {"--name=read", "--rw=read", "--bs=4k",
                                                                  "--filename=fio.data", "--output-format=json"}));
    CHECK(read["jobs"][0]["read"]["io_bytes"] == 256 * 1024);
    const FileState after = state_of(dir.path() / "fio.data");
    CHECK(after.inode == before.inode);
    CHECK(after.mtime_ns == before.mtime_ns);
    CHECK(after.content == before.content);  // what the first run wrote, read back as it is
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"fio.data"});
  }
}

TEST_CASE("fio persona files: a job's own file NAME.0.0 is laid out once and reused, by either tool") {
  const std::vector<Tool> both = tools();
  for (const Tool first : both) {
    for (const Tool second : both) {
      CAPTURE(static_cast<int>(first));
      CAPTURE(static_cast<int>(second));
      test::TempDir dir;
      const std::vector<std::string> job = {"--name=seqread", "--rw=read", "--bs=4k", "--size=256k",
                                            "--output-format=json"};
      json_of(run_in(first, dir.path(), job));
      CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"seqread.0.0"});
      const FileState laid_out = state_of(dir.path() / "seqread.0.0");
      CHECK(laid_out.size == 256 * 1024);
      const nlohmann::json again = json_of(run_in(second, dir.path(), job));
      CHECK(again["jobs"][0]["read"]["io_bytes"] == 256 * 1024);
      const FileState reused = state_of(dir.path() / "seqread.0.0");
      CHECK(reused.inode == laid_out.inode);  // not removed and made again
      CHECK(reused.mtime_ns == laid_out.mtime_ns);  // not written
      CHECK(reused.content == laid_out.content);
    }
  }
}

TEST_CASE("fio persona files: a file too small for the job is made anew and laid out, as fio") {
  for (const Tool tool : tools()) {
    CAPTURE(static_cast<int>(tool));
    test::TempDir dir;
    write_file(dir.path() / "small.0.0", 64 * 1024);
    json_of(run_in(tool, dir.path(), {"--name=small", "--rw=read", "--bs=4k", "--size=256k", "--output-format=json"}));
    const FileState after = state_of(dir.path() / "small.0.0");  // (its inode number may come back: not compared)
    CHECK(after.size == 256 * 1024);
    CHECK(after.content.find("xxxxxxxx") == std::string::npos);
  }
}

// KDiskMark's prepare step (https://github.com/JonMagon/KDiskMark/blob/master/src/helper.cpp,
// Helper::prepareBenchmarkFile): a QTemporaryFile "kdiskmark-XXXXXX.tmp" made empty in the chosen directory, then
//   fio --output-format=json --create_only=1 --filename=FILE --size=<MiB>m --zero_buffers=<0|1> --name=prepare
// and its tests on the file it made (Helper::startBenchmarkTest), here the sequential write (scaled: 1024m -> 1m,
// runtime 5 -> 1; cacheBypass off, so that the test's directory need not take O_DIRECT).
TEST_CASE("fio persona files: KDiskMark's prepare (create_only=1 on its empty file) and a test on the file") {
  for (const Tool tool : tools()) {
    CAPTURE(static_cast<int>(tool));
    test::TempDir dir;
    const fs::path file = dir.path() / "kdiskmark-a1B2c3.tmp";
    write_file(file, 0);
    const std::vector<std::string> prepare = {"--output-format=json", "--create_only=1",
                                              "--filename=" + file.string(), "--size=1m", "--zero_buffers=0",
                                              "--name=prepare"};
    const nlohmann::json made = json_of(run_in(tool, dir.path(), prepare));
    REQUIRE(made["jobs"].size() == 1);  // listed, with no I/O
    CHECK(made["jobs"][0]["jobname"] == "prepare");
    CHECK(made["jobs"][0]["read"]["io_bytes"] == 0);
    CHECK(made["jobs"][0]["write"]["io_bytes"] == 0);
    CHECK(fs::file_size(file) == 1024 * 1024);
    const FileState prepared = state_of(file);
    const nlohmann::json again = json_of(run_in(tool, dir.path(), prepare));  // a laid-out file: left as it is
    REQUIRE(again["jobs"].size() == 1);
    CHECK(again["jobs"][0]["read"]["io_bytes"] == 0);
    CHECK(state_of(file).mtime_ns == prepared.mtime_ns);
    const nlohmann::json test = json_of(run_in(
        tool, dir.path(),
        {"--output-format=json", "--ioengine=libaio", "--randrepeat=0", "--refill_buffers=0", "--end_fsync=1",
         "--direct=0", "--rwmixread=70", "--filename=" + file.string(), "--name=write", "--size=1m",
         "--zero_buffers=0", "--bs=1024k", "--runtime=1", "--rw=write", "--iodepth=8", "--numjobs=1",
         "--group_reporting"}));
    CHECK(test["jobs"][0]["write"]["io_bytes"] == 1024 * 1024);  // the file it did not create, written as given
    CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"kdiskmark-a1B2c3.tmp"});
  }
}

TEST_CASE("fio persona files: unlink=1 removes the job's files, its own and a filename= that existed") {
  for (const Tool tool : tools()) {
    CAPTURE(static_cast<int>(tool));
    test::TempDir dir;
    json_of(run_in(tool, dir.path(), {"--name=gone", "--rw=write", "--bs=4k", "--size=64k", "--unlink=1",
                                      "--output-format=json"}));
    CHECK(test::list_tree(dir.path()).empty());
    write_file(dir.path() / "theirs", 64 * 1024);
    json_of(run_in(tool, dir.path(), {"--name=r", "--rw=read", "--bs=4k", "--filename=theirs", "--unlink=1",
                                      "--output-format=json"}));
    CHECK(test::list_tree(dir.path()).empty());
  }
}

TEST_CASE("fio persona files: --dry-run plans the files where the run makes them, and makes nothing") {
  test::TempDir dir;
  const auto r = run_in(Tool::kPersona, dir.path(), {"--dry-run", "--name=planned", "--rw=read", "--size=64k"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(test::contains(r.out, "file: ./planned.0.0, 64 KiB"));
  CHECK_FALSE(test::contains(r.out, "bench++-job"));
  CHECK(test::list_tree(dir.path()).empty());
  write_file(dir.path() / "planned.0.0", 64 * 1024);
  const auto reused = run_in(Tool::kPersona, dir.path(), {"--dry-run", "--name=planned", "--rw=read", "--size=64k"});
  CHECK(test::contains(reused.out, "file: ./planned.0.0, 64 KiB each (exists)"));
}

TEST_CASE("fio persona files: bench++ job keeps its own rules") {
  test::TempDir dir;
  const auto r = test::run_bench({"job", "-q", "-d", dir.path().string(), "--name=own", "--rw=write", "--size=64k"});
  REQUIRE_MESSAGE(r.exit_code == 0, r.err);
  CHECK(test::list_tree(dir.path()).empty());  // its private directory and files removed
  write_file(dir.path() / "theirs", 64 * 1024);
  const auto refused = test::run_bench({"job", "-q", "-d", dir.path().string(), "--name=w", "--rw=write",
                                        "--filename=theirs", "--size=64k"});
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "--allow-overwrite"));
  CHECK(test::read_file(dir.path() / "theirs") == std::string(64 * 1024, 'x'));
}

// fio 3.33's check_mount_writes: a job that writes a mounted block device aborts unless allow_mounted_write=1. Only
// planned here (--dry-run writes nothing); fio itself is never run on the device.
TEST_CASE("fio persona files: a mounted block device is refused to a writing job without allow_mounted_write=1") {
  if (test::skip_unless(test::running_as_root(), test::Need::kRoot, "opening a block device needs root")) return;
  std::ifstream mounts("/proc/self/mounts");
  std::string source;
  std::string rest;
  std::string device;
  while (device.empty() && mounts >> source && std::getline(mounts, rest)) {
    std::error_code error;
    if (source.starts_with("/dev/") && fs::is_block_file(source, error)) device = source;
  }
  if (test::skip_unless(!device.empty(), test::Need::kMachine, "no filesystem here is mounted from a block device")) {
    return;
  }
  const int opened = ::open(device.c_str(), O_RDONLY | O_CLOEXEC);  // a container's device rules may refuse it
  if (opened >= 0) ::close(opened);
  if (test::skip_unless(opened >= 0, test::Need::kMachine, "the mounted device " + device + " cannot be opened")) {
    return;
  }
  test::TempDir dir;
  const std::vector<std::string> job = {"--dry-run", "--name=m", "--rw=write", "--bs=4k", "--size=4k",
                                        "--filename=" + device};
  const auto refused = run_in(Tool::kPersona, dir.path(), job);
  CHECK(refused.exit_code == 2);
  CHECK(test::contains(refused.err, "appears mounted, and allow_mounted_write=1 is not set"));
  const auto allowed = run_in(Tool::kPersona, dir.path(), test::with(job, {"--allow_mounted_write=1"}));
  CHECK_MESSAGE(allowed.exit_code == 0, allowed.err);
  const auto read = run_in(Tool::kPersona, dir.path(), {"--dry-run", "--name=m", "--rw=read", "--bs=4k",
                                                        "--size=4k", "--filename=" + device});
  CHECK_MESSAGE(read.exit_code == 0, read.err);  // reads are never refused
}

}  // namespace
}  // namespace bench
