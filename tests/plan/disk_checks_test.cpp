// The plan's checks against the disk (plan/disk_checks.h): which directories a plan makes things in, and that a
// directory that cannot hold them (/proc, /sys/kernel) is refused with one line naming it, leaving nothing behind.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "plan/disk_checks.h"
#include "result/errors.h"
#include "test_support.h"

namespace bench::test {
namespace {

namespace fs = std::filesystem;

WorkloadSpec workload(std::string name) {
  WorkloadSpec spec;
  spec.name = std::move(name);
  spec.pattern = IoPattern::kWrite;
  spec.size_bytes = 1 << 20;
  return spec;
}

Plan plan_of(const RunSetup& setup, const fs::path& directory) {
  PlanFacts facts;
  facts.directory = directory;
  facts.free_bytes_of_directory = std::uint64_t{1} << 40;
  facts.memory_bytes = std::uint64_t{1} << 33;
  return make_plan(setup, facts);
}

std::string refusal_of(const Plan& plan, const fs::path& directory) {
  try {
    check_plan_on_disk(plan, directory);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

bool proc_mounted() { return fs::exists("/proc/self"); }

}  // namespace

TEST_CASE("disk checks: the directories a plan makes things in, each once, with what it makes there") {
  const TempDir tmp;
  fs::create_directories(tmp.path() / "a");
  fs::create_directories(tmp.path() / "b");
  std::ofstream(tmp.path() / "existing") << std::string(1 << 20, 'e');
  RunSetup setup;
  setup.sync_test = SyncTestSpec{};  // a bonnie++ test: its private directory in -d
  setup.workloads.push_back(workload("own"));  // its private directory in -d as well
  WorkloadSpec spread = workload("spread");
  spread.jobs = 3;
  spread.directory = (tmp.path() / "a").string() + ":" + (tmp.path() / "b").string();
  setup.workloads.push_back(spread);
  WorkloadSpec named = workload("named");
  named.filename = "new-file";
  named.directory = (tmp.path() / "b").string();
  setup.workloads.push_back(named);
  WorkloadSpec reader = workload("reader");  // an existing file, only read: nothing made
  reader.pattern = IoPattern::kRead;
  reader.filename = "existing";
  setup.workloads.push_back(reader);
  const Plan plan = plan_of(setup, tmp.path());
  const std::vector<PlannedDirectory> directories = planned_directories(plan, tmp.path());
  REQUIRE(directories.size() == 4);
  CHECK(directories[0].path == tmp.path());
  CHECK(directories[0].use == DirectoryUse::kPrivateDirectory);
  CHECK(directories[0].option == "-d");
  CHECK(directories[0].user.empty());
  CHECK(directories[1].path == tmp.path() / "a");
  CHECK(directories[1].option == "directory=");
  CHECK(directories[1].user == "workload 'spread'");
  CHECK(directories[2].path == tmp.path() / "b");
  CHECK(directories[2].use == DirectoryUse::kPrivateDirectory);
  CHECK(directories[3].path == tmp.path() / "b");
  CHECK(directories[3].use == DirectoryUse::kFiles);
  CHECK(directories[3].option == "filename=");
  CHECK(refusal_of(plan, tmp.path()).empty());
  CHECK(list_tree(tmp.path()) == std::vector<std::string>{"a", "b", "existing"});  // the probes removed theirs
}

TEST_CASE("disk checks: a directory that takes no private directory or file is refused, naming it and why") {
  if (skip_unless(proc_mounted(), Need::kMachine, "/proc is not mounted here")) return;
  RunSetup bonnie;
  bonnie.sync_test = SyncTestSpec{};
  CHECK(refusal_of(plan_of(bonnie, "/proc"), "/proc") ==
        "directory '/proc' (-d) cannot hold the run's files: a directory cannot be made in it (No such file or "
        "directory)");
  RunSetup job;
  job.workloads.push_back(workload("x"));
  CHECK(refusal_of(plan_of(job, "/proc"), "/proc") ==
        "workload 'x': directory '/proc' (-d) cannot hold its files: a directory cannot be made in it (No such file or "
        "directory)");
  const TempDir tmp;
  job.workloads[0].jobs = 2;
  job.workloads[0].directory = tmp.path().string() + ":/proc";
  CHECK(test::contains(refusal_of(plan_of(job, tmp.path()), tmp.path()),
                       "workload 'x': directory '/proc' (directory=) cannot hold its files"));
  job.workloads[0].jobs = 1;
  job.workloads[0].directory = "/proc";
  job.workloads[0].filename = "new-file";
  CHECK(refusal_of(plan_of(job, tmp.path()), tmp.path()) ==
        "workload 'x': directory '/proc' (filename=) cannot hold its files: a file cannot be created in it (No such "
        "file or directory)");
  CHECK(list_tree(tmp.path()).empty());
}

}  // namespace bench::test
