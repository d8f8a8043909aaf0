// What --dry-run says of a run's duration (plan/plan_duration.h), read from its JSON plan and its text: the
// clock's part exactly, the work the disk's speed decides counted from the plan's own figures.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "plan/plan_duration.h"
#include "test_support.h"

namespace bench {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

struct DryRun {
  nlohmann::json plan;
  std::string text;
};

DryRun dry_run(std::vector<std::string> args) {
  const test::TempDir dir;
  args.insert(args.end(), {"-d", dir.path().string(), "--dry-run"});
  const test::CommandOutput text = test::run_bench(args);
  INFO(text.err);
  REQUIRE(text.exit_code == 0);
  args.insert(args.end(), {"--json", "-"});
  const test::CommandOutput json = test::run_bench(args);
  REQUIRE(json.exit_code == 0);
  return {nlohmann::json::parse(json.out), text.out};
}

WorkloadSpec timed_workload(const std::string& name, int runtime_s, int ramp_s, bool stonewall) {
  WorkloadSpec spec;
  spec.name = name;
  spec.time_based = runtime_s > 0;
  spec.runtime = std::chrono::seconds(runtime_s);
  spec.ramp_time = std::chrono::seconds(ramp_s);
  spec.stonewall = stonewall;
  return spec;
}

TEST_CASE("plan duration: each group's clock time, the longest of its workloads, or none when work decides it") {
  Plan plan;
  // Group 1: a (2 s + 1 s ramp) beside b (1 s); group 2: c, size-bound; group 3: d (4 s).
  plan.setup.workloads = {timed_workload("a", 2, 1, false), timed_workload("b", 1, 0, false),
                          timed_workload("c", 0, 0, true), timed_workload("d", 4, 0, true)};
  plan.groups = group_tests(plan.setup, 1);
  REQUIRE(plan.groups.size() == 3);
  const std::vector<std::optional<std::chrono::nanoseconds>> durations = group_clock_durations(plan);
  REQUIRE(durations.size() == 3);
  CHECK(durations[0] == std::chrono::seconds(3));
  CHECK_FALSE(durations[1].has_value());
  CHECK(durations[2] == std::chrono::seconds(4));
  // bonnie++'s tests: their work decides.
  Plan bonnie;
  bonnie.setup.sync_test = SyncTestSpec{};
  bonnie.groups = group_tests(bonnie.setup, 1);
  REQUIRE(group_clock_durations(bonnie).size() == 1);
  CHECK_FALSE(group_clock_durations(bonnie).front().has_value());
}

TEST_CASE("plan duration: time_based runs take their start delay, ramp and runtime, the longest of each group") {
  const DryRun run = dry_run({"job", "-x", "2", "--name=a", "--rw=read", "--size=1m", "--runtime=2", "--time_based",
                              "--ramp_time=1", "--name=b", "--rw=read", "--size=1m", "--runtime=1", "--time_based",
                              "--startdelay=1", "--name=c", "--stonewall", "--rw=write", "--size=1m", "--runtime=4",
                              "--time_based"});
  // Group 1: a (1 + 2) beside b (1 + 1); group 2: c (4); two runs.
  CHECK(run.plan["duration"]["timed_seconds"].get<double>() == doctest::Approx(14.0));
  CHECK(run.plan["duration"]["bytes"] == 0);
  CHECK(test::contains(run.text, "Time: 14 s on the clock (time_based runtimes, ramps and start delays, 2 runs)\n"));
  CHECK_FALSE(test::contains(run.text, "Work at the disk's speed"));
}

TEST_CASE("plan duration: a workload that ends with its work moves its region per job and loop, or io_size=") {
  const DryRun run = dry_run({"job", "--name=a", "--rw=randrw", "--size=4m", "--numjobs=2", "--loops=3",
                              "--name=b", "--rw=write", "--size=8m", "--io_size=1m", "--numjobs=2"});
  CHECK(run.plan["duration"]["timed_seconds"].get<double>() == 0.0);
  CHECK(run.plan["duration"]["bytes"] == 4 * kMiB * 2 * 3 + kMiB * 2);
  CHECK(run.plan["duration"]["bytes_capped_by_runtime"] == false);
  CHECK(test::contains(run.text, "Work at the disk's speed: 26 MiB read and written (under 1 s at 100 MiB/s, under 1 s at 1 GiB/s)"));
  const DryRun capped = dry_run({"job", "--name=a", "--rw=read", "--size=4m", "--runtime=5"});
  CHECK(capped.plan["duration"]["bytes_capped_by_runtime"] == true);
  CHECK(test::contains(capped.text, "Work at the disk's speed: at most 4 MiB read and written"));
}

TEST_CASE("plan duration: bonnie++'s tests count their chunks, seeks, files and syncs from the plan's own figures") {
  const DryRun run = dry_run({"-s", "64M", "-n", "1", "-x", "3"});
  const nlohmann::json& io = run.plan["io"];
  const std::uint64_t file = io["file_size_bytes"];
  const std::uint64_t chunk = io["chunk_bytes"];
  // Per-char write and read, block write, the rewrite's read and write, block read, the seeks' chunks.
  const std::uint64_t once = 2 * io["per_char_bytes"].get<std::uint64_t>() / chunk * chunk + 4 * file +
                             io["seeks"].get<std::uint64_t>() * chunk;
  CHECK(run.plan["duration"]["bytes"] == 3 * once);
  CHECK(run.plan["duration"]["file_operations"] == 3 * 6 * run.plan["files"]["count"].get<std::uint64_t>());
  std::uint64_t syncs = 0;
  for (const auto& group : run.plan["groups"]) {
    if (group[0]["test"] == "fsync_latency") syncs = group[0]["expected_operations"];
  }
  CHECK(syncs > 0);
  CHECK(run.plan["duration"]["syncs"] == 3 * syncs);
  CHECK(test::contains(run.text, "file creates, stats and deletes, "));
  CHECK(test::contains(run.text, " fdatasync calls (laying files out not counted)\n"));
}

}  // namespace
}  // namespace bench
