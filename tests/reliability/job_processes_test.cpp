// Workload jobs in processes of their own (phases/workload/job_process.h), as fio's jobs are, through the real binary: the
// processes are there while the jobs run and gone after, thread= keeps the jobs threads, the plan says which, a stop
// signal ends them and removes every file, and a job that fails in its process fails alone with its error.
#include <doctest/doctest.h>

#include <dirent.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "reliability/background_process.h"
#include "test_support.h"

namespace bench {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// The child processes of `pid` now (every thread's /proc children list).
std::set<pid_t> children_of(pid_t pid) {
  std::set<pid_t> children;
  const fs::path tasks = fs::path("/proc") / std::to_string(pid) / "task";
  std::error_code error;
  for (const fs::directory_entry& task : fs::directory_iterator(tasks, error)) {
    std::ifstream list(task.path() / "children");
    for (pid_t child = 0; list >> child;) children.insert(child);
  }
  return children;
}

// The session of process `pid` (the 6th field of /proc/PID/stat), or -1 when it is gone.
pid_t session_of(pid_t pid) {
  std::ifstream stat(fs::path("/proc") / std::to_string(pid) / "stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t after_name = text.rfind(')');  // the name, in parentheses, may hold anything
  if (after_name == std::string::npos) return -1;
  std::istringstream fields(text.substr(after_name + 1));
  std::string state;
  pid_t parent = 0;
  pid_t group = 0;
  pid_t session = -1;
  fields >> state >> parent >> group >> session;
  return fields ? session : -1;
}

struct ChildrenSeen {
  std::size_t most = 0;          // the most child processes at once
  bool each_own_session = true;  // every child seen more than once led a session of its own at its last sample
                                 // (as fio's job processes do; one seen once may be between its fork and setsid)
};

// What `job`'s child processes were while it ran, sampled for `span` after "Running NAME..." appeared.
ChildrenSeen children_while_running(test::BackgroundProcess& job, const std::string& name,
                                    std::chrono::milliseconds span) {
  REQUIRE(job.wait_for_stderr("Running " + name + "...", 30s));
  ChildrenSeen seen;
  struct Samples {
    int count = 0;
    bool own_session = false;  // at the last sample
  };
  std::map<pid_t, Samples> samples;
  const auto until = std::chrono::steady_clock::now() + span;
  while (std::chrono::steady_clock::now() < until) {
    const std::set<pid_t> children = children_of(job.pid());
    seen.most = std::max(seen.most, children.size());
    for (const pid_t child : children) {
      const pid_t session = session_of(child);
      if (session == -1) continue;  // gone meanwhile
      Samples& child_samples = samples[child];
      ++child_samples.count;
      child_samples.own_session = session == child;
    }
    std::this_thread::sleep_for(10ms);
  }
  for (const auto& [child, child_samples] : samples) {
    if (child_samples.count > 1 && !child_samples.own_session) seen.each_own_session = false;
  }
  return seen;
}

std::vector<std::string> posixaio_job(const fs::path& dir, std::vector<std::string> more) {
  return test::with({"job", "-d", dir.string(), "--name=aio", "--ioengine=posixaio", "--rw=randwrite", "--bs=4k",
                     "--size=1m", "--iodepth=4", "--numjobs=3", "--runtime=60", "--time_based"},
                    more);
}

}  // namespace

TEST_CASE("job processes: each posixaio job is a process of its own while it runs, and with --thread none is") {
  const test::TempDir dir;
  test::BackgroundProcess processes(test::bench_command(posixaio_job(dir.path(), {})));
  const ChildrenSeen seen = children_while_running(processes, "aio", 500ms);
  CHECK(seen.most == 3);
  CHECK(seen.each_own_session);  // fio's job process calls setsid(): a scheduling group of its own
  processes.send_signal(SIGINT);
  const test::CommandOutput stopped = processes.finish(20s);
  INFO("stderr:\n" << stopped.err);
  CHECK(stopped.exit_code == 130);
  CHECK(test::list_tree(dir.path()).empty());  // every job's file removed, by the parent that made them

  test::BackgroundProcess threads(test::bench_command(posixaio_job(dir.path(), {"--thread"})));
  CHECK(children_while_running(threads, "aio", 500ms).most == 0);
  threads.send_signal(SIGINT);
  CHECK(threads.finish(20s).exit_code == 130);
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("job processes: every engine's job is a process of its own session, as fio's job, and with --thread none is") {
  const test::TempDir dir;
  for (const std::string engine : {"psync", "libaio"}) {
    CAPTURE(engine);
    const std::vector<std::string> job = {"job", "-d", dir.path().string(), "--name=own", "--ioengine=" + engine,
                                          "--rw=randread", "--bs=4k", "--size=1m", "--numjobs=2", "--runtime=60",
                                          "--time_based"};
    test::BackgroundProcess processes(test::bench_command(job));
    const ChildrenSeen seen = children_while_running(processes, "own", 500ms);
    CHECK(seen.most == 2);
    CHECK(seen.each_own_session);  // a scheduling autogroup each, as fio's job processes (backend.c: setsid())
    processes.send_signal(SIGINT);
    CHECK(processes.finish(20s).exit_code == 130);
    CHECK(test::list_tree(dir.path()).empty());

    test::BackgroundProcess threads(test::bench_command(test::with(job, {"--thread"})));
    CHECK(children_while_running(threads, "own", 500ms).most == 0);
    threads.send_signal(SIGINT);
    CHECK(threads.finish(20s).exit_code == 130);
    CHECK(test::list_tree(dir.path()).empty());
  }
}

TEST_CASE("job processes: the plan says which workloads' jobs are processes, and thread= in a group keeps its posixaio jobs threads") {
  const test::TempDir dir;
  const auto plan_of = [&](const std::vector<std::string>& args) {
    const test::CommandOutput out = test::run_bench(test::with(args, {"--dry-run", "--json", "-"}));
    INFO("stderr:\n" << out.err);
    REQUIRE(out.exit_code == 0);
    std::vector<bool> processes;
    const nlohmann::json plan = nlohmann::json::parse(out.out);
    for (const nlohmann::json& group : plan.at("groups")) {
      for (const nlohmann::json& planned : group) processes.push_back(planned.at("job_processes").get<bool>());
    }
    return processes;
  };
  const std::vector<std::string> base = {"job", "-d", dir.path().string(), "--size=1m"};
  CHECK(plan_of(test::with(base, {"--name=a", "--ioengine=posixaio", "--name=b", "--ioengine=io_uring",
                                  "--name=c", "--ioengine=psync"})) == std::vector<bool>{true, true, true});
  // thread= makes a job a thread, whatever its engine, as fio's thread.
  CHECK(plan_of(test::with(base, {"--name=a", "--ioengine=psync", "--thread", "--name=b", "--ioengine=io_uring"})) ==
        std::vector<bool>{false, true});
  // b (thread) runs its POSIX AIO in bench++'s process: a, in the same group, stays a thread; c, after a stonewall,
  // is a process again.
  CHECK(plan_of(test::with(base, {"--name=a", "--ioengine=posixaio", "--name=b", "--ioengine=posixaio", "--thread",
                                  "--name=c", "--stonewall", "--ioengine=posixaio", "--thread=0"})) ==
        std::vector<bool>{false, false, true});
  CHECK(test::list_tree(dir.path()).empty());
}

TEST_CASE("job processes: a run of posixaio processes reports every job's requests and CPU, and removes its files") {
  const test::TempDir dir;
  const fs::path json = dir.path() / "out.json";
  const test::CommandOutput result = test::run_bench(
      {"job", "-d", dir.path().string(), "-q", "--json", json.string(), "--name=aio", "--ioengine=posixaio",
       "--rw=randwrite", "--bs=4k", "--size=256k", "--iodepth=4", "--numjobs=2", "--loops=2"});
  INFO("stderr:\n" << result.err);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json tests = nlohmann::json::parse(test::read_file(json)).at("runs").at(0).at("tests");
  bool found = false;
  for (const nlohmann::json& test : tests) {
    if (test.at("workload").at("direction") != "write" || !test.at("workload").at("job").is_null()) continue;
    found = true;
    CHECK(test.at("operations") == 2 * 2 * 64);  // two jobs, two loops of 256 KiB in 4 KiB requests
    CHECK(test.at("workers") == 2);
    CHECK(test.at("cpu_sec").get<double>() > 0);  // the job processes' CPU, counted once they ended
  }
  CHECK(found);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"out.json"});

  // Over a second, the CPU the group's window counts fits in what the machine's CPUs give in it: the processes'
  // set-up before the start line is taken out (their exit, a few milliseconds, is not measured).
  const test::CommandOutput timed = test::run_bench(
      {"job", "-d", dir.path().string(), "-q", "--json", json.string(), "--name=aio", "--ioengine=posixaio",
       "--rw=randwrite", "--bs=4k", "--size=256k", "--iodepth=4", "--numjobs=2", "--time_based", "--runtime=1",
       "--group_reporting"});
  INFO("stderr:\n" << timed.err);
  REQUIRE(timed.exit_code == 0);
  const nlohmann::json timed_tests = nlohmann::json::parse(test::read_file(json)).at("runs").at(0).at("tests");
  for (const nlohmann::json& test : timed_tests) {
    if (test.at("workload").at("direction") != "write") continue;
    const double cpu = test.at("cpu_sec").get<double>();
    CHECK(cpu > 0);
    CHECK(cpu <= test.at("elapsed_sec").get<double>() * std::thread::hardware_concurrency() * 1.05 + 0.05);
  }
}

TEST_CASE("job processes: a posixaio job that fails in its process fails alone, with its error") {
  const test::TempDir dir;
  // A file of zeros read with verify=crc32c: a verify mismatch (EILSEQ) in the job's process, while the other
  // job, time-based, runs its full time.
  const fs::path zeros = dir.path() / "zeros";
  std::ofstream(zeros) << std::string(64 << 10, '\0');
  const fs::path job = dir.path() / "failing.fio";
  std::ofstream(job) << "[global]\nioengine=posixaio\niodepth=4\n"
                     << "[bad]\nrw=read\nfilename=" << zeros.string() << "\nsize=64k\nverify=crc32c\n"
                     << "[long]\nrw=write\nsize=256k\ntime_based\nruntime=1\n";
  const fs::path json = dir.path() / "out.json";
  const test::CommandOutput result =
      test::run_bench({"job", "-d", dir.path().string(), "-q", "--json", json.string(), job.string()});
  INFO("stderr:\n" << result.err);
  CHECK(result.exit_code == 1);
  CHECK(test::contains(result.err, "bad"));
  const nlohmann::json tests = nlohmann::json::parse(test::read_file(json)).at("runs").at(0).at("tests");
  bool bad_failed = false;
  bool long_wrote = false;
  for (const nlohmann::json& test : tests) {
    const nlohmann::json& workload = test.at("workload");
    if (workload.at("name") == "bad" && workload.contains("error") && !workload.at("error").is_null()) {
      bad_failed = workload.at("error").at("code") == 84;  // EILSEQ, as fio's verify failure
    }
    if (workload.at("name") == "long" && workload.at("direction") == "write") long_wrote = test.at("operations") > 0;
  }
  CHECK(bad_failed);
  CHECK(long_wrote);
  CHECK(test::list_tree(dir.path()) == std::vector<std::string>{"failing.fio", "out.json", "zeros"});
}

}  // namespace bench
