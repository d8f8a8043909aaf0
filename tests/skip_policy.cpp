// The skip policy of test_support.h: a test that cannot run here says so, is logged for scripts/test.sh's
// summary, and fails instead when BENCH_REQUIRE_ALL_TESTS=1 and what it lacks could have been installed.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "test_support.h"

namespace bench::test {
namespace {

// The name of the test case running now (doctest tells its listeners; the skip log names the test).
std::string& current_test_case() {
  static std::string name;
  return name;
}

struct TestCaseNameListener final : doctest::IReporter {
  explicit TestCaseNameListener(const doctest::ContextOptions&) {}
  void test_case_start(const doctest::TestCaseData& test) override { current_test_case() = test.m_name; }
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("bench-test-case-name", 1, TestCaseNameListener);

const char* kind_of(Need need) {
  switch (need) {
    case Need::kTool: return "tool";
    case Need::kRoot: return "root";
    case Need::kMachine: return "machine";
  }
  return "machine";
}

bool all_tests_required() {
  const char* value = std::getenv("BENCH_REQUIRE_ALL_TESTS");
  return value != nullptr && std::string(value) == "1";
}

// One line, one write(2) in append mode: the test processes that ctest -j runs at once do not mix lines.
void log_skip(Need need, const std::string& what) {
  std::string line = std::string(kind_of(need)) + "\t" + current_test_case() + "\t" + what;
  for (char& c : line) {
    if (c == '\n') c = ' ';
  }
  line += '\n';
  const int fd = ::open(skip_log_path().c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    MESSAGE("cannot append to the skip log " << skip_log_path().string());
    return;
  }
  if (::write(fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) {
    MESSAGE("cannot append to the skip log " << skip_log_path().string());
  }
  ::close(fd);
}

}  // namespace

std::filesystem::path skip_log_path() {
  const char* path = std::getenv("BENCH_SKIP_LOG");
  if (path != nullptr && *path != '\0') return path;
  return std::filesystem::path(BENCH_BUILD_DIR) / "skipped-tests.log";
}

bool skip_unless(bool present, Need need, const std::string& what) {
  if (present) return false;
  if (need != Need::kMachine && all_tests_required()) {
    FAIL_CHECK("cannot run: " << what << " (BENCH_REQUIRE_ALL_TESTS=1 makes a missing tool or privilege a "
                                         "failure: scripts/install-deps.sh test and guest install the tools)");
    return true;
  }
  MESSAGE("skipped: " << what);
  log_skip(need, what);
  return true;
}

bool skip_if(const std::optional<Skip>& reason) {
  return reason.has_value() && skip_unless(false, reason->need, reason->what);
}

bool tool_installed(const std::string& program) {
  return run_program({"sh", "-c", "command -v \"$0\" >/dev/null", program}).exit_code == 0;
}

bool running_as_root() { return ::geteuid() == 0; }

}  // namespace bench::test
