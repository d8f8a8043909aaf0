// A workload job that fails (here a verify mismatch: a file of zeros read with verify=crc32c) beside a time-based
// one and before a later stonewall group, end to end: as fio 3.33, the failed job ends alone, the other runs its
// full time, the later group runs, every job is reported (the failed one with its error), the failure is named on
// stderr in one line, the exit status is 1, and nothing bench++ made is left behind.
#include <doctest/doctest.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "report/json/json_report.h"
#include "result/test_id.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using test::contains;

std::vector<std::string> lines_starting(const std::string& text, const std::string& start) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (text.compare(at, start.size(), start) == 0) lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

const PhaseResult* find_part(const RunResult& run, const std::string& workload, IoDirection direction) {
  return find_test(run, TestId{PhaseId::kWorkload, workload, direction, std::nullopt});
}

}  // namespace

TEST_CASE("job: a failing job ends alone: the others and the later group run, all are reported, exit 1") {
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(256 << 10, '\0');
  const fs::path job = dir.path() / "failing.fio";
  std::ofstream(job) << fmt::format(
      "[bad]\nrw=read\nfilename={}\nsize=64k\nverify=crc32c\n"
      "[long]\nrw=write\nsize=1m\ntime_based\nruntime=2\n"
      "[later]\nstonewall\nrw=write\nsize=64k\n",
      zeros.string());
  const fs::path json = dir.path() / "out.json";
  const fs::path csv = dir.path() / "out.csv";
  const auto started = std::chrono::steady_clock::now();
  const test::CommandOutput result = test::run_bench(
      {"job", "-d", dir.path().string(), "--json", json.string(), "--csv", csv.string(), job.string()});
  const auto elapsed = std::chrono::steady_clock::now() - started;
  INFO("stdout:\n" << result.out << "\nstderr:\n" << result.err);
  CHECK(result.exit_code == 1);
  CHECK(elapsed >= std::chrono::seconds(2));  // long ran its time
  // One line names the failed job, and only it.
  const std::vector<std::string> failures = lines_starting(result.err, "bench++: ");
  REQUIRE(failures.size() == 1);
  CHECK(contains(failures.front(), "bench++: workload 'bad': "));
  CHECK(contains(failures.front(), zeros.string()));
  // The table shows every job, the failed one marked, and a note with its error.
  CHECK(contains(result.out, "FAILED"));
  CHECK(contains(result.out, fmt::format("Note: workload 'bad': FAILED (error {})", EILSEQ)));
  CHECK(contains(result.out, "long "));
  CHECK(contains(result.out, "later "));
  // Nothing bench++ made is left: the user's file, the job file and the result files alone.
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"failing.fio", "out.csv", "out.json", "zeros"});

  // Named variables, not a structured binding: clang 14 cannot capture one in CAPTURE's lambda.
  for (const auto& report :
       {std::pair{"json", read_json_report(test::read_file(json), json.string())},
        std::pair{"csv", parse_result_text(test::read_file(csv), csv.string()).runs}}) {
    const char* const name = report.first;
    const auto& runs = report.second;
    CAPTURE(name);
    REQUIRE(runs.size() == 1);
    const RunResult& run = runs.front();
    const PhaseResult* bad = find_part(run, "bad", IoDirection::kRead);
    REQUIRE(bad != nullptr);  // reported though it failed
    REQUIRE(bad->workload->failure.has_value());
    CHECK(bad->workload->failure->error == EILSEQ);
    CHECK(contains(bad->workload->failure->message, zeros.string()));
    const PhaseResult* writes = find_part(run, "long", IoDirection::kWrite);
    REQUIRE(writes != nullptr);
    CHECK_FALSE(writes->workload->failure.has_value());
    CHECK(writes->operations > 0);
    CHECK(writes->elapsed >= std::chrono::milliseconds(1990));  // its full runtime, not stopped by bad's failure
    const PhaseResult* later = find_part(run, "later", IoDirection::kWrite);
    REQUIRE(later != nullptr);  // the later stonewall group ran
    CHECK(later->operations == 16);
    CHECK_FALSE(later->workload->failure.has_value());
  }
}

TEST_CASE("job: exitall_on_error still stops the others at a failure, which is reported all the same") {
  const test::TempDir dir;
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(256 << 10, '\0');
  const fs::path job = dir.path() / "failing.fio";
  std::ofstream(job) << fmt::format(
      "[global]\nexitall_on_error\n[bad]\nrw=read\nfilename={}\nsize=64k\nverify=crc32c\n"
      "[long]\nrw=write\nsize=1m\ntime_based\nruntime=20\n",
      zeros.string());
  const fs::path json = dir.path() / "out.json";
  const auto started = std::chrono::steady_clock::now();
  const test::CommandOutput result =
      test::run_bench({"job", "-q", "-d", dir.path().string(), "--json", json.string(), job.string()});
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 1);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(15));
  const std::vector<RunResult> runs = read_json_report(test::read_file(json), json.string());
  REQUIRE(runs.size() == 1);
  const PhaseResult* bad = find_part(runs.front(), "bad", IoDirection::kRead);
  REQUIRE(bad != nullptr);
  REQUIRE(bad->workload->failure.has_value());
  CHECK(bad->workload->failure->error == EILSEQ);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"failing.fio", "out.json", "zeros"});
}

}  // namespace bench
