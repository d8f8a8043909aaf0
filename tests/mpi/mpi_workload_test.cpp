// The workload engine under MPI end to end: `mpirun --oversubscribe -np 3 bench++ job|suite ...` on one machine
// (built with -DBENCH_WITH_MPI=ON only), small sizes. Checks that rank 0 writes one report naming 3 ranks, that
// every figure of the whole is IOR's sum (all ranks' requests and bytes over the span from the earliest start to
// the latest end, as the per-rank parts in the JSON give them), that the latency histograms are merged by adding
// buckets (their counts add up to the ranks'), that the slowest rank is the one with the lowest rate, that each
// rank works on files of its own and nothing is left; and that one rank failing stops every rank with its
// message, a non-zero exit and nothing left.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "mpi/mpi_test_support.h"
#include "test_support.h"
#include "text/split.h"

namespace bench {
namespace {

using nlohmann::json;
using test::count_of;
using test::mpirun_usable;

constexpr int kRanks = 3;

// Under `timeout`, so a rank left waiting fails the test instead of hanging it; more ranks than cores.
std::vector<std::string> mpirun(int ranks) {
  std::vector<std::string> argv = test::with({"timeout", "300"}, test::mpirun_command(ranks));
  argv.insert(argv.begin() + 3, "--oversubscribe");
  return argv;
}

// The rate the slowest rank is chosen by: KiB/s for reads and writes, requests/s for syncs.
double rank_rate(const json& part) {
  return part["kib_per_sec"].is_null() ? part["ops_per_sec"].get<double>() : part["kib_per_sec"].get<double>();
}

// Checks one test of a run of kRanks ranks against its per-rank parts: the sums, IOR's span, the merged
// histogram, the slowest rank.
void check_whole_of_ranks(const json& test) {
  INFO(test["test"].get<std::string>());
  const json& across = test["mpi"];
  REQUIRE(across.is_object());
  const json& per_rank = across["per_rank"];
  REQUIRE(per_rank.size() == kRanks);
  std::uint64_t operations = 0;
  std::uint64_t bytes = 0;
  std::uint64_t samples = 0;
  std::uint32_t workers = 0;
  double earliest_start = per_rank[0]["start_sec"].get<double>();
  double latest_end = per_rank[0]["end_sec"].get<double>();
  std::uint32_t slowest = 0;
  for (std::uint32_t r = 0; r < kRanks; ++r) {
    const json& part = per_rank[r];
    CHECK(part["rank"] == r);
    operations += part["operations"].get<std::uint64_t>();
    bytes += part["bytes"].get<std::uint64_t>();
    samples += part["latency"]["count"].get<std::uint64_t>();
    workers += part["workers"].get<std::uint32_t>();
    earliest_start = std::min(earliest_start, part["start_sec"].get<double>());
    latest_end = std::max(latest_end, part["end_sec"].get<double>());
    CHECK(part["start_sec"].get<double>() >= 0);  // from the barrier before the group, on the rank's own clock
    if (rank_rate(part) < rank_rate(per_rank[slowest])) slowest = r;
  }
  CHECK(test["operations"] == operations);
  CHECK(test["bytes"] == bytes);
  CHECK(test["workers"] == workers);
  // IOR's figure: all the work over the span from the earliest start to the latest end.
  const double span = latest_end - earliest_start;
  CHECK(test["elapsed_sec"].get<double>() == doctest::Approx(span).epsilon(1e-6));
  CHECK(test["ops_per_sec"].get<double>() == doctest::Approx(static_cast<double>(operations) / span).epsilon(1e-6));
  if (!test["kib_per_sec"].is_null()) {
    CHECK(test["kib_per_sec"].get<double>() == doctest::Approx(static_cast<double>(bytes) / 1024 / span).epsilon(1e-6));
  }
  // The merged histogram: every rank's buckets added, so its counts are all the ranks' samples.
  std::uint64_t in_buckets = 0;
  for (const json& bucket : test["histogram"]) in_buckets += bucket[1].get<std::uint64_t>();
  CHECK(in_buckets == samples);
  CHECK(test["latency"]["count"] == samples);
  CHECK(samples == operations);
  CHECK(rank_rate(per_rank[across["slowest_rank"].get<std::uint32_t>()]) == rank_rate(per_rank[slowest]));
}

// The column of `name` in a spreadsheet CSV's header (its first name is quoted).
std::size_t column_of(const std::string& header, const std::string& name) {
  const std::vector<std::string_view> names = split(header, ',');
  const auto found = std::find(names.begin(), names.end(), name);
  REQUIRE(found != names.end());
  return static_cast<std::size_t>(found - names.begin());
}

TEST_CASE("mpirun -np 3 bench++ job: one report of 3 ranks, IOR's sums over the span, histograms merged") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "run.json";
  const auto csv_path = out.path() / "run.csv";
  std::vector<std::string> argv = mpirun(kRanks);
  // Two stonewall groups: random writes by two jobs (a row for each and one for both), then reads of a file
  // named by filename=, which each rank makes in its own directory.
  argv.insert(argv.end(), {BENCH_BINARY, "job", "-d", dir.path().string(), "-q", "--json", json_path.string(),
                           "--csv", csv_path.string(), "--name=writes", "--rw=randwrite", "--bs=4k", "--size=1m",
                           "--numjobs=2", "--name=reads", "--stonewall", "--rw=randread", "--bs=4k", "--size=512k",
                           "--filename=shared-name"});
  const auto result = test::run_program(argv);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());  // every rank's files and private directories removed
  CHECK(result.out.empty());
  CHECK(count_of(result.err, "MPI: 3 ranks on 1 host: ") == 1);  // one report, rank 0's
  CHECK(count_of(result.err, "\nworkload ") == 1);
  const std::size_t ranks_at = result.err.find("\nRanks (3) ");
  REQUIRE(ranks_at != std::string::npos);

  const json doc = json::parse(test::read_file(json_path));
  REQUIRE(doc["runs"].size() == 1);
  const json& run = doc["runs"][0];
  CHECK(run["ranks"] == kRanks);
  CHECK(run["hosts"].size() == 1);
  const json& tests = run["tests"];
  REQUIRE(tests.size() == 4);  // writes (both jobs), writes #0, writes #1, reads
  CHECK(tests[0]["test"] == "writes.write");
  CHECK(tests[3]["test"] == "reads.read");
  const std::vector<std::string> rank_rows = test::lines_of(result.err.substr(ranks_at + 1));
  REQUIRE(rank_rows.size() > tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    check_whole_of_ranks(tests[i]);
    const auto slowest = tests[i]["mpi"]["slowest_rank"].get<std::uint32_t>();
    CHECK(rank_rows[1 + i].ends_with("  " + std::to_string(slowest) + " (" + run["hosts"][0].get<std::string>() + ")"));
  }
  // Every rank did all of its own work: 1 MiB by each job, 512 KiB read from its own file.
  for (std::uint32_t r = 0; r < kRanks; ++r) {
    CHECK(tests[0]["mpi"]["per_rank"][r]["bytes"] == 2 * (1 << 20));
    CHECK(tests[1]["mpi"]["per_rank"][r]["bytes"] == 1 << 20);
    CHECK(tests[3]["mpi"]["per_rank"][r]["bytes"] == 512 << 10);
  }

  // The spreadsheet CSV: the same whole, one row per test.
  const std::vector<std::string> rows = test::lines_of(test::read_file(csv_path));
  REQUIRE(rows.size() == 1 + tests.size());
  const std::size_t operations = column_of(rows[0], "operations");
  for (std::size_t i = 0; i < tests.size(); ++i) {
    CHECK(std::string(split(rows[1 + i], ',').at(operations)) == std::to_string(tests[i]["operations"].get<std::uint64_t>()));
  }
}

TEST_CASE("mpirun -np 3 bench++ suite cdm: every workload's whole is the ranks' sum, on files of their own") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "cdm.json";
  std::vector<std::string> argv = mpirun(kRanks);
  // cdm: one shared test file (filename=cdm-test-file), here 51 MiB per rank, runs of 250 ms after 250 ms (long
  // enough for every workload to complete requests on a loaded machine).
  argv.insert(argv.end(), {BENCH_BINARY, "suite", "cdm", "-d", dir.path().string(), "-q", "--scale", "0.05", "-x",
                           "1", "--json", json_path.string()});
  const auto result = test::run_program(argv);
  INFO(result.err);
  REQUIRE(result.exit_code == 0);
  CHECK(test::list_tree(dir.path()).empty());
  CHECK(count_of(result.err, "MPI: 3 ranks on 1 host: ") == 1);
  CHECK(count_of(result.err, "CrystalDiskMark's table") == 1);
  const json doc = json::parse(test::read_file(json_path));
  REQUIRE(doc["runs"].size() == 1);
  const json& run = doc["runs"][0];
  CHECK(run["ranks"] == kRanks);
  CHECK(run["suite"] == "cdm");
  REQUIRE(run["tests"].size() == 8);
  for (const json& test : run["tests"]) check_whole_of_ranks(test);
}

// mpirun's MPMD form, rank 1 started as `rank_1_prefix... bench++ ARGS` and the others as `bench++ ARGS`.
std::vector<std::string> mpmd_with_rank_1(const std::vector<std::string>& args,
                                          const std::vector<std::string>& rank_1_args,
                                          const std::vector<std::string>& rank_1_prefix = {}) {
  std::vector<std::string> argv = mpirun(1);
  argv.insert(argv.begin() + 5, {"--mca", "btl", "self,tcp"});  // shared memory would meet rank 1's limits too
  argv.push_back(BENCH_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.end(), {":", "-np", "1"});
  argv.insert(argv.end(), rank_1_prefix.begin(), rank_1_prefix.end());
  argv.push_back(BENCH_BINARY);
  argv.insert(argv.end(), rank_1_args.begin(), rank_1_args.end());
  argv.insert(argv.end(), {":", "-np", "1", BENCH_BINARY});
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

// `args` on every rank, rank 1 with a file size limit of 512 KiB (ulimit -f, SIGXFSZ ignored, as bench++ ignores
// it too): its plan refuses a file it would make larger than that, and its writes past it fail for real with EFBIG, as
// a full disk's would.
test::CommandOutput run_with_rank_1_files_limited(const std::vector<std::string>& args) {
  return test::run_program(
      mpmd_with_rank_1(args, args, {"sh", "-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" \"$@\""}));
}

// The one line rank 0 says of a failure, from "bench++: " on. REQUIRES: it said exactly one.
std::string only_message(const std::string& err) {
  REQUIRE(count_of(err, "bench++: ") == 1);
  return err.substr(err.find("bench++: "));
}

TEST_CASE("mpirun -np 3 bench++ job: one rank's limit refusing its plan stops every rank with its message, nothing made") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "run.json";
  // A first group that every rank could run, then one whose 2 MiB file (laid out for reading) rank 1 cannot make
  // under its 512 KiB limit: each rank checks its own limits when it plans (plan/resource_limits.h), before any group.
  const std::vector<std::string> args{"job", "-d", dir.path().string(), "-q", "--json", json_path.string(),
                                      "--name=small", "--rw=randread", "--bs=4k", "--size=256k",
                                      "--name=large", "--stonewall", "--rw=read", "--bs=64k", "--size=2m"};
  const auto result = run_with_rank_1_files_limited(args);
  INFO(result.err);
  CHECK(result.exit_code == 2);
  // Said once, by rank 0: "bench++: rank 1 (<host>): workload 'large' creates a file of 2.0 MiB (large.0.0 in a
  // private directory in <dir>), larger than the file size limit (ulimit -f) of 512.0 KiB".
  const std::string line = only_message(result.err);
  CHECK(line.rfind("bench++: rank 1 (", 0) == 0);
  CHECK(line.find("workload 'large' creates a file of 2.0 MiB (large.0.0 in a private directory in " +
                  dir.path().string() + "), larger than the file size limit (ulimit -f) of 512.0 KiB\n") !=
        std::string::npos);
  CHECK_FALSE(std::filesystem::exists(json_path));
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("mpirun -np 3 bench++ job: a job failing on one rank fails alone, named with its rank, and the rest runs") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  test::TempDir out;
  const auto json_path = out.path() / "run.json";
  // A 2 MiB file written from empty (fallocate=none) whose writes past 512 KiB fail on rank 1 with EFBIG (its
  // limit) during the timed run: that job's own failure, as fio's. Then a later group.
  const std::vector<std::string> args{"job", "-d", dir.path().string(), "-q", "--json", json_path.string(),
                                      "--name=growing", "--rw=write", "--bs=64k", "--size=2m", "--fallocate=none",
                                      "--name=after", "--stonewall", "--rw=randread", "--bs=4k", "--size=256k"};
  const auto result = run_with_rank_1_files_limited(args);
  INFO(result.err);
  CHECK(result.exit_code == 1);
  // Said once, by rank 0: "bench++: workload 'growing': rank 1 (<host>): file size limit reached writing <file> at
  // offset 524288 (the file size limit (ulimit -f) of 512.0 KiB): File too large".
  const std::string line = only_message(result.err);
  CHECK(line.rfind("bench++: workload 'growing': rank 1 (", 0) == 0);
  CHECK(line.find("): file size limit reached writing ") != std::string::npos);
  CHECK(line.find("/growing.0.0 at offset 524288 (the file size limit (ulimit -f) of 512.0 KiB): File too large\n") !=
        std::string::npos);
  const json doc = json::parse(test::read_file(json_path));
  REQUIRE(doc["runs"].size() == 1);
  const json& tests = doc["runs"][0]["tests"];
  REQUIRE(tests.size() == 2);  // the failed workload's writes, with what each rank did, and the later group
  const json& writes = tests[0];
  CHECK(writes["test"] == "growing.write");
  check_whole_of_ranks(writes);
  CHECK(writes["mpi"]["per_rank"][0]["bytes"] == 2 * 1024 * 1024);  // the ranks that did not fail did it all
  CHECK(writes["mpi"]["per_rank"][1]["bytes"] == 512 * 1024);      // rank 1 up to its limit
  CHECK(writes["workload"]["error"]["code"] == 27);                  // EFBIG
  CHECK(writes["workload"]["error"]["message"].get<std::string>().rfind("rank 1 (", 0) == 0);
  CHECK(tests[1]["test"] == "after.read");
  check_whole_of_ranks(tests[1]);
  CHECK(tests[1]["operations"] == kRanks * 64);
  CHECK(test::list_tree(dir.path()).empty());  // every rank removed its files, the failing one included
}

TEST_CASE("mpirun -np 3 bench++ job: a rank whose directory does not exist stops every rank before anything is made") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  const std::string missing = (dir.path() / "not-here").string();
  const std::vector<std::string> options{"-q", "--name=w", "--rw=write", "--bs=4k", "--size=256k"};
  const auto result = test::run_program(mpmd_with_rank_1(test::with({"job", "-d", dir.path().string()}, options),
                                                         test::with({"job", "-d", missing}, options)));
  INFO(result.err);
  CHECK(result.exit_code == 2);  // a usage error on one rank is the job's
  REQUIRE(count_of(result.err, "bench++: ") == 1);
  const std::string line = result.err.substr(result.err.find("bench++: "));
  CHECK(line.rfind("bench++: rank 1 (", 0) == 0);
  CHECK(line.find(missing) != std::string::npos);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("mpirun -np 3 bench++ job: an absolute filename= is refused for writing, and read by every rank") {
  if (!mpirun_usable()) return;
  test::TempDir dir;
  const std::string shared = (dir.path() / "shared.dat").string();
  const auto job = [&](const std::string& rw) {
    std::vector<std::string> argv = mpirun(kRanks);
    argv.insert(argv.end(), {BENCH_BINARY, "job", "-d", dir.path().string(), "-q", "--name=one-file", "--rw=" + rw,
                             "--bs=4k", "--size=256k", "--filename=" + shared});
    return test::run_program(argv);
  };
  // Every rank would write the one file (or create it): refused, before anything is made.
  const auto writes = job("write");
  INFO(writes.err);
  CHECK(writes.exit_code == 2);
  REQUIRE(count_of(writes.err, "bench++: ") == 1);
  CHECK(writes.err.find("every MPI rank would write '" + shared + "'") != std::string::npos);
  CHECK(test::list_tree(dir.path()).empty());
  // An existing file that every rank only reads: each rank reads it whole, and it stays as it was.
  test::run_program({"dd", "if=/dev/zero", "of=" + shared, "bs=4096", "count=64", "status=none"});
  const auto reads = job("read");
  INFO(reads.err);
  CHECK(reads.exit_code == 0);
  CHECK(count_of(reads.err, "MPI: 3 ranks on 1 host: ") == 1);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"shared.dat"});
  CHECK(test::read_file(shared) == std::string(256 << 10, '\0'));
}

}  // namespace
}  // namespace bench
