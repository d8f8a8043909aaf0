// The user's result files: an existing --json or --csv file survives a run that is refused or fails before it
// has results, byte for byte; a run killed at any moment leaves either the previous file or a complete,
// parseable one with the tests finished so far; and no temporary is left beside them by a run that ends.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "reliability/background_process.h"
#include "report/json/json_report.h"
#include "report/csv/spreadsheet_csv.h"
#include "report/result_file.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr const char* kPreviousJson = "{\"previous\": \"results of an earlier run\"}\n";
constexpr const char* kPreviousCsv = "previous,results\n1,2\n";
constexpr const char* kPreviousHtml = "<p>an earlier report</p>\n";

// An output directory holding earlier results, and a directory to run in.
struct EarlierResults {
  test::TempDir out;
  test::TempDir run;
  fs::path json = out.path() / "out.json";
  fs::path csv = out.path() / "out.csv";
  fs::path html = out.path() / "out.html";

  EarlierResults() {
    std::ofstream(json) << kPreviousJson;
    std::ofstream(csv) << kPreviousCsv;
    std::ofstream(html) << kPreviousHtml;
  }
  std::vector<std::string> outputs() const {
    return {"--json", json.string(), "--csv", csv.string(), "--html", html.string()};
  }
  void check_untouched() const {
    CHECK(test::read_file(json) == kPreviousJson);
    CHECK(test::read_file(csv) == kPreviousCsv);
    CHECK(test::read_file(html) == kPreviousHtml);
    CHECK(test::list_tree(out.path()) == std::vector<std::string>{"out.csv", "out.html", "out.json"});  // no temporary
  }
};

TEST_CASE("output files: a refused run leaves the earlier --json and --csv files byte for byte") {
  EarlierResults earlier;
  const std::string dir = earlier.run.path().string();
  struct Case {
    std::vector<std::string> args;
    int exit_code;
  };
  const std::vector<Case> cases = {
      {{"-d", dir, "-s", "16000000t", "-n", "0", "-r", "0"}, 1},  // not enough free space, anywhere
      {{"-d", dir, "-s", "0", "-n", "0"}, 2},                     // nothing to do
      {{"-d", (earlier.run.path() / "missing").string(), "-s", "1m:4k", "-n", "0"}, 2},
      {{"job", "-d", dir, "--name=x", "--size=16000000t"}, 1},    // not enough free space
      {{"suite", "atto", "-d", dir}, 2},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args);
    const test::CommandOutput result = test::run_bench(test::with(c.args, earlier.outputs()));
    CHECK(result.exit_code == c.exit_code);
    earlier.check_untouched();
  }
  CHECK(test::list_tree(earlier.run.path()).empty());
}

// Whether `path` holds `previous`, or a complete document of at least one finished test (`read` parses it).
template <typename Read>
void check_previous_or_complete(const fs::path& path, const std::string& previous, Read&& read) {
  const std::string text = test::read_file(path);
  if (text == previous) return;
  CAPTURE(text);
  std::vector<RunResult> runs;
  CHECK_NOTHROW(runs = read(text, path.string()));
  REQUIRE(runs.size() == 1);
  CHECK_FALSE(runs.front().phases.empty());
}

void check_after_kill(const EarlierResults& earlier) {
  check_previous_or_complete(earlier.json, kPreviousJson, [](std::string_view text, const std::string& name) { return read_json_report(text, name); });
  check_previous_or_complete(earlier.csv, kPreviousCsv, [](std::string_view text, const std::string& name) {
    return parse_result_text(text, name).runs;
  });
  const std::string html = test::read_file(earlier.html);
  if (html != kPreviousHtml) {
    CHECK(html.starts_with("<!DOCTYPE html>"));
    CHECK(html.ends_with("</html>\n"));
  }
}

std::vector<std::string> killed_run(const EarlierResults& earlier) {
  return test::with({"-d", earlier.run.path().string(), "-s", "16m:4k", "-f256k", "-n", "1:4k:1k", "--sync-size",
                     "230k", "-r", "0", "-q"},
                    earlier.outputs());
}

TEST_CASE("output files: a run killed once it has results leaves complete, parseable files of what finished") {
  EarlierResults earlier;
  test::BackgroundProcess bench(test::bench_command(killed_run(earlier)));
  // Killed as soon as both files have been replaced: mid-run, perhaps while the next document is written.
  const bool replaced = bench.wait_until(
      [&] { return test::read_file(earlier.json) != kPreviousJson && test::read_file(earlier.csv) != kPreviousCsv; },
      60s);
  bench.send_signal(SIGKILL);
  bench.finish();
  REQUIRE(replaced);
  check_after_kill(earlier);
  CHECK(test::read_file(earlier.json) != kPreviousJson);
}

TEST_CASE("output files: a run killed at any moment leaves either the earlier file or a complete one") {
  for (const auto delay : {0ms, 5ms, 20ms, 60ms, 150ms, 400ms}) {
    CAPTURE(delay.count());
    EarlierResults earlier;
    test::BackgroundProcess bench(test::bench_command(killed_run(earlier)));
    std::this_thread::sleep_for(delay);
    bench.send_signal(SIGKILL);
    bench.finish();
    check_after_kill(earlier);
  }
}

TEST_CASE("output files: a run that ends leaves its files and no temporary, with the mode of the file it replaced") {
  EarlierResults earlier;
  fs::permissions(earlier.json, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const test::CommandOutput result = test::run_bench(test::with(
      {"-d", earlier.run.path().string(), "-s", "1m:4k", "-f", "-n", "0", "--no-sync-test", "-r", "0", "-q"},
      earlier.outputs()));
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(earlier.out.path()) == std::vector<std::string>{"out.csv", "out.html", "out.json"});
  CHECK(read_json_report(test::read_file(earlier.json), "out.json").front().phases.size() == 4);
  CHECK(parse_result_text(test::read_file(earlier.csv), "out.csv").runs.front().phases.size() == 4);
  CHECK(fs::status(earlier.json).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
}

TEST_CASE("output files: a --json path that is a symbolic link keeps the link and replaces the file it names") {
  EarlierResults earlier;
  const fs::path link = earlier.out.path() / "latest.json";
  fs::create_symlink("out.json", link);
  const test::CommandOutput result = test::run_bench({"-d", earlier.run.path().string(), "-s", "1m:4k", "-f", "-n",
                                                      "0", "--no-sync-test", "-r", "0", "-q", "--json", link.string()});
  REQUIRE(result.exit_code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(read_json_report(test::read_file(earlier.json), "out.json").size() == 1);
  std::vector<std::string> names;  // (list_tree would name the link by its target)
  for (const auto& entry : fs::directory_iterator(earlier.out.path())) names.push_back(entry.path().filename());
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"latest.json", "out.csv", "out.html", "out.json"});
}

}  // namespace
}  // namespace bench
