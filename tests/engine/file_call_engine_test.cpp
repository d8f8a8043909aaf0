// filecreate, filestat and filedelete (engine/file_call_engine.h), as fio 3.33's: the engine's call on a file by its
// path at the file's first request (once), every request completing at once with its bytes, a failed call the
// request's -errno; and the calls themselves (platform/file_calls.h), which bonnie++'s file tests share.
#include "engine/file_call_engine.h"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/make_io_engine.h"
#include "platform/file_calls.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
constexpr std::uint32_t kSlot = 4096;

struct NamedFiles {
  test::TempDir dir;
  std::vector<int> fds;  // -1: the workload opens none for these engines
  std::vector<std::string> paths;
  std::vector<std::byte> buffers = std::vector<std::byte>(kSlot);
  EngineSetup setup;
  explicit NamedFiles(std::size_t files) : fds(files, -1) {
    for (std::size_t file = 0; file < files; ++file) {
      paths.push_back((dir.path() / ("f." + std::to_string(file))).string());
    }
    setup = EngineSetup{1, fds, buffers, kSlot};
    setup.paths = paths;
  }
  void make_all() const {
    for (const std::string& path : paths) std::ofstream(path) << "data";
  }
};

// One request to `file` of `length` bytes, submitted and reaped: its completion's result.
std::int64_t one_request(IoEngine& engine, std::uint32_t file, std::uint32_t length = kSlot, IoOp op = IoOp::kRead) {
  const IoRequest request{op, file, 0, length, 0, 7};
  engine.submit({&request, 1});
  CHECK(engine.in_flight() == 1);
  std::vector<IoCompletion> completions;
  CHECK(engine.reap(1, 1, completions) == 1);
  REQUIRE(completions.size() == 1);
  CHECK(completions.front().tag == 7);
  return completions.front().result;
}

TEST_CASE("filecreate engine: a file's first request creates it (0600), the later ones make no call") {
  NamedFiles named(2);
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFileCreate, named.setup);
  CHECK(engine->kind() == EngineKind::kFileCreate);
  CHECK(one_request(*engine, 1) == kSlot);
  CHECK(fs::exists(named.paths[1]));
  CHECK_FALSE(fs::exists(named.paths[0]));
  struct stat status {};
  REQUIRE(::stat(named.paths[1].c_str(), &status) == 0);
  CHECK((status.st_mode & 0777) == 0600);
  CHECK(status.st_size == 0);  // nothing written: the requests are no I/O
  fs::remove(named.paths[1]);
  CHECK(one_request(*engine, 1, 512) == 512);  // called once only: the removed file is not made again
  CHECK_FALSE(fs::exists(named.paths[1]));
  CHECK(one_request(*engine, 0) == kSlot);
  CHECK(fs::exists(named.paths[0]));
  CHECK(dynamic_cast<FileCallEngine&>(*engine).files_called() == 2);
}

TEST_CASE("filestat engine: stats each file once, and a missing file fails its request with -ENOENT") {
  NamedFiles named(2);
  std::ofstream(named.paths[0]) << "data";
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFileStat, named.setup);
  CHECK(one_request(*engine, 0) == kSlot);
  CHECK(one_request(*engine, 1) == -ENOENT);
  CHECK(one_request(*engine, 1) == kSlot);  // the call is made once per file, failed or not
  CHECK(fs::exists(named.paths[0]));
}

TEST_CASE("file-call engines: a sync completes with 0 and makes no call") {
  NamedFiles named(1);
  FileCallEngine engine(EngineKind::kFileCreate, named.setup);
  CHECK(one_request(engine, 0, 0, IoOp::kFsync) == 0);
  CHECK(one_request(engine, 0, 0, IoOp::kFdatasync) == 0);
  CHECK(engine.files_called() == 0);
  CHECK_FALSE(fs::exists(named.paths[0]));
  CHECK(one_request(engine, 0) == kSlot);
  CHECK(engine.files_called() == 1);
}

TEST_CASE("filestat engine: stat and statx follow a final link, lstat (fio's stat_type=lstat) does not") {
  NamedFiles named(1);
  REQUIRE(::symlink("missing", named.paths[0].c_str()) == 0);  // a dangling link
  FileCallEngine stat(EngineKind::kFileStat, named.setup);
  CHECK(one_request(stat, 0) == -ENOENT);
  named.setup.stat_call = StatCall::kLstat;
  FileCallEngine lstat(EngineKind::kFileStat, named.setup);
  CHECK(one_request(lstat, 0) == kSlot);
  named.setup.stat_call = StatCall::kStatx;  // realpath fails on the dangling link, as fio's
  const std::unique_ptr<IoEngine> statx = make_io_engine(EngineKind::kFileStat, named.setup);
  CHECK(one_request(*statx, 0) == -ENOENT);
  NamedFiles made(1);
  made.make_all();
  made.setup.stat_call = StatCall::kStatx;
  const std::unique_ptr<IoEngine> found = make_io_engine(EngineKind::kFileStat, made.setup);
  CHECK(one_request(*found, 0) == kSlot);
}

TEST_CASE("filedelete engine: unlinks each file once, by its path") {
  NamedFiles named(3);
  named.make_all();
  const std::unique_ptr<IoEngine> engine = make_io_engine(EngineKind::kFileDelete, named.setup);
  for (std::uint32_t file : {2u, 0u, 2u, 1u}) CHECK(one_request(*engine, file) == kSlot);
  CHECK(test::list_tree(named.dir.path()).empty());
  NamedFiles gone(1);
  const std::unique_ptr<IoEngine> fails = make_io_engine(EngineKind::kFileDelete, gone.setup);
  CHECK(one_request(*fails, 0) == -ENOENT);
}

TEST_CASE("file-call engines: one path per file, and only the three kinds") {
  NamedFiles named(2);
  named.setup.paths = std::span<const std::string>(named.paths).first(1);
  CHECK_THROWS_AS(FileCallEngine(EngineKind::kFileStat, named.setup), std::invalid_argument);
  named.setup.paths = named.paths;
  CHECK_THROWS_AS(FileCallEngine(EngineKind::kPsync, named.setup), std::invalid_argument);
  CHECK_NOTHROW(FileCallEngine(EngineKind::kFileDelete, named.setup));
}

TEST_CASE("engine rows: filecreate is diskless, filestat and filedelete lay files out, none opens them") {
  for (const EngineKind kind : {EngineKind::kFileCreate, EngineKind::kFileStat, EngineKind::kFileDelete}) {
    CHECK(calls_on_files(kind));
    CHECK_FALSE(opens_files(kind));
    CHECK(is_synchronous(kind));  // fio's FIO_SYNCIO
  }
  CHECK(engine_for_fio_name("filecreate") == EngineKind::kFileCreate);
  CHECK(engine_for_fio_name("filestat") == EngineKind::kFileStat);
  CHECK(engine_for_fio_name("filedelete") == EngineKind::kFileDelete);
  CHECK_FALSE(touches_files(EngineKind::kFileCreate));  // fio's FIO_DISKLESSIO: no layout, no disk_util
  CHECK(touches_files(EngineKind::kFileStat));
  CHECK(touches_files(EngineKind::kFileDelete));
  CHECK(opens_files(EngineKind::kPsync));
  CHECK_FALSE(calls_on_files(EngineKind::kPsync));
  CHECK_FALSE(calls_on_files(EngineKind::kNull));
}

TEST_CASE("file calls: create, stat, lstat, statx and remove one file relative to a directory, -errno on failure") {
  const test::TempDir dir;
  const int dir_fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  REQUIRE(dir_fd >= 0);
  CHECK(create_file_at(dir_fd, "a", O_WRONLY | O_EXCL) == 0);
  CHECK(create_file_at(dir_fd, "a", O_WRONLY | O_EXCL) == -EEXIST);
  int kept = -1;
  CHECK(create_file_at(dir_fd, "b", O_RDWR, &kept) == 0);
  CHECK(kept >= 0);
  CHECK(::write(kept, "xy", 2) == 2);
  CHECK(::close(kept) == 0);
  REQUIRE(::symlinkat("b", dir_fd, "link") == 0);
  struct stat status {};
  CHECK(stat_file_at(dir_fd, "link", StatCall::kStat, status) == 0);
  CHECK(S_ISREG(status.st_mode));
  CHECK(status.st_size == 2);
  CHECK(stat_file_at(dir_fd, "link", StatCall::kLstat, status) == 0);
  CHECK(S_ISLNK(status.st_mode));
  CHECK(stat_file_at(dir_fd, "none", StatCall::kStat, status) == -ENOENT);
  CHECK(stat_file_at(dir_fd, "link", StatCall::kStatx, status) == 0);  // statx(dir_fd, "link", ...)
  CHECK(stat_file_at(dir_fd, "none", StatCall::kStatx, status) == -ENOENT);
  CHECK(stat_file_at(AT_FDCWD, (dir.path() / "link").c_str(), StatCall::kStatx, status) == 0);  // by its real path
  CHECK(stat_file_at(AT_FDCWD, (dir.path() / "none").c_str(), StatCall::kStatx, status) == -ENOENT);
  CHECK(remove_file_at(dir_fd, "a") == 0);
  CHECK(remove_file_at(dir_fd, "a") == -ENOENT);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"b", "link"});
  ::close(dir_fd);
}

}  // namespace
}  // namespace bench
