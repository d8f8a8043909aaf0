#include "platform/directory_check.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "result/errors.h"
#include "test_support.h"

namespace bench {
namespace {

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
  if (::geteuid() == 0) {
    MESSAGE("skipped: root bypasses permission checks");
    return;
  }
  const test::TempDir tmp;
  const auto dir = tmp.path() / "ro";
  std::filesystem::create_directory(dir);
  std::filesystem::permissions(dir, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
  CHECK(error_of(dir) == "directory '" + dir.string() + "' is not writable");
  std::filesystem::permissions(dir, std::filesystem::perms::owner_all);
}

}  // namespace bench
