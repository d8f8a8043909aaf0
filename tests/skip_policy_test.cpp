// The skip policy (test_support.h, docs/design.md "Tests"): a test that cannot run says so and is logged for
// scripts/test.sh's summary; with BENCH_REQUIRE_ALL_TESTS=1 a missing tool or privilege fails the test, and a
// capability of the machine stays a skip. And no test skips in its own way any more.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

constexpr const char* kProbe = "skip policy: the probe that the test below runs in a child";

// The probe: one skip of the kind BENCH_SKIP_PROBE_NEED names. Left out of ordinary runs (doctest::skip); the
// test below runs this binary again with --no-skip for it alone.
TEST_CASE("skip policy: the probe that the test below runs in a child" * doctest::skip()) {
  const char* kind = std::getenv("BENCH_SKIP_PROBE_NEED");
  if (kind == nullptr) return;
  const std::string need(kind);
  const test::Need what = need == "tool" ? test::Need::kTool : need == "root" ? test::Need::kRoot : test::Need::kMachine;
  if (test::skip_unless(false, what, "the probe's missing " + need)) return;
  FAIL("skip_unless(false, ...) did not skip");
}

struct ProbeRun {
  int exit_code = -1;
  std::string output;
  std::string log;  // the skip log after the run
};

ProbeRun run_probe(const fs::path& log, const std::string& need, const std::string& require_all) {
  const fs::path self = fs::read_symlink("/proc/self/exe");
  const test::CommandOutput run = test::run_program(
      {"env", "BENCH_SKIP_LOG=" + log.string(), "BENCH_REQUIRE_ALL_TESTS=" + require_all,
       "BENCH_SKIP_PROBE_NEED=" + need, self.string(), "--no-skip=true", "--no-intro=true",
       std::string("--test-case=") + kProbe});
  return {run.exit_code, run.out + run.err, fs::exists(log) ? test::read_file(log) : ""};
}

}  // namespace

TEST_CASE("skip policy: a skip is said and logged, a missing tool or root fails with BENCH_REQUIRE_ALL_TESTS=1") {
  const test::TempDir dir;
  const fs::path log = dir.path() / "skips.log";
  const std::string probe(kProbe);
  SUBCASE("without the variable every kind is a skip, logged with its kind and test case") {
    for (const std::string need : {"tool", "root", "machine"}) {
      CAPTURE(need);
      fs::remove(log);
      const ProbeRun run = run_probe(log, need, "0");
      CHECK(run.exit_code == 0);
      CHECK(test::contains(run.output, "skipped: the probe's missing " + need));
      CHECK(run.log == need + "\t" + probe + "\tthe probe's missing " + need + "\n");
    }
  }
  SUBCASE("with it a missing tool or root is a failure, not logged as a skip") {
    for (const std::string need : {"tool", "root"}) {
      CAPTURE(need);
      const ProbeRun run = run_probe(log, need, "1");
      CHECK(run.exit_code != 0);
      CHECK(test::contains(run.output, "cannot run: the probe's missing " + need));
      CHECK(run.log.empty());
    }
  }
  SUBCASE("with it a capability of the machine stays a skip, and lines are appended") {
    CHECK(run_probe(log, "machine", "1").exit_code == 0);
    const ProbeRun second = run_probe(log, "machine", "1");
    CHECK(second.exit_code == 0);
    const std::string line = "machine\t" + probe + "\tthe probe's missing machine\n";
    CHECK(second.log == line + line);
  }
}

TEST_CASE("skip policy: no test skips by a MESSAGE of its own (each goes through test::skip_unless)") {
  // A skip made by hand (MESSAGE("skipped...") and return) is neither counted nor failed under
  // BENCH_REQUIRE_ALL_TESTS=1: a CI without the tool would go green while testing less.
  static const std::regex kOwnSkip(R"(MESSAGE\("(skipped|not checked)|MESSAGE\([^;]*not installed)");
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(BENCH_SOURCE_DIR) / "tests")) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".h") continue;
    if (entry.path().filename() == "skip_policy.cpp" || entry.path().filename() == "skip_policy_test.cpp") continue;
    ++files;
    const std::string text = test::read_file(entry.path());
    CHECK_MESSAGE(!std::regex_search(text, kOwnSkip), entry.path().string());
  }
  CHECK(files > 50);
}

}  // namespace bench
