#include "phases/bonnie/file_phases.h"

#include <sys/stat.h>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "phases/bonnie/file_names.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// One worker's context over a fresh, empty files directory, as the runner builds it.
struct FileBench {
  explicit FileBench(const FileSpec& spec, std::uint64_t seed = 1) : rng(seed), files_dir(temp.path() / "files") {
    setup.files = spec;
    fs::create_directory(files_dir);
  }

  PhaseContext context() {
    return PhaseContext{.setup = setup, .data_file = {}, .files_dir = files_dir, .latency = latency,
                        .rng = rng, .state = state, .interrupt_signal = interrupt, .worker_index = 0, .sync_file = {}};
  }

  // prepare() then run(), with a cleared histogram, as the runner does.
  WorkDone run(const BonnieTest& phase) {
    latency.clear();
    PhaseContext phase_context = context();
    phase.prepare(phase_context);
    return phase.measure(phase_context);
  }

  test::TempDir temp;
  RunSetup setup;
  LatencyHistogram latency;
  Rng rng;
  WorkerState state;
  std::atomic<int> interrupt{0};
  fs::path files_dir;
};

FileSpec small_spec(FileContent content = FileContent::kData, std::uint64_t min = 0, std::uint64_t max = 0,
                    std::uint32_t dirs = 1) {
  FileSpec spec;
  spec.count_k = 1;
  spec.content = content;
  spec.min_size_bytes = min;
  spec.max_size_bytes = max;
  spec.dirs = dirs;
  spec.chunk_bytes = 256;
  return spec;
}

// Every non-directory below `dir` (relative path -> size), without following links.
std::map<std::string, std::uint64_t> files_below(const fs::path& dir) {
  std::map<std::string, std::uint64_t> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_directory(/*follows links*/) && !entry.is_symlink()) continue;
    struct stat status {};
    REQUIRE(::lstat(entry.path().c_str(), &status) == 0);
    files[fs::relative(entry.path(), dir).string()] = static_cast<std::uint64_t>(status.st_size);
  }
  return files;
}

std::set<std::string> as_set(const std::vector<std::string>& names) { return {names.begin(), names.end()}; }

std::string hex_suffixes(const std::vector<std::string>& names) {
  std::string suffixes;
  for (const auto& name : names) suffixes += name.substr(name.size() - 10);
  return suffixes;
}

}  // namespace

TEST_CASE("file phases: sequential create, stat and delete of files with data") {
  FileBench bench(small_spec(FileContent::kData, 100, 3000));
  const WorkDone created = bench.run(*make_seq_create_phase());
  CHECK(created.operations == 1024);
  CHECK(bench.latency.count() == 1024);
  const auto files = files_below(bench.files_dir);
  REQUIRE(files.size() == 1024);
  std::uint64_t total = 0;
  std::set<std::uint64_t> sizes;
  for (const auto& [name, size] : files) {
    CHECK(size >= 100);
    CHECK(size <= 3000);
    total += size;
    sizes.insert(size);
  }
  CHECK(created.bytes == total);
  CHECK(sizes.size() > 100);  // drawn, not constant
  std::set<std::string> names;
  for (const auto& [name, size] : files) names.insert(name);
  CHECK(names == as_set(bench.state.file_names));
  const std::string content = test::read_file(bench.files_dir / bench.state.file_names[0]);
  CHECK(std::set<char>(content.begin(), content.end()).size() > 50);  // random bytes, not zeros

  const WorkDone statted = bench.run(*make_seq_stat_phase());
  CHECK(statted.operations == 1024);
  CHECK(statted.bytes == total);
  CHECK(bench.latency.count() == 1024);

  const WorkDone deleted = bench.run(*make_seq_delete_phase());
  CHECK(deleted.operations == 1024);
  CHECK(bench.latency.count() == 1024);
  CHECK(fs::is_directory(bench.files_dir));
  CHECK(test::list_tree(bench.files_dir).empty());
}

TEST_CASE("file phases: files spread over several directories") {
  FileBench bench(small_spec(FileContent::kData, 0, 0, 3));
  CHECK(bench.run(*make_seq_create_phase()).bytes == 0);
  const auto files = files_below(bench.files_dir);
  REQUIRE(files.size() == 1024);
  std::map<std::string, int> per_dir;
  for (const auto& [name, size] : files) {
    CHECK(size == 0);
    ++per_dir[name.substr(0, 5)];
  }
  CHECK(per_dir == std::map<std::string, int>{{"00000", 342}, {"00001", 341}, {"00002", 341}});
  for (std::size_t i = 0; i < 1024; ++i) {
    CHECK(bench.state.file_names[i].substr(0, 6) == directory_name(directory_of_file(i, 1024, 3)) + "/");
  }
  const WorkDone statted = bench.run(*make_seq_stat_phase());
  CHECK(statted.operations == 1024);
  CHECK(statted.bytes == 0);
  CHECK(bench.run(*make_seq_delete_phase()).operations == 1024);
  CHECK(test::list_tree(bench.files_dir).empty());
}

TEST_CASE("file phases: hard links all name one inode") {
  FileBench bench(small_spec(FileContent::kHardLink, 0, 0, 2));
  bench.run(*make_seq_create_phase());
  CHECK(bench.latency.count() == 1024);
  struct stat first {};
  REQUIRE(::lstat((bench.files_dir / bench.state.file_names[0]).c_str(), &first) == 0);
  CHECK(first.st_nlink == 1024);
  CHECK(first.st_size == 0);
  for (const auto& name : bench.state.file_names) {
    struct stat status {};
    REQUIRE(::lstat((bench.files_dir / name).c_str(), &status) == 0);
    CHECK(status.st_ino == first.st_ino);
  }
  const WorkDone statted = bench.run(*make_seq_stat_phase());
  CHECK(statted.operations == 1024);
  CHECK(statted.bytes == 0);
  bench.run(*make_seq_delete_phase());
  CHECK(test::list_tree(bench.files_dir).empty());
}

TEST_CASE("file phases: symbolic links resolve to the one file from every directory") {
  for (const NameScheme scheme : {NameScheme::kSequential, NameScheme::kRandom}) {
    FileBench bench(small_spec(FileContent::kSymLink, 0, 0, 3));
    const bool sequential = scheme == NameScheme::kSequential;
    bench.run(*(sequential ? make_seq_create_phase() : make_random_create_phase()));
    const auto& names = bench.state.file_names;
    const fs::path target = bench.files_dir / names[0];
    CHECK(fs::is_regular_file(fs::symlink_status(target)));
    for (std::size_t i = 1; i < names.size(); ++i) {
      REQUIRE(fs::is_symlink(fs::symlink_status(bench.files_dir / names[i])));
      REQUIRE(fs::equivalent(bench.files_dir / names[i], target));
    }
    const WorkDone statted = bench.run(*(sequential ? make_seq_stat_phase() : make_random_stat_phase()));
    CHECK(statted.operations == 1024);
    bench.run(*(sequential ? make_seq_delete_phase() : make_random_delete_phase()));
    CHECK(test::list_tree(bench.files_dir).empty());
  }
}

TEST_CASE("file phases: the six phases in order, random ones visiting each file once") {
  FileBench bench(small_spec(FileContent::kData, 0, 2000, 2));
  bench.run(*make_seq_create_phase());
  bench.run(*make_seq_stat_phase());
  bench.run(*make_seq_delete_phase());
  CHECK(test::list_tree(bench.files_dir).empty());

  const WorkDone created = bench.run(*make_random_create_phase());
  const std::vector<std::string> creation_order = bench.state.file_names;
  for (std::size_t i = 0; i < creation_order.size(); ++i) {
    CHECK(creation_order[i].substr(creation_order[i].size() - 10) == fmt::format("{:010x}", i));
  }
  CHECK(files_below(bench.files_dir).size() == 1024);

  const WorkDone statted = bench.run(*make_random_stat_phase());
  CHECK(bench.state.file_names != creation_order);
  CHECK(as_set(bench.state.file_names) == as_set(creation_order));
  CHECK(bench.state.file_names.size() == creation_order.size());
  CHECK(statted.operations == 1024);
  CHECK(statted.bytes == created.bytes);
  CHECK(bench.latency.count() == 1024);

  const WorkDone deleted = bench.run(*make_random_delete_phase());
  CHECK(deleted.operations == 1024);
  CHECK(bench.latency.count() == 1024);
  CHECK(test::list_tree(bench.files_dir).empty());
}

TEST_CASE("file phases: the random order is reproducible from the seed") {
  auto stat_order = [](std::uint64_t seed) {
    FileBench bench(small_spec(), seed);
    bench.run(*make_random_create_phase());
    PhaseContext context = bench.context();
    make_random_stat_phase()->prepare(context);
    return std::pair(bench.state.file_names, hex_suffixes(bench.state.file_names));
  };
  const auto first = stat_order(7);
  CHECK(first == stat_order(7));
  CHECK(first.second != stat_order(8).second);  // another order, not only other names
}

TEST_CASE("file phases: -b fsyncs files and directories and still creates and deletes everything") {
  FileBench bench(small_spec(FileContent::kData, 1, 300, 2));
  bench.setup.fsync_each = true;
  bench.run(*make_seq_create_phase());
  CHECK(files_below(bench.files_dir).size() == 1024);
  bench.run(*make_random_delete_phase());  // shuffles the sequential names: any order works
  CHECK(test::list_tree(bench.files_dir).empty());
}

TEST_CASE("file phases: a stop request interrupts create mid-way, and stat and delete at once") {
  FileBench bench(small_spec(FileContent::kData, 16384, 16384));
  const auto phase = make_seq_create_phase();
  PhaseContext context = bench.context();
  phase->prepare(context);
  const fs::path tenth = bench.files_dir / bench.state.file_names[10];
  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    std::error_code ignored;
    while (!finished.load() && !fs::exists(tenth, ignored)) std::this_thread::yield();
    bench.interrupt.store(2);
  });
  CHECK_THROWS_AS(phase->run(context), InterruptedError);
  finished.store(true);
  stopper.join();
  const auto created = files_below(bench.files_dir).size();
  CHECK(created > 10);
  CHECK(created < 1024);

  CHECK_THROWS_AS(bench.run(*make_seq_stat_phase()), InterruptedError);
  CHECK_THROWS_AS(bench.run(*make_random_delete_phase()), InterruptedError);
}

TEST_CASE("file phases: failures name the path") {
  FileBench bench(small_spec());
  const auto create = make_seq_create_phase();
  PhaseContext context = bench.context();
  create->prepare(context);
  const std::string taken = bench.state.file_names[5];
  std::ofstream(bench.files_dir / taken).put('x');
  try {
    create->run(context);
    FAIL("create over an existing file must throw");
  } catch (const std::system_error& error) {
    CHECK(std::string(error.what()).find("cannot create " + (bench.files_dir / taken).string()) == 0);
    CHECK(error.code() == std::errc::file_exists);
  }

  FileBench other(small_spec());
  other.run(*make_seq_create_phase());
  fs::remove(other.files_dir / other.state.file_names[3]);
  try {
    other.run(*make_seq_stat_phase());
    FAIL("stat of a set with a missing file must throw");
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()) == "expected 1024 files but found 1023 in " + other.files_dir.string());
  }
  CHECK_THROWS_AS(other.run(*make_random_stat_phase()), std::system_error);  // the missing name
}

}  // namespace bench
