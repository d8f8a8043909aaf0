// `bench++ compare` end to end: the real binary on the fixture files of tests/fixtures/compare/, its outputs
// checked against the golden files in tests/fixtures/compare/golden/. After an intended change of the output,
// run the tests with BENCH_UPDATE_GOLDEN=1 to rewrite the golden files, and review the diff.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(BENCH_FIXTURE_DIR) / "compare";

// Runs in the fixture folder, so that the file names in the outputs are short and the same everywhere.
class InFixtureDir {
 public:
  InFixtureDir() : previous_(fs::current_path()) { fs::current_path(kFixtures); }
  ~InFixtureDir() { fs::current_path(previous_); }
  InFixtureDir(const InFixtureDir&) = delete;
  InFixtureDir& operator=(const InFixtureDir&) = delete;

 private:
  fs::path previous_;
};

test::CommandOutput compare(std::vector<std::string> args) {
  InFixtureDir here;
  args.insert(args.begin(), "compare");
  return test::run_bench(args);
}

void check_golden(const std::string& text, const std::string& golden_name) {
  const fs::path golden = kFixtures / "golden" / golden_name;
  if (std::getenv("BENCH_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(golden, std::ios::binary) << text;
    MESSAGE("rewrote " << golden.string());
    return;
  }
  REQUIRE_MESSAGE(fs::exists(golden), golden.string() << " is missing (BENCH_UPDATE_GOLDEN=1 writes it)");
  CHECK(text == test::read_file(golden));
}

void check_table(const std::vector<std::string>& args, const std::string& golden_name) {
  const auto result = compare(args);
  CHECK(result.exit_code == 0);
  CHECK(result.err == "");
  check_golden(result.out, golden_name);
}

TEST_CASE("compare golden: host against guest, spreadsheet CSV (one-sided tests, a short test)") {
  check_table({"host.csv", "guest.csv"}, "host_guest.txt");
}

TEST_CASE("compare golden: the same runs as JSON give the same table") {
  check_table({"host.json", "guest.json"}, "host_guest_json.txt");
  std::string from_json = compare({"host.json", "guest.json"}).out;
  for (std::size_t at; (at = from_json.find(".json")) != std::string::npos;) from_json.replace(at, 5, ".csv");
  CHECK(from_json == compare({"host.csv", "guest.csv"}).out);
}

TEST_CASE("compare golden: repeated runs, inside and outside the noise, as table, CSV, JSON and HTML") {
  check_table({"host_x3.csv", "guest_x3.csv"}, "repeated.txt");
  const auto csv = compare({"host_x3.csv", "guest_x3.csv", "--csv", "-"});
  CHECK(csv.exit_code == 0);
  check_golden(csv.out, "repeated.csv");
  check_golden(csv.err, "repeated.txt");  // the table moves to stderr when stdout is taken
  const auto json = compare({"host_x3.csv", "guest_x3.csv", "--json", "-"});
  CHECK(json.exit_code == 0);
  check_golden(json.out, "repeated.json");
  const auto html = compare({"host_x3.csv", "guest_x3.csv", "--html", "-"});
  CHECK(html.exit_code == 0);
  check_golden(html.out, "repeated.html");
}

TEST_CASE("compare golden: lines of the real bonnie++ 2.00a") {
  check_table({"bonnie_buffered.csv", "bonnie_syncing.csv"}, "bonnie.txt");
  // Both files name their runs "host": the groups take the file names. Three repeats against one run.
  check_table({"bonnie_x3_sync.csv", "bonnie_too_fast.csv"}, "bonnie_x3.txt");
}

TEST_CASE("compare golden: a bonnie++ line against a bench++ JSON report") {
  check_table({"bonnie_buffered.csv", "host.json"}, "bonnie_json.txt");
}

TEST_CASE("compare: '-' reads standard input, and bonnie++ 1.97 lines compare like their 1.98 twins") {
  InFixtureDir here;
  const auto from_files = test::run_bench({"compare", "host.csv", "guest.csv"});
  const auto from_stdin =
      test::run_program({BENCH_BINARY, "compare", "-", "guest.csv"}, test::read_file(kFixtures / "host.csv"));
  CHECK(from_stdin.exit_code == 0);
  CHECK(from_stdin.err == "");
  std::string expected = from_files.out;
  expected.replace(expected.find("(host.csv, "), 11, "(stdin, ");
  CHECK(from_stdin.out == expected);
  // The real 2.00a line of bonnie_buffered.csv as 1.97 wrote it (no seeks/seekers fields) against itself.
  test::TempDir dir;
  const std::string old_line =
      "1.97,1.97,buffered,1,1796029456,256M,,298,58,+++++,+++,491135,52,407,70,+++++,+++,+++++,+++,4,,,,,2605,63,"
      "+++++,+++,+++++,+++,2022,61,+++++,+++,+++++,+++,219ms,8143us,6004us,42408us,4716us,36111us,8349us,4333us,"
      "9763us,11548us,146us,7781us\n";
  const std::string old_file = (dir.path() / "old.csv").string();
  std::ofstream(old_file) << old_line;
  const auto old_vs_new = test::run_bench({"compare", old_file, "bonnie_buffered.csv"});
  CHECK(old_vs_new.exit_code == 0);
  const std::size_t first_rate = old_vs_new.out.find(" 298 KiB/s ");  // both groups' rows of figures
  REQUIRE(first_rate != std::string::npos);
  CHECK(old_vs_new.out.find(" 298 KiB/s ", first_rate + 1) != std::string::npos);
  CHECK(old_vs_new.out.find("× ") != std::string::npos);
  CHECK(old_vs_new.out.find("CPU about the same") != std::string::npos);
  const auto twice = test::run_program({BENCH_BINARY, "compare", "-", "-"}, old_line);
  CHECK(twice.exit_code == 2);
}

TEST_CASE("compare: outputs to files, and the same writers as on stdout") {
  test::TempDir dir;
  const std::string csv = (dir.path() / "c.csv").string();
  const std::string json = (dir.path() / "c.json").string();
  const std::string html = (dir.path() / "c.html").string();
  const auto result = compare({"host_x3.csv", "guest_x3.csv", "--csv", csv, "--json", json, "--html", html});
  CHECK(result.exit_code == 0);
  CHECK(result.out == test::read_file(kFixtures / "golden" / "repeated.txt"));
  CHECK(test::read_file(csv) == compare({"host_x3.csv", "guest_x3.csv", "--csv", "-"}).out);
  CHECK(test::read_file(json) == compare({"host_x3.csv", "guest_x3.csv", "--json", "-"}).out);
  CHECK(test::read_file(html) == compare({"host_x3.csv", "guest_x3.csv", "--html", "-"}).out);
}

TEST_CASE("compare: --help prints the usage, the main help mentions compare") {
  const auto help = test::run_bench({"compare", "--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.starts_with("usage: bench++ compare BASE [OTHER...] [options]\n"));
  CHECK(test::run_bench({"--help"}).out.find("bench++ compare") != std::string::npos);
}

}  // namespace
}  // namespace bench
