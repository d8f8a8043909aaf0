// platform/file_identity.h: two spellings of one file are one file; what kind of file an output would meet.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "platform/file_identity.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

TEST_CASE("file identity: ./a, a, d/../a, a link and a hard link are one file, a and b are two") {
  const test::TempDir dir;
  const fs::path a = dir.path() / "a";
  std::ofstream(a) << "x";
  fs::create_directory(dir.path() / "d");
  fs::create_symlink(a, dir.path() / "link");
  fs::create_hard_link(a, dir.path() / "hard");
  std::ofstream(dir.path() / "b") << "x";
  const FileIdentity identity = identify_file(a);
  CHECK(identity.kind == FileKind::kRegular);
  for (const fs::path& other : {dir.path() / "." / "a", dir.path() / "d" / ".." / "a", dir.path() / "link",
                                dir.path() / "hard"}) {
    CAPTURE(other);
    CHECK(same_file(identify_file(other), identity));
  }
  CHECK_FALSE(same_file(identify_file(dir.path() / "b"), identity));
}

TEST_CASE("file identity: a file not there yet is one with its other spellings, through a linked directory too") {
  const test::TempDir dir;
  fs::create_directory(dir.path() / "real");
  fs::create_directory_symlink(dir.path() / "real", dir.path() / "alias");
  const FileIdentity identity = identify_file(dir.path() / "real" / "new");
  CHECK(identity.kind == FileKind::kNothing);
  CHECK_FALSE(identity.inode.has_value());
  CHECK(same_file(identify_file(dir.path() / "alias" / "." / "new"), identity));
  CHECK_FALSE(same_file(identify_file(dir.path() / "real" / "new2"), identity));
  // A relative spelling is relative to the current directory.
  const fs::path here = fs::current_path();
  fs::current_path(dir.path());
  CHECK(same_file(identify_file("real/new"), identity));
  fs::current_path(here);
}

TEST_CASE("file identity: /dev/null keeps nothing, a directory is a directory, a link's target") {
  CHECK(identify_file("/dev/null").kind == FileKind::kDiscard);
  CHECK_FALSE(same_file(identify_file("/dev/null"), identify_file("/dev/null")));  // any number of outputs go there
  CHECK(identify_file("/").kind == FileKind::kDirectory);
  const test::TempDir dir;
  CHECK_FALSE(symbolic_link_target(dir.path()).has_value());
  fs::create_symlink(dir.path() / "nowhere", dir.path() / "dangling");
  CHECK(symbolic_link_target(dir.path() / "dangling") == dir.path() / "nowhere");
}

}  // namespace
}  // namespace bench
