// The progress line before a long clean-up (report/text/cleanup_line.h): a run whose files hold 64 MiB or more
// together says so on stderr before it removes them, where bench++ says progress (not -q, not fio's persona).
#include <doctest/doctest.h>

#include <filesystem>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// A job that lays out a file of `size` and reads 64 KiB of it: the layout is what the clean-up removes.
test::CommandOutput read_job(const fs::path& dir, const std::string& size, std::vector<std::string> more = {}) {
  std::vector<std::string> args = {"job", "-d", dir.string(), "--name=w", "--rw=read", "--bs=64k", "--size=" + size,
                                   "--io_size=64k"};
  args.insert(args.end(), more.begin(), more.end());
  return test::run_bench(args);
}

TEST_CASE("cleanup progress: a 64 MiB file is announced before its removal, not with -q, not under 64 MiB") {
  test::TempDir dir;
  const test::CommandOutput announced = read_job(dir.path(), "64m");
  INFO("stderr:\n" << announced.err);
  REQUIRE(announced.exit_code == 0);
  const std::size_t done = announced.err.find("Running w...done\n");
  const std::size_t removing = announced.err.find("\nRemoving 1 file, 64.0 MiB\n");
  REQUIRE(done != std::string::npos);
  REQUIRE(removing != std::string::npos);
  CHECK(done < removing);  // after the last test, before the removal
  CHECK(test::count_of(announced.err, "Removing") == 1);
  CHECK(test::list_tree(dir.path()).empty());  // and removed

  const test::CommandOutput quiet = read_job(dir.path(), "64m", {"-q"});
  INFO("stderr with -q:\n" << quiet.err);
  REQUIRE(quiet.exit_code == 0);
  CHECK_FALSE(test::contains(quiet.err, "Removing"));
  CHECK(test::list_tree(dir.path()).empty());

  const test::CommandOutput small = read_job(dir.path(), "4m");
  REQUIRE(small.exit_code == 0);
  CHECK(test::contains(small.err, "Running w...done"));
  CHECK_FALSE(test::contains(small.err, "Removing"));
}

TEST_CASE("cleanup progress: fio's persona says nothing of it, as fio") {
  test::TempDir dir;
  const test::CommandOutput fio = test::run_bench({"fio", "--directory=" + dir.path().string(), "--name=w",
                                                   "--rw=read", "--bs=64k", "--size=64m", "--io_size=64k",
                                                   "--unlink=1"});
  INFO("stderr:\n" << fio.err);
  REQUIRE(fio.exit_code == 0);
  CHECK_FALSE(test::contains(fio.err, "Removing"));
  CHECK_FALSE(test::contains(fio.out, "Removing"));
  CHECK(test::list_tree(dir.path()).empty());  // unlink=1 removed it all the same
}

}  // namespace
}  // namespace bench
