#include "platform/directory_check.h"

#include <doctest/doctest.h>
#include <grp.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr uid_t kNobody = 65534;

std::string error_of(const std::filesystem::path& dir) {
  return test::error_of<UsageError>([&] { check_directory_usable(dir); });
}

}  // namespace

TEST_CASE("cli: check_directory_usable accepts a writable directory") {
  const test::TempDir tmp;
  CHECK_NOTHROW(check_directory_usable(tmp.path()));
}

TEST_CASE("cli: check_directory_usable refuses a missing path and a regular file") {
  const test::TempDir tmp;
  const auto missing = tmp.path() / "missing";
  CHECK(error_of(missing) == "directory '" + missing.string() + "' does not exist");
  const auto file = tmp.path() / "file";
  std::ofstream(file) << "x";
  CHECK(error_of(file) == "'" + file.string() + "' is not a directory");
}

TEST_CASE("cli: check_directory_usable refuses a read-only directory") {
  const test::TempDir tmp;
  const auto dir = tmp.path() / "ro";
  std::filesystem::create_directory(dir);
  std::filesystem::permissions(dir, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  const std::string expected = "directory '" + dir.string() + "' is not writable";
  if (::geteuid() != 0) {
    CHECK(error_of(dir) == expected);
  } else {
    // Root passes every permission check: the check runs in a child that has become nobody (uid and gid 65534),
    // the owner of the directory, which it may search but not write.
    std::filesystem::permissions(tmp.path(), std::filesystem::perms(0755));
    REQUIRE(::chown(dir.c_str(), kNobody, kNobody) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      const bool dropped = ::setgroups(0, nullptr) == 0 && ::setgid(kNobody) == 0 && ::setuid(kNobody) == 0;
      ::_exit(!dropped ? 2 : error_of(dir) == expected ? 0 : 1);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);  // 1: another error or none, 2: the child could not become nobody
  }
  std::filesystem::permissions(dir, std::filesystem::perms::owner_all);
}

}  // namespace bench
