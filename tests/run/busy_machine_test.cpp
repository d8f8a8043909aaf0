// The busy-machine figure and note through the real binary: beside a CPU load in a session of its own (every CPU
// kept busy, as a build or another tenant would), the run records a large share and its text says so; without it
// the figure is still recorded, and the note follows the figure (the machine running the tests may be busy).
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "result/busy_machine.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;

// `spinners` processes that only spin, in a session of their own (as `setsid` starts a load), killed together
// (their process group) when the object goes, or with the test when it dies.
class CpuLoad {
 public:
  explicit CpuLoad(unsigned spinners) {
    leader_ = ::fork();
    REQUIRE(leader_ >= 0);
    if (leader_ != 0) return;
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    ::setsid();
    for (unsigned i = 1; i < spinners; ++i) {
      if (::fork() == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        break;
      }
    }
    volatile unsigned long turns = 0;
    while (true) turns = turns + 1;
  }
  ~CpuLoad() {
    ::kill(-leader_, SIGKILL);  // the session's group: every spinner
    ::kill(leader_, SIGKILL);   // one not yet a session's leader has made no spinner yet
    int status = 0;
    ::waitpid(leader_, &status, 0);
  }
  CpuLoad(const CpuLoad&) = delete;
  CpuLoad& operator=(const CpuLoad&) = delete;

 private:
  pid_t leader_ = -1;
};

// Whether spinners started here can keep every CPU that /proc/stat counts busy: none kept from this process by its
// affinity or a cgroup's CPU quota (cgroup v2 cpu.max), as in a container limited to fewer CPUs than the host's.
bool spinners_fill_machine(unsigned cpus) {
  unsigned machine = 0;
  for (const std::string& line : test::lines_of(test::read_file("/proc/stat"))) {
    if (line.starts_with("cpu") && line.size() > 3 && line[3] != ' ') ++machine;
  }
  std::ifstream quota_file("/sys/fs/cgroup/cpu.max");
  std::string quota;
  double period = 0;
  if (quota_file >> quota >> period && quota != "max" && period > 0 && std::stod(quota) / period < cpus) return false;
  return machine == cpus;
}

struct BusyRun {
  test::CommandOutput output;
  nlohmann::json figure;  // the JSON report's other_cpu_percent
};

// A light job (rate_iops: its thread mostly waits) for 2 s, its text on stdout and its JSON report read back.
BusyRun run_light_job() {
  const test::TempDir dir;
  const fs::path json = dir.path() / "out.json";
  fs::create_directory(dir.path() / "run");
  BusyRun run;
  run.output = test::run_bench({"job", "-d", (dir.path() / "run").string(), "--name=light", "--rw=randread",
                                "--bs=4k", "--size=1m", "--rate_iops=500", "--runtime=2", "--time_based", "--json",
                                json.string()});
  INFO("stderr:\n" << run.output.err);
  REQUIRE(run.output.exit_code == 0);
  run.figure = nlohmann::json::parse(test::read_file(json)).at("runs").at(0).at("other_cpu_percent");
  return run;
}

}  // namespace

TEST_CASE("busy machine: beside a load in another session the run records others' share, and its text notes it") {
  const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
  if (test::skip_unless(spinners_fill_machine(cpus), test::Need::kMachine,
                        "this process may not use every CPU of the machine (affinity or a cgroup's CPU quota)")) {
    return;
  }
  BusyRun busy;
  {
    const CpuLoad load(cpus);
    busy = run_light_job();
  }
  INFO("stdout:\n" << busy.output.out);
  REQUIRE(busy.figure.is_number_unsigned());
  const auto percent = busy.figure.get<std::uint64_t>();
  // The spinners alone keep every CPU busy but what the light job and the kernel take: far above the threshold,
  // whatever else the machine runs.
  CHECK(percent > 60);
  CHECK(percent <= 100);
  CHECK(test::contains(busy.output.out, fmt::format("Note: other processes used {} % of the machine's CPU time "
                                                    "during the run (bench++'s own not counted)",
                                                    percent)));
}

TEST_CASE("busy machine: without a load the figure is recorded, and the note is there only above the threshold") {
  const BusyRun quiet = run_light_job();
  REQUIRE(quiet.figure.is_number_unsigned());  // the machine running the tests may be busy: no figure is assumed
  const auto percent = quiet.figure.get<std::uint64_t>();
  CHECK(percent <= 100);
  CHECK(test::contains(quiet.output.out, "Note: other processes used ") == (percent > kBusyMachinePercent));
}

}  // namespace bench
