// The MPI mode end to end: the real bench++ under `mpirun --oversubscribe -np 3` on one machine (built with
// -DBENCH_WITH_MPI=ON only). Small sizes. Checks that the whole is the sum of the ranks, that every rank made its
// files and nothing is left, that the ranks' histograms merge exactly, that only rank 0 writes, and that one
// rank failing stops them all with its message.
//
// The failing rank: mpirun's MPMD form (`-np 1 A : -np 1 B : ...`) starts rank 1 through `sh`, which ignores
// SIGXFSZ and lowers the file size limit (ulimit -f) below the test file's size, so rank 1's plan refuses the run
// (its own limits, plan/resource_limits.h). No hook in bench++ itself.
// Ctrl-C: SIGINT to mpirun, which passes a signal on to every rank; each rank cleans up as bench++ does alone.
#include <doctest/doctest.h>

#include <csignal>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "mpi/mpi_test_support.h"
#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

using nlohmann::json;

// Under `timeout`, so a rank left waiting fails the test instead of hanging it; more ranks than cores.
std::vector<std::string> mpirun(int ranks) {
  std::vector<std::string> argv = test::with({"timeout", "300"}, test::mpirun_command(ranks));
  argv.insert(argv.begin() + 3, "--oversubscribe");
  return argv;
}

std::vector<std::string> bench_args(const test::TempDir& dir, const std::vector<std::string>& more) {
  std::vector<std::string> args{"-d", dir.path().string(), "-r", "0", "-q"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

using test::count_of;
using test::mpirun_usable;

TEST_CASE("mpirun -np 3 -c 2: the whole is the sum of the ranks, histograms merge exactly, nothing is left") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "run.json";
  std::vector<std::string> argv = mpirun(3);
  argv.push_back(BENCH_BINARY);
  // --verify: every worker of every rank reads back its own data (the ranks share rank 0's seed).
  for (const auto& a : bench_args(dir, {"-s", "1M:4k", "-f", "-n", "1:4k:1k:2", "--sync-size", "23000", "-c", "2",
                                        "--verify", "--json", json_path.string()})) {
    argv.push_back(a);
  }
  const auto result = test::run_program(argv);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());  // every rank's files removed, and the run directory
  CHECK(count_of(result.out, "\n") == 1);     // one bonnie++ CSV line: only rank 0 writes
  CHECK(count_of(result.err, "MPI: 3 ranks x 2 workers on 1 host") == 1);
  // The ranks section after the Measured table: a row per test, the slowest rank on this host.
  const std::size_t ranks_at = result.err.find("\nRanks (3) ");
  REQUIRE(ranks_at != std::string::npos);
  CHECK(result.err.find("\nMeasured ") < ranks_at);
  CHECK(result.err.find("\nBlock write ", ranks_at) != std::string::npos);
  CHECK(result.err.find("\nRandom delete ", ranks_at) != std::string::npos);

  const json doc = json::parse(test::read_file(json_path));
  REQUIRE(doc["runs"].size() == 1);
  const json& run = doc["runs"][0];
  CHECK(run["ranks"] == 3);
  CHECK(run["concurrency"] == 2);
  CHECK(run["hosts"].size() == 1);
  REQUIRE(run["tests"].size() >= 8);
  // One row per test in the ranks section, each naming its slowest rank on the one host.
  CHECK(count_of(result.err.substr(ranks_at), " (" + run["hosts"][0].get<std::string>() + ")\n") ==
        run["tests"].size());
  for (const json& test : run["tests"]) {
    const std::string name = test["test"];
    INFO(name);
    const json& across = test["mpi"];
    REQUIRE(across.is_object());
    REQUIRE(across["per_rank"].size() == 3);
    CHECK(test["workers"] == 6);
    std::uint64_t operations = 0;
    std::uint64_t bytes = 0;
    std::uint64_t samples = 0;
    std::uint64_t min_ns = UINT64_MAX;
    std::uint64_t max_ns = 0;
    double cpu = 0;
    for (std::size_t r = 0; r < 3; ++r) {
      const json& part = across["per_rank"][r];
      CHECK(part["rank"] == r);
      CHECK(part["workers"] == 2);
      operations += part["operations"].get<std::uint64_t>();
      bytes += part["bytes"].get<std::uint64_t>();
      cpu += part["cpu_sec"].get<double>();
      samples += part["latency"]["count"].get<std::uint64_t>();
      min_ns = std::min(min_ns, part["latency"]["min_ns"].get<std::uint64_t>());
      max_ns = std::max(max_ns, part["latency"]["max_ns"].get<std::uint64_t>());
      CHECK(part["end_sec"].get<double>() - part["start_sec"].get<double>() <=
            test["elapsed_sec"].get<double>() + 1e-9);
      if (name == "seq_create") CHECK(part["operations"] == 2 * 1024);  // each rank made its own files
    }
    CHECK(test["operations"] == operations);
    CHECK(test["bytes"] == bytes);
    CHECK(test["cpu_sec"].get<double>() == doctest::Approx(cpu));
    CHECK(test["latency"]["count"] == samples);
    CHECK(test["latency"]["min_ns"] == min_ns);
    CHECK(test["latency"]["max_ns"] == max_ns);
    CHECK(across["first_done_sec"].get<double>() <= across["last_done_sec"].get<double>());
    CHECK(across["last_done_sec"].get<double>() == doctest::Approx(test["elapsed_sec"].get<double>()));
    if (name == "block_write") CHECK(test["bytes"] == 3 * 2 * (1 << 20));
  }
}

TEST_CASE("mpirun -np 3: one rank's limit refusing its plan stops every rank with its message, and nothing is left") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  const std::vector<std::string> args = bench_args(dir, {"-s", "2M:4k", "-f", "-n", "0", "--no-sync-test"});
  // TCP between the ranks: Open MPI's shared memory would meet rank 1's file size limit too.
  std::vector<std::string> argv = mpirun(1);
  argv.insert(argv.begin() + 5, {"--mca", "btl", "self,tcp"});
  argv.push_back(BENCH_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  // Rank 1: files beyond 512 KiB cannot be written (EFBIG): its plan refuses -s 2M (plan/resource_limits.h).
  argv.insert(argv.end(), {":", "-np", "1", "sh", "-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" \"$@\"",
                           BENCH_BINARY});
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.end(), {":", "-np", "1", BENCH_BINARY});
  argv.insert(argv.end(), args.begin(), args.end());
  const auto result = test::run_program(argv);
  INFO(result.err);
  CHECK(result.exit_code == 2);
  // Said once, by rank 0.
  REQUIRE(count_of(result.err, "bench++: ") == 1);
  const std::string line = result.err.substr(result.err.find("bench++: "));
  CHECK(line.rfind("bench++: rank 1 (", 0) == 0);
  CHECK(line.find("): -s: each worker's test file of 2.0 MiB is larger than the file size limit (ulimit -f) of 512.0 "
                  "KiB\n") != std::string::npos);
  CHECK(result.out.empty());
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("mpirun -np 3: a usage error and --version are said once, by rank 0, and mpirun exits 2 and 0") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  std::vector<std::string> argv = mpirun(3);
  argv.insert(argv.end(), {BENCH_BINARY, "-d", dir.path().string(), "-s", "5X"});
  const auto bad = test::run_program(argv);
  CHECK(bad.exit_code == 2);
  CHECK(count_of(bad.err, "bench++: ") == 1);
  CHECK(bad.err.find("bench++: invalid -s value '5X'") != std::string::npos);
  CHECK(bad.out.empty());
  argv = mpirun(3);
  argv.insert(argv.end(), {BENCH_BINARY, "--version"});
  const auto version = test::run_program(argv);
  CHECK(version.exit_code == 0);
  CHECK(version.out == "bench++ " BENCH_VERSION "\n");
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("mpirun -np 2: Ctrl-C to mpirun mid-run stops every rank, non-zero, and nothing is left") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  // Not under `timeout`: it passes a signal on to mpirun and then to its whole process group, mpirun again
  // included, and a second Ctrl-C makes mpirun kill the ranks at once (SIGKILL), files left behind. The
  // BackgroundProcess's deadline stands in for it.
  std::vector<std::string> argv = mpirun(2);
  argv.erase(argv.begin(), argv.begin() + 2);
  REQUIRE(argv.front() == "mpirun");
  argv.push_back(BENCH_BINARY);
  for (const auto& a : bench_args(dir, {"-s", "256M", "-n", "0", "--no-sync-test"})) argv.push_back(a);
  test::BackgroundProcess run(argv);
  // Both ranks' test files exist: the per-char write is under way (one-byte writes: many seconds for 256 MiB).
  const auto both_writing = [&dir] {
    std::size_t files = 0;
    for (const auto& entry : test::list_tree(dir.path())) files += entry.ends_with("/data") ? 1 : 0;
    return files == 2;
  };
  REQUIRE(run.wait_until(both_writing, std::chrono::seconds(60)));
  run.send_signal(SIGINT);
  const auto result = run.finish(std::chrono::seconds(60));
  INFO(result.err);
  CHECK(result.exit_code != 0);
  CHECK(result.exit_code != 137);  // not left hanging until killed
  CHECK(result.out.find("1.98,") == std::string::npos);  // no CSV line for a run that did not finish
  // A rank may still be removing its files for a moment after mpirun returned; one that was killed never will.
  std::vector<std::string> left = test::list_tree(dir.path());
  for (int wait = 0; wait < 50 && !left.empty(); ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    left = test::list_tree(dir.path());
  }
  std::string listing;
  for (const auto& entry : left) listing += entry + " ";
  INFO("left behind: " << listing);
  CHECK(left.empty());
}

}  // namespace
}  // namespace bench
