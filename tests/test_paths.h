#pragma once
// Where the build put things, for the tests. The paths are compiled into one file (test_paths.cpp) only, so that
// a build of the same sources in another directory (a second checkout, a git worktree) compiles no other test
// file again: ccache hashes each file's compiler flags, and a path in a -D flag differs between checkouts.
// The macros keep the tests' spelling; each is a std::string.
#include <string>

namespace bench::test {
std::string bench_binary();     // the bench++ executable under test
std::string source_directory();  // the checkout's top directory
std::string build_directory();   // the CMake build directory
std::string fixture_directory();  // tests/fixtures
}  // namespace bench::test

#define BENCH_BINARY (::bench::test::bench_binary())
#define BENCH_SOURCE_DIR (::bench::test::source_directory())
#define BENCH_BUILD_DIR (::bench::test::build_directory())
#define BENCH_FIXTURE_DIR (::bench::test::fixture_directory())
