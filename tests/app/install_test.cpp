// Installing: cmake --install into a staging directory (DESTDIR) puts every file where it belongs, and
// the bash completion completes options and their values.
#include <doctest/doctest.h>

#include "test_support.h"

namespace bench {
namespace {

TEST_CASE("install: cmake --install with DESTDIR lands the binary, man page, completion and docs") {
  test::TempDir stage;
  const auto r = test::run_program({"env", "DESTDIR=" + stage.path().string(), "cmake", "--install", BENCH_BUILD_DIR,
                                    "--prefix", "/usr"});
  REQUIRE(r.exit_code == 0);
  const auto root = stage.path() / "usr";
  for (const char* file : {"bin/bench++", "share/man/man1/bench++.1", "share/bash-completion/completions/bench++",
                           "share/doc/bench++/README.md", "share/doc/bench++/COPYING"}) {
    CAPTURE(file);
    CHECK(std::filesystem::is_regular_file(root / file));
  }
  const auto version = test::run_program({(root / "bin/bench++").string(), "--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("bench++ ", 0) == 0);
}

std::string complete(const std::string& words) {
  const std::string script = std::string("PATH=") + std::filesystem::path(BENCH_BINARY).parent_path().string() +
                             ":$PATH; source " + BENCH_SOURCE_DIR + "/completions/bench++.bash; COMP_WORDS=(" + words +
                             "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _bench_pp; echo \"${COMPREPLY[*]}\"";
  return test::run_program({"bash", "-c", script}).out;
}

TEST_CASE("install: bash completion of options and values") {
  CHECK(complete("bench++ --ca") == "--cache\n");
  CHECK(complete("bench++ --cache ''") == "drop keep\n");
  CHECK(complete("bench++ --data z") == "zero\n");
  CHECK(complete("bench++ --no-s") == "--no-sync-test\n");
  CHECK(complete("bench++ comp") == "compare\n");
}

}  // namespace
}  // namespace bench
