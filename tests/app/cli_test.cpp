// Runs the real bench++ binary on a few MiB and checks what a user sees: streams, exit codes, files.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "report/json/json_report.h"
#include "test_support.h"

namespace bench {
namespace {

std::size_t field_count(const std::string& line) { return static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1; }

const std::vector<std::string> kQuick = {"-s", "1M:4k", "-f64k", "-n", "0", "--sync-size", "23000", "-r", "0"};

// A quick run in a fresh directory with -q that also writes the spreadsheet CSV and the JSON.
struct ReportedRun {
  test::TempDir dir;
  test::TempDir out_dir;
  std::filesystem::path csv = out_dir.path() / "r.csv";
  std::filesystem::path json = out_dir.path() / "r.json";

  test::CommandOutput run(const std::vector<std::string>& options) const {
    return test::run_bench(test::with(test::with(kQuick, {"-d", dir.path().string(), "-q"}),
                                      test::with(options, {"--csv", csv.string(), "--json", json.string()})));
  }
};

TEST_CASE("cli: -q prints only the CSV line on stdout, the table on stderr, and leaves the directory as it was") {
  test::TempDir dir;
  test::TempDir other;
  std::filesystem::create_directory(dir.path() / "keep");
  const auto before = test::list_tree(dir.path());
  const auto r = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "-q", "-m", "box"}));
  CHECK(r.exit_code == 0);
  const auto out = test::lines_of(r.out);
  REQUIRE(out.size() == 1);
  CHECK(field_count(out[0]) == 50);
  CHECK(out[0].rfind("1.98,", 0) == 0);
  CHECK(r.err.find("Sequential Output") != std::string::npos);
  CHECK(r.err.find("...done") == std::string::npos);  // -q: no progress
  CHECK(test::list_tree(dir.path()) == before);
}

TEST_CASE("cli: without -q the table and then the CSV line go to stdout, progress to stderr") {
  test::TempDir dir;
  const auto r = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "-m", "box"}));
  CHECK(r.exit_code == 0);
  const auto out = test::lines_of(r.out);
  REQUIRE(out.size() > 3);
  CHECK(out[0].rfind("Running on: ", 0) == 0);  // where it ran (tests/app/detect_test.cpp), then the table
  CHECK(out[1].rfind("Version", 0) == 0);
  CHECK(out.back().rfind("1.98,", 0) == 0);
  CHECK(r.err.find("Writing intelligently...done") != std::string::npos);
  CHECK(r.err.find("Writing with fdatasync...done") != std::string::npos);
  CHECK(r.out.find("Measured") != std::string::npos);
  CHECK(r.out.find("etcd") != std::string::npos);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("cli: -x 2 prints the 50-name header and one line per run, the summary on stderr") {
  test::TempDir dir;
  const auto r = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "-x", "2", "-q"}));
  CHECK(r.exit_code == 0);
  const auto out = test::lines_of(r.out);
  REQUIRE(out.size() == 3);
  CHECK(out[0].rfind("format_version,", 0) == 0);
  CHECK(field_count(out[0]) == 50);
  CHECK(field_count(out[1]) == 50);
  CHECK(field_count(out[2]) == 50);
  CHECK(r.err.find("Across 2 runs") != std::string::npos);
}

TEST_CASE("cli: usage errors exit 2 with one line and create nothing") {
  test::TempDir dir;
  const auto bad_size = test::run_bench({"-d", dir.path().string(), "-s", "12q"});
  CHECK(bad_size.exit_code == 2);
  CHECK(test::lines_of(bad_size.err).size() == 1);
  CHECK(bad_size.err.find("-s") != std::string::npos);
  CHECK(bad_size.out.empty());
  const auto missing_dir = test::run_bench({"-d", (dir.path() / "nope").string(), "-s", "1M"});
  CHECK(missing_dir.exit_code == 2);
  CHECK(missing_dir.err.find("nope") != std::string::npos);
  const auto unknown = test::run_bench({"--no-such-option"});
  CHECK(unknown.exit_code == 2);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("cli: --help and --version") {
  const auto help = test::run_bench({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("usage: bench++") != std::string::npos);
  const auto version = test::run_bench({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("bench++ ", 0) == 0);
}

TEST_CASE("cli: what only prints (help, version, detect, a dry run) fails when standard output cannot take it") {
  // stdout's buffer was flushed at exit, unchecked: "bench++ --help >/dev/full" exited 0 having printed nothing.
  const std::vector<std::string> commands = {"--help",         "--version",        "--detect",
                                             "job --help",     "suite --help",     "compare --help",
                                             "job --dry-run --name=x --size=1m", "suite tart --dry-run"};
  for (const std::string& command : commands) {
    CAPTURE(command);
    const test::CommandOutput full = test::run_program({"sh", "-c", std::string(BENCH_BINARY) + " " + command +
                                                                        " >/dev/full"});
    CHECK(full.exit_code == 1);
    CHECK(full.err == "bench++: cannot write standard output: No space left on device\n");
    const test::CommandOutput fine = test::run_program({"sh", "-c", std::string(BENCH_BINARY) + " " + command});
    CHECK(fine.exit_code == 0);
    CHECK_FALSE(fine.out.empty());
  }
}

TEST_CASE("cli: the spreadsheet CSV and JSON files get one row per test") {
  ReportedRun reported;
  const auto r = reported.run({});
  CHECK(r.exit_code == 0);
  const auto rows = test::lines_of(test::read_file(reported.csv));
  CHECK(rows.size() == 1 + 7);  // header + six I/O tests + fsync test
  const auto tool = test::run_program({"python3", "-m", "json.tool"}, test::read_file(reported.json));
  CHECK(tool.exit_code == 0);
}

TEST_CASE("cli: --seek-writes 0 runs read-only seeks and says so in every output but bonnie++'s") {
  ReportedRun reported;
  const auto& [dir, out_dir, csv, json] = reported;
  const auto r = reported.run({"--seek-writes", "0"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("\nRandom seeks write back 0 % of tickets (bonnie++: 10 %)\n") != std::string::npos);
  const auto out = test::lines_of(r.out);
  REQUIRE(out.size() == 1);
  CHECK(field_count(out[0]) == 50);  // bonnie++'s line has no field for it
  CHECK(test::read_file(json).find("\"seek_write_percent\": 0") != std::string::npos);
  const auto rows = test::lines_of(test::read_file(csv));
  REQUIRE(rows.size() > 1);
  CHECK(rows[0].find(",seekers,seek_write_percent,") != std::string::npos);
  // The default says nothing.
  const auto plain = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "-q"}));
  CHECK(plain.exit_code == 0);
  CHECK(plain.err.find("write back") == std::string::npos);
}

TEST_CASE("cli: --verify is recorded in JSON and the spreadsheet CSV, and said under the table") {
  ReportedRun reported;
  const auto& [dir, out_dir, csv, json] = reported;
  const auto r = reported.run({"--verify"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("\nReads checked against the data written (--verify): %CPU includes the check\n") !=
        std::string::npos);
  CHECK(test::read_file(json).find("\"verify\": true") != std::string::npos);
  const auto rows = test::lines_of(test::read_file(csv));
  REQUIRE(rows.size() > 1);
  CHECK(rows[0].find(",fsync_each,verify,") != std::string::npos);
  CHECK(rows[1].find(",0,0,1,") != std::string::npos);  // direct_io, fsync_each, verify
  const auto plain = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "-q", "--json", json.string()}));
  CHECK(plain.exit_code == 0);
  CHECK(plain.err.find("--verify") == std::string::npos);
  CHECK(test::read_file(json).find("\"verify\": false") != std::string::npos);
}

TEST_CASE("cli: a bad --seek-writes exits 2 with one line naming the option and the range") {
  test::TempDir dir;
  for (const std::string bad : {"101", "-5", "2.5", "", "ten"}) {
    CAPTURE(bad);
    const auto r = test::run_bench({"-d", dir.path().string(), "-s", "1M", "--seek-writes", bad});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    REQUIRE(test::lines_of(r.err).size() == 1);
    CHECK(r.err.find("--seek-writes") != std::string::npos);
    CHECK(r.err.find("from 0 to 100") != std::string::npos);
  }
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("cli: the JSON keeps every test's latency histogram, whose counts add up to its samples") {
  ReportedRun reported;
  REQUIRE(reported.run({}).exit_code == 0);
  const auto runs = read_json_report(test::read_file(reported.json), "r.json");
  REQUIRE(runs.size() == 1);
  REQUIRE(runs[0].phases.size() >= 6);
  for (const PhaseResult& phase : runs[0].phases) {
    CAPTURE(phase_key(phase.id()));
    REQUIRE(phase.latency.has_value());
    std::uint64_t counted = 0;
    for (const auto& [bucket, count] : phase.latency_histogram) counted += count;
    CHECK(counted == phase.latency->count);
  }
}

TEST_CASE("cli: --json - owns stdout") {
  test::TempDir dir;
  const auto r = test::run_bench(test::with(kQuick, {"-d", dir.path().string(), "--json", "-"}));
  CHECK(r.exit_code == 0);
  CHECK(r.out.front() == '{');
  CHECK(r.out.find("1.98,") == std::string::npos);
  CHECK(test::run_program({"python3", "-m", "json.tool"}, r.out).exit_code == 0);
}

}  // namespace
}  // namespace bench
