// Stop signals at several points of a run: SIGINT, SIGTERM and SIGHUP during the I/O tests, the file
// tests' creation and the seekers' threads, a second SIGINT during the cleanup, and SIGPIPE from a closed
// reader of stdout. Every time: exit 130, "bench++: interrupted by signal N", and the -d directory exactly
// as it was (planted entries included). What was measured before is kept (table and --csv rows).
#include <doctest/doctest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <memory>

#include "reliability/background_process.h"
#include "reliability/scratch_mount.h"
#include "test_support.h"

namespace bench {
namespace {

using namespace std::chrono_literals;

// The directory of a run, with something of the user's in it.
struct TargetDir : test::RunDirectory {
  TargetDir() {
    std::filesystem::create_directory(path() / "keep");
    std::ofstream(path() / "keep" / "note") << "planted\n";
  }
};

std::string interrupted_by(int signal_number) {
  return "bench++: interrupted by signal " + std::to_string(signal_number) + "\n";
}

// True when `line` (ending in '\n') is a whole line of `text`: the error is not glued to a progress line.
bool has_line(const std::string& text, const std::string& line) {
  return text.rfind(line, 0) == 0 || text.find("\n" + line) != std::string::npos;
}

std::size_t line_count(const std::string& text) { return test::lines_of(text).size(); }

// Runs bench++ -d dir ARGS, waits for a progress line, sends the signals and returns the output.
test::CommandOutput interrupt_at(const TargetDir& dir, std::vector<std::string> args, std::string_view progress,
                                 const std::vector<int>& signals) {
  args.insert(args.begin(), {"-d", dir.path().string(), "-r", "0"});
  test::BackgroundProcess bench(test::bench_command(args));
  const bool reached = bench.wait_for_stderr(progress, 60s);
  CHECK_MESSAGE(reached, "never saw '" << progress << "': " << bench.err());
  for (int s : signals) bench.send_signal(s);
  return bench.finish();
}

TEST_CASE("reliability: a stop signal during the I/O tests exits 130 and leaves -d as it was") {
  TargetDir dir;
  const auto before = test::snapshot_tree(dir.path());
  const std::vector<std::string> io = {"-s", "64M:4k:20000:4", "-f", "-n", "0", "--no-sync-test"};
  int signal_number = 0;
  std::string progress;
  SUBCASE("SIGINT during the block write") {
    signal_number = SIGINT;
    progress = "Writing intelligently...";
  }
  SUBCASE("SIGTERM during the rewrite") {
    signal_number = SIGTERM;
    progress = "Rewriting...";
  }
  SUBCASE("SIGHUP while the seeker threads run") {
    signal_number = SIGHUP;
    progress = "Seeking randomly...";
  }
  const auto r = interrupt_at(dir, io, progress, {signal_number});
  CHECK(r.exit_code == 130);
  CHECK(has_line(r.err, interrupted_by(signal_number)));
  CHECK(test::snapshot_tree(dir.path()) == before);
}

// The per-char phases check for a stop once per chunk of one-byte calls (4 KiB here), not at their end: 128 MiB
// of one-byte writes take about a minute on the development VM, so a run that went on to the end of the
// phase would not be done within the 10 s allowed. (Both per-char phases share that loop.)
TEST_CASE("reliability: SIGINT during the per-char write stops it promptly, exits 130 and leaves -d as it was") {
  TargetDir dir;
  const auto before = test::snapshot_tree(dir.path());
  std::vector<std::string> args = {"-d", dir.path().string(), "-r", "0", "-s", "128M:4k", "-f128", "-n", "0",
                                   "--no-sync-test"};
  test::BackgroundProcess bench(test::bench_command(args));
  // The signal must come while the phase writes, not before its run() (the runner notices that one itself).
  const auto writing = [&] {
    const auto data = test::find_data_file(dir.path());
    std::error_code error;  // the file may be gone again (an early failure)
    const auto size = data ? std::filesystem::file_size(*data, error) : 0;
    return data && !error && size >= (64u << 10);
  };
  REQUIRE_MESSAGE(bench.wait_until(writing, 60s), bench.err());
  bench.send_signal(SIGINT);
  const auto r = bench.finish(10s);
  CHECK(r.exit_code == 130);
  CHECK(has_line(r.err, interrupted_by(SIGINT)));
  CHECK(test::snapshot_tree(dir.path()) == before);
}

TEST_CASE("reliability: SIGTERM during file creation exits 130 and leaves -d as it was") {
  TargetDir dir;
  const auto before = test::snapshot_tree(dir.path());
  const auto r = interrupt_at(dir, {"-s", "0", "-n", "16:0:0:4", "--no-sync-test"}, "Create files in sequential order",
                              {SIGTERM});
  CHECK(r.exit_code == 130);
  CHECK(has_line(r.err, interrupted_by(SIGTERM)));
  CHECK(test::snapshot_tree(dir.path()) == before);
}

TEST_CASE("reliability: a second SIGINT does not cut the cleanup short") {
  TargetDir dir;
  const auto before = test::snapshot_tree(dir.path());
  const auto r = interrupt_at(dir, {"-s", "128M:4k", "-f", "-n", "0", "--no-sync-test"}, "Writing intelligently...",
                              {SIGINT, SIGINT, SIGTERM});
  CHECK(r.exit_code == 130);
  // Signals that arrive together are handled in an order of the kernel's choosing: either is reported.
  CHECK((has_line(r.err, interrupted_by(SIGINT)) ||
         has_line(r.err, interrupted_by(SIGTERM))));
  CHECK(test::snapshot_tree(dir.path()) == before);
}

TEST_CASE("reliability: an interrupted run keeps the tests it completed in the table and the CSV file") {
  TargetDir dir;
  test::TempDir out;
  const auto csv = out.path() / "r.csv";
  const auto before = test::snapshot_tree(dir.path());
  const auto r = interrupt_at(dir, {"-s", "64M:4k:20000:4", "-f", "-n", "0", "--csv", csv.string()},
                              "Seeking randomly...", {SIGINT});
  CHECK(r.exit_code == 130);
  CHECK(r.out.find("Results of the tests completed before the failure") != std::string::npos);
  const std::string rows = test::read_file(csv);
  CHECK(line_count(rows) == 1 + 3);  // header, block write, rewrite, block read
  CHECK(rows.find(",block_write,") != std::string::npos);
  CHECK(rows.find(",rewrite,") != std::string::npos);
  CHECK(rows.find(",block_read,") != std::string::npos);
  CHECK(rows.find(",random_seeks,") == std::string::npos);
  CHECK(test::snapshot_tree(dir.path()) == before);
}

TEST_CASE("reliability: a closed reader of stdout (SIGPIPE) exits 130 and leaves -d as it was") {
  TargetDir dir;
  const auto before = test::snapshot_tree(dir.path());
  std::vector<std::string> args = {"-d", dir.path().string(), "-r", "0", "-s", "1M:4k:2000", "-f", "-n", "0",
                                   "--no-sync-test", "-x", "20"};
  test::BackgroundProcess bench(test::bench_command(args));
  SUBCASE("closed before the first line") {
    REQUIRE(bench.wait_for_stderr("Writing intelligently...", 60s));
  }
  SUBCASE("closed after the first lines") {
    REQUIRE(bench.wait_for_stdout(1, 60s));
  }
  bench.close_stdout();
  const auto r = bench.finish();
  CHECK(r.exit_code == 130);
  CHECK(has_line(r.err, interrupted_by(SIGPIPE)));
  CHECK(test::snapshot_tree(dir.path()) == before);
}

}  // namespace
}  // namespace bench
